/**
 * Provider codes end to end (supporting §8): the withdrawal request runs its payout job itself, so
 * the sandbox's documented test values come back as the request's answer: .33, .34 and .35 as
 * 400 {Message, Details {Code, Message}} with codes 33, 34, 35 (warnings), .41 as code 41 (an
 * error); over GraphQL the same code and words in the error's extensions. The refused withdrawal
 * stays in the history as REJECTED and its hold is released; an accepted one is recorded as the
 * provider answered; an unavailable provider leaves it pending for the job's retries.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildUser, sessionCookieFor } from '../../test/factories.ts';
import { ensureAccount, postTransaction, walletAccount, checkLedger } from '../ledger/ledger.service.ts';
import { SANDBOX_REFUSALS } from '../../integrations/payouts/sandbox.ts';
import { PAYOUT_JOB } from './earnings.service.ts';

const sandboxDir = mkdtempSync(path.join(tmpdir(), 'withdrawal-codes-'));
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ DATA_DIR: sandboxDir, PAYOUT_SANDBOX_STEP_MS: '0', PAYOUT_SANDBOX_WEBHOOK_URL: '' });
}, 180_000);
afterAll(async () => {
  await server.close();
  rmSync(sandboxDir, { recursive: true, force: true });
});

async function earner(amountMinor: bigint) {
  const user = await buildUser(server.prisma, { paypalEmail: 'payee@paypal.test', paypalFirstName: 'Pay', paypalLastName: 'Ee', paypalVerifiedAt: new Date() });
  const wallet = await walletAccount(server.prisma, user.id);
  const sales = await ensureAccount(server.prisma, { kind: 'SALES_CLEARING' });
  await postTransaction(server.prisma, { kind: 'SALES_POSTING', idempotencyKey: `codes-sales:${user.id}`, description: 'Royalties', entries: [{ accountId: sales.id, amountMinor: -amountMinor }, { accountId: wallet.id, amountMinor }] });
  return { user, cookie: await sessionCookieFor(server.prisma, user.id) };
}

async function withdraw(cookie: string, balance: string) {
  const res = await fetch(`${server.url}/api/financial/withdraw`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ balance }) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function balanceOf(cookie: string) {
  return (await (await fetch(`${server.url}/api/financial/balance`, { headers: { cookie } })).json()) as Record<string, unknown>;
}

test.each(['33', '34', '35', '41'])('REST: an amount ending .%s comes back as 400 with that code and the provider\u2019s words; the withdrawal is REJECTED and the hold released', async (code) => {
  const { user, cookie } = await earner(BigInt(`12${code}`));
  const res = await withdraw(cookie, `12.${code}`);
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({
    Message: 'HyperWallet did not accept the withdrawal.',
    Details: { Code: code, Message: SANDBOX_REFUSALS[code]![2] },
    code,
  });
  const w = await server.prisma.withdrawal.findFirstOrThrow({ where: { userId: user.id } });
  expect(w).toMatchObject({ status: 'REJECTED', errorCode: code });
  expect(res.body.withdrawalId).toBe(w.id);
  expect(await server.prisma.job.findFirstOrThrow({ where: { name: PAYOUT_JOB, uniqueKey: `withdrawal-payout:${w.id}` } })).toMatchObject({ status: 'SUCCEEDED', attempts: 1 });
  expect(await balanceOf(cookie)).toMatchObject({ amount: `12.${code}`, lockedAmount: '0.00' });
});

test('GraphQL: codes 33, 34 and 35 reach the client in the error extensions (withdrawalCode, detailMessage)', async () => {
  for (const code of ['33', '34', '35']) {
    const { cookie } = await earner(BigInt(`5${code}`));
    const res = await server.gql('mutation($a: String!) { withdraw(input: {amount: $a}) { created } }', { a: `5.${code}` }, { cookie });
    expect(res.body.errors?.[0]).toMatchObject({ message: 'HyperWallet did not accept the withdrawal.', extensions: { code: 'BAD_USER_INPUT', withdrawalCode: code, detailMessage: SANDBOX_REFUSALS[code]![2] } });
  }
});

test('an accepted payout answers 201 with what the provider said (FINALIZED at once in a zero-step sandbox); the ledger stays consistent', async () => {
  const { cookie } = await earner(20_00n);
  const res = await withdraw(cookie, '20.00');
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ statusName: 'APPROVED', payoutStatus: 'FINALIZED' });
  expect(await balanceOf(cookie)).toMatchObject({ amount: '0.00', lockedAmount: '0.00' });
  expect((await checkLedger(server.prisma)).problems).toEqual([]);
});

test('an unavailable provider (.50) answers 201 pending; the job is queued again for its retry', async () => {
  const { user, cookie } = await earner(7_50n);
  const res = await withdraw(cookie, '7.50');
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ statusName: 'PENDING', payoutStatus: null });
  const w = await server.prisma.withdrawal.findFirstOrThrow({ where: { userId: user.id } });
  const job = await server.prisma.job.findFirstOrThrow({ where: { name: PAYOUT_JOB, uniqueKey: `withdrawal-payout:${w.id}` } });
  expect(job).toMatchObject({ status: 'QUEUED', attempts: 1, lockedBy: null });
  expect(job.runAt.getTime()).toBeGreaterThan(Date.now());
  expect(await balanceOf(cookie)).toMatchObject({ lockedAmount: '7.50' });
});
