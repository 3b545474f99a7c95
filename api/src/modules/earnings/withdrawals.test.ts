/**
 * Withdrawals through both transports on a real database (PGlite; PostgreSQL with
 * TEST_DATABASE_URL): the error catalogue, holds, the payout job, webhooks, polling, concurrency,
 * authorization and bad input. The sandbox provider runs with zero-length status steps.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildUser, sessionCookieFor } from '../../test/factories.ts';
import { createLogger } from '../../logger.ts';
import { ensureAccount, postTransaction, walletAccount, checkLedger } from '../ledger/ledger.service.ts';
import { PAYOUT_JOB } from './earnings.service.ts';
import { pollPayouts, runPayout } from './payouts.service.ts';
import { SandboxPayoutProvider } from '../../integrations/payouts/sandbox.ts';
import { signWebhook, SIGNATURE_HEADER } from '../../integrations/payouts/payout-provider.ts';

const sandboxDir = mkdtempSync(path.join(tmpdir(), 'withdrawals-sandbox-'));
let server: TestServer;
let sandbox: SandboxPayoutProvider;
const logger = createLogger('error');

beforeAll(async () => {
  // The payout job is run by the tests themselves here (withdrawal-codes.test.ts covers the request running it).
  server = await startTestServer({ DATA_DIR: sandboxDir, PAYOUT_SANDBOX_STEP_MS: '0', PAYOUT_SANDBOX_WEBHOOK_URL: 'http://127.0.0.1:9/unused', WITHDRAWAL_APPROVAL_ABOVE: '1000', WITHDRAWAL_PAY_IN_REQUEST: 'false' });
  sandbox = new SandboxPayoutProvider(server.config.payouts);
});
afterAll(async () => {
  await server.close();
  rmSync(sandboxDir, { recursive: true, force: true });
});

const deps = () => ({ prisma: server.prisma, config: server.config, logger });

/** An artist with a linked PayPal account and `amountMinor` of posted earnings. */
async function earner(amountMinor: bigint, overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(server.prisma, { paypalEmail: 'payee@paypal.test', paypalFirstName: 'Pay', paypalLastName: 'Ee', paypalVerifiedAt: new Date(), ...overrides });
  if (amountMinor > 0n) {
    const wallet = await walletAccount(server.prisma, user.id);
    const sales = await ensureAccount(server.prisma, { kind: 'SALES_CLEARING' });
    await postTransaction(server.prisma, { kind: 'SALES_POSTING', idempotencyKey: `test-sales:${user.id}`, description: 'Royalties', entries: [{ accountId: sales.id, amountMinor: -amountMinor }, { accountId: wallet.id, amountMinor }] });
  }
  return { user, cookie: await sessionCookieFor(server.prisma, user.id) };
}

async function rest(method: string, p: string, cookie: string | null, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/api${p}`, { method, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    /* CSV */
  }
  return { status: res.status, body: json as Record<string, unknown> };
}

async function payoutJobsFor(withdrawalId: string) {
  return server.prisma.job.findMany({ where: { name: PAYOUT_JOB, uniqueKey: `withdrawal-payout:${withdrawalId}` } });
}

test('balance: amounts as 2-place decimal strings; no wallet yet is zero', async () => {
  const { cookie } = await earner(0n);
  expect((await rest('GET', '/financial/balance', cookie)).body).toEqual({ amount: '0.00', currency: 'USD', lockedAmount: '0.00', availableAmount: '0.00', isWalletExist: false, hasWithdrawals: false });
  const rich = await earner(123_45n);
  expect((await rest('GET', '/financial/balance', rich.cookie)).body).toMatchObject({ amount: '123.45', lockedAmount: '0.00', isWalletExist: true });
  expect((await rest('GET', '/financial/balance', null)).status).toBe(401);
});

test('a withdrawal holds the money, the job pays it, FINALIZED posts the WITHDRAWAL and the balance is zero', async () => {
  const { user, cookie } = await earner(250_00n);
  const res = await rest('POST', '/financial/withdraw', cookie, { balance: '250.00' });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ amount: '250.00', status: 1, statusName: 'PENDING' });
  expect((await rest('GET', '/financial/balance', cookie)).body).toMatchObject({ amount: '250.00', lockedAmount: '250.00', availableAmount: '0.00', hasWithdrawals: true });
  const id = String(res.body.id);
  expect(await payoutJobsFor(id)).toHaveLength(1);
  expect(await runPayout(deps(), id)).toBe('paid');
  const w = await server.prisma.withdrawal.findUniqueOrThrow({ where: { id } });
  expect(w).toMatchObject({ status: 'APPROVED', payoutStatus: 'FINALIZED' });
  expect(w.ledgerTransactionId).not.toBeNull();
  expect((await rest('GET', '/financial/balance', cookie)).body).toMatchObject({ amount: '0.00', lockedAmount: '0.00' });
  const audit = await server.prisma.auditEvent.findMany({ where: { entityId: id, subcategory: 'WITHDRAWAL' }, orderBy: { createdAt: 'asc' } });
  expect(audit.map((a) => (a.newValues as { step: string }).step)).toEqual(['requested', 'finalized']);
  // GraphQL sees the same: statement with running balances, history.
  const gql = await server.gql<{ viewer: { balance: { amount: string }; withdrawals: { status: string }[]; ledgerEntries: { totalCount: number; nodes: { kind: string; amount: string; runningBalance: string }[] } } }>(
    '{ viewer { balance { amount } withdrawals { status } ledgerEntries(first: 10) { totalCount nodes { kind amount runningBalance } } } }',
    {},
    { cookie },
  );
  expect(gql.body.data?.viewer.ledgerEntries.nodes).toEqual([
    { kind: 'WITHDRAWAL', amount: '-250.00', runningBalance: '0.00' },
    { kind: 'SALES_POSTING', amount: '250.00', runningBalance: '250.00' },
  ]);
  expect(gql.body.data?.viewer.withdrawals).toEqual([{ status: 'APPROVED' }]);
  const csv = await fetch(`${server.url}/api/financial/statement.csv`, { headers: { cookie } });
  expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
  expect((await csv.text()).split('\n')[0]).toBe('Date,Type,Description,Amount,Balance,Currency');
  expect(user.id).toBeTruthy();
});

test('the error catalogue: messages verbatim, 400 {Message, Details {Code, Message}}', async () => {
  const { cookie } = await earner(50_00n);
  const post = (balance: unknown) => rest('POST', '/financial/withdraw', cookie, balance === undefined ? {} : { balance });
  const minimum = 'A requested amount can not be empty or less than 1';
  const below = { status: 400, body: expect.objectContaining({ Message: minimum, Details: { Code: 'AMOUNT_BELOW_MINIMUM', Message: minimum } }) };
  for (const bad of [undefined, '', '0', 0, '-5', -5, '0.99', 'abc', '12abc', null, true, [], {}, '1e3', 'NaN', Infinity]) expect(await post(bad)).toEqual(below);
  expect(await post('1.005')).toMatchObject({ status: 400, body: { Message: 'A requested amount can not have fractions of a cent' } });
  expect(await post('50.001')).toMatchObject({ status: 400, body: { Message: 'A requested amount can not have fractions of a cent' } });
  expect(await post('50.01')).toMatchObject({ status: 400, body: { Message: 'The requested amount exceeds the available balance', Details: { Code: 'AMOUNT_EXCEEDS_BALANCE' } } });
  expect(await post('99999999999999999999999999.00')).toMatchObject({ status: 400, body: { Message: 'The requested amount exceeds the available balance' } });
  expect(await post('10.00')).toMatchObject({ status: 400, body: { Message: 'The requested amount is not equal to the available balance' } });
  expect((await rest('GET', '/financial/balance', cookie)).body).toMatchObject({ amount: '50.00', lockedAmount: '0.00' });
  expect(await server.prisma.withdrawal.count({ where: { user: { is: { paypalEmail: 'payee@paypal.test' } }, amountMinor: 50_00n, status: 'PENDING' } })).toBe(0);
});

test('tax REQUIRED, FAILED and UNDER_REVIEW refuse with the provider message and the tax form link', async () => {
  for (const tag of ['tax-required', 'tax-failed', 'tax-review']) {
    const { cookie } = await earner(20_00n, { email: `someone+${tag}-${Math.random().toString(36).slice(2)}@example.com` });
    const res = await rest('POST', '/financial/withdraw', cookie, { balance: '20.00' });
    expect(res).toMatchObject({ status: 400, body: { Message: 'Verify your tax information at HyperWallet', Details: { Code: 'TAX_VERIFICATION' }, taxFormUrl: server.config.payouts.taxFormUrl } });
  }
  const { cookie } = await earner(0n, { email: `x+tax-required-${Date.now()}@example.com` });
  expect((await rest('GET', '/users/tax-status', cookie)).body).toMatchObject({ taxVerificationStatus: 'REQUIRED' });
});

test('without a linked PayPal account the withdrawal is refused', async () => {
  const { cookie } = await earner(20_00n, { paypalEmail: null });
  expect(await rest('POST', '/financial/withdraw', cookie, { balance: '20.00' })).toMatchObject({ status: 400, body: { Message: 'Link your PayPal account before withdrawing' } });
});

test('a PayPal address changed through the profile is not paid to until it is verified again', async () => {
  const { cookie } = await earner(20_00n);
  const put = await rest('PUT', '/users/current-user-info', cookie, { paypalEmail: 'someone-else@example.com' });
  expect(put).toMatchObject({ status: 200, body: { paypalEmail: 'someone-else@example.com' } });
  expect(await rest('POST', '/financial/withdraw', cookie, { balance: '20.00' })).toMatchObject({ status: 400, body: { Message: 'Link your PayPal account before withdrawing' } });
  expect(await server.prisma.withdrawal.count({ where: { user: { is: { paypalEmail: 'someone-else@example.com' } } } })).toBe(0);
});

test('provider refusals: code 33 is recorded on the REJECTED withdrawal with its message; the hold is released', async () => {
  const { cookie } = await earner(10_33n);
  const res = await rest('POST', '/financial/withdraw', cookie, { balance: '10.33' });
  expect(await runPayout(deps(), String(res.body.id))).toBe('refused');
  const list = await rest('GET', '/financial/withdrawals', cookie);
  expect(list.body).toEqual([expect.objectContaining({ statusName: 'REJECTED', code: '33', messages: [{ code: '33', message: 'The payment is held for review by the payout provider' }] })]);
  expect((await rest('GET', '/financial/balance', cookie)).body).toMatchObject({ amount: '10.33', lockedAmount: '0.00' });
});

test('an unavailable provider (.50) leaves the withdrawal pending for the retrying job', async () => {
  const { cookie } = await earner(7_50n);
  const res = await rest('POST', '/financial/withdraw', cookie, { balance: '7.50' });
  await expect(runPayout(deps(), String(res.body.id))).rejects.toMatchObject({ httpStatus: 503 });
  expect(await server.prisma.withdrawal.findUniqueOrThrow({ where: { id: String(res.body.id) } })).toMatchObject({ status: 'PENDING' });
});

test('accepted then FAILED (.13): the webhook rejects it with the provider message; forged, stale and replayed webhooks change nothing', async () => {
  const { cookie } = await earner(9_13n);
  const res = await rest('POST', '/financial/withdraw', cookie, { balance: '9.13' });
  const id = String(res.body.id);
  // Create the provider payment without storing it (as if the job died), then deliver a notification.
  await sandbox.createPayout({ clientPaymentId: id, payee: { userId: 'u', email: 'e@x.test', firstName: 'a', lastName: 'b', paypalEmail: 'p@x.test' }, amountMinor: 9_13n, currency: 'USD' });
  const n = sandbox.notification(id)!;
  const hook = (body: string, signature: string | undefined) => fetch(`${server.url}/api/financial/payout-webhook`, { method: 'POST', headers: { 'content-type': 'application/json', ...(signature ? { [SIGNATURE_HEADER]: signature } : {}) }, body });
  expect((await hook(n.body, undefined)).status).toBe(401);
  expect((await hook(n.body, signWebhook('wrong-secret', n.body))).status).toBe(401);
  expect((await hook(n.body.replace('9.13', '0.13'), n.signature)).status).toBe(401);
  expect((await hook(n.body, signWebhook(server.config.payouts.webhookSecret, n.body, new Date(Date.now() - 3_600_000)))).status).toBe(401);
  expect(await server.prisma.withdrawal.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'PENDING', payoutStatus: null });
  const ok = await hook(n.body, n.signature);
  expect(ok.status).toBe(200);
  expect(await ok.json()).toEqual({ duplicate: false, changed: true });
  expect(await server.prisma.withdrawal.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'REJECTED', payoutStatus: 'FAILED', errorCode: 'RETURNED' });
  const replay = await hook(n.body, signWebhook(server.config.payouts.webhookSecret, n.body));
  expect(await replay.json()).toEqual({ duplicate: true, changed: false });
  expect((await rest('GET', '/financial/balance', cookie)).body).toMatchObject({ amount: '9.13', lockedAmount: '0.00' });
});

test('polling records a payout whose webhook never came', async () => {
  const { cookie } = await earner(3_00n);
  const res = await rest('POST', '/financial/withdraw', cookie, { balance: '3.00' });
  const id = String(res.body.id);
  await sandbox.createPayout({ clientPaymentId: id, payee: { userId: 'u', email: 'e@x.test', firstName: 'a', lastName: 'b', paypalEmail: 'p@x.test' }, amountMinor: 3_00n, currency: 'USD' });
  await pollPayouts(deps());
  expect(await server.prisma.withdrawal.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'APPROVED' });
  // The job that runs later finds it done and pays nothing more.
  expect(await runPayout(deps(), id)).toBe('skipped');
  expect(sandbox.listPayments().filter((p) => p.clientPaymentId === id)).toHaveLength(1);
});

test('above the approval threshold a withdrawal waits for support; support approves or rejects it', async () => {
  const staff = await buildUser(server.prisma, { role: 'SUPPORT' });
  const staffCookie = await sessionCookieFor(server.prisma, staff.id);
  const a = await earner(2_000_00n);
  const first = await rest('POST', '/financial/withdraw', a.cookie, { balance: '2000.00' });
  expect(first.body).toMatchObject({ awaitingApproval: true, statusName: 'PENDING' });
  expect(await payoutJobsFor(String(first.body.id))).toHaveLength(0);
  expect(await runPayout(deps(), String(first.body.id))).toBe('skipped');
  const list = await server.gql<{ withdrawalsAwaitingApproval: { withdrawal: { id: string } }[] }>('{ withdrawalsAwaitingApproval { withdrawal { id } userEmail } }', {}, { cookie: staffCookie });
  expect(list.body.data?.withdrawalsAwaitingApproval.map((w) => w.withdrawal.id)).toContain(first.body.id);
  expect((await server.gql('{ withdrawalsAwaitingApproval { userEmail } }', {}, { cookie: a.cookie })).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  const approved = await server.gql<{ approveWithdrawal: { withdrawal: { awaitingApproval: boolean } } }>('mutation($i: ApproveWithdrawalInput!) { approveWithdrawal(input: $i) { withdrawal { awaitingApproval } } }', { i: { id: first.body.id } }, { cookie: staffCookie });
  expect(approved.body.data?.approveWithdrawal.withdrawal.awaitingApproval).toBe(false);
  expect(await payoutJobsFor(String(first.body.id))).toHaveLength(1);
  expect(await runPayout(deps(), String(first.body.id))).toBe('paid');

  const b = await earner(3_000_00n);
  const second = await rest('POST', '/financial/withdraw', b.cookie, { balance: '3000.00' });
  const rejected = await server.gql<{ rejectWithdrawal: { withdrawal: { status: string; messages: { message: string }[] } } }>('mutation($i: RejectWithdrawalInput!) { rejectWithdrawal(input: $i) { withdrawal { status messages { message } } } }', { i: { id: second.body.id, reason: 'Please call us' } }, { cookie: staffCookie });
  expect(rejected.body.data?.rejectWithdrawal.withdrawal).toEqual({ status: 'REJECTED', messages: [{ message: 'Please call us' }] });
  expect((await rest('GET', '/financial/balance', b.cookie)).body).toMatchObject({ amount: '3000.00', lockedAmount: '0.00' });
  const steps = await server.prisma.auditEvent.findMany({ where: { entityId: String(second.body.id) }, orderBy: { createdAt: 'asc' } });
  expect(steps.map((s) => (s.newValues as { step: string }).step)).toEqual(['requested-awaiting-approval', 'rejected-by-support']);
  expect(steps[1]?.actorId).toBe(staff.id);
});

test('100 parallel withdrawals of the whole balance: exactly one, the rest get the spec message, ledger consistent', async () => {
  const { cookie } = await earner(100_00n);
  const results = await Promise.all(Array.from({ length: 100 }, () => rest('POST', '/financial/withdraw', cookie, { balance: '100.00' })));
  expect(results.filter((r) => r.status === 201)).toHaveLength(1);
  const refused = results.filter((r) => r.status !== 201);
  expect(refused.every((r) => r.status === 400 && r.body.Message === 'The requested amount exceeds the available balance')).toBe(true);
  expect((await rest('GET', '/financial/balance', cookie)).body).toMatchObject({ amount: '100.00', lockedAmount: '100.00', availableAmount: '0.00' });
  expect((await checkLedger(server.prisma)).problems).toEqual([]);
});

test('50 parallel requests with one idempotency key: one withdrawal, one job, one provider payout', async () => {
  const { user, cookie } = await earner(42_00n);
  const key = `idem-${user.id}`;
  const results = await Promise.all(Array.from({ length: 50 }, () => rest('POST', '/financial/withdraw', cookie, { balance: '42.00' }, { 'idempotency-key': key })));
  expect(results.every((r) => r.status === 201 || r.status === 200)).toBe(true);
  expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
  expect(results.filter((r) => r.status === 201)).toHaveLength(1);
  const id = String(results[0]!.body.id);
  expect(await server.prisma.withdrawal.count({ where: { userId: user.id } })).toBe(1);
  expect(await payoutJobsFor(id)).toHaveLength(1);
  await Promise.all(Array.from({ length: 10 }, () => runPayout(deps(), id)));
  expect(sandbox.listPayments().filter((p) => p.clientPaymentId === id)).toHaveLength(1);
  expect((await rest('GET', '/financial/balance', cookie)).body).toMatchObject({ amount: '0.00' });
  // GraphQL with the same key gives the same withdrawal.
  const again = await server.gql<{ withdraw: { created: boolean; withdrawal: { id: string } } }>('mutation($k: String) { withdraw(input: {amount: "42.00", idempotencyKey: $k}) { created withdrawal { id } } }', { k: key }, { cookie });
  expect(again.body.data?.withdraw).toEqual({ created: false, withdrawal: { id } });
});

test('authorization: nobody reads another person\u2019s money; support acting as the user reads but cannot withdraw or link PayPal', async () => {
  const owner = await earner(5_00n);
  const staff = await buildUser(server.prisma, { role: 'SUPPORT' });
  const acting = await sessionCookieFor(server.prisma, owner.user.id, staff.id);
  expect((await rest('GET', '/financial/balance', acting)).body).toMatchObject({ amount: '5.00' });
  const refused = await rest('POST', '/financial/withdraw', acting, { balance: '5.00' });
  expect(refused).toMatchObject({ status: 403, body: { key: 'impersonation-refused' } });
  const gqlRefused = await server.gql('mutation { withdraw(input: {amount: "5.00"}) { created } }', {}, { cookie: acting });
  expect(gqlRefused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  expect((await rest('POST', '/paypal/verify', acting, { firstName: 'A', lastName: 'B', emailAddress: 'a@b.test', matchCriteria: 'NAME' })).status).toBe(403);
  expect((await server.gql('mutation { unlinkPayPal { account { linked } } }', {}, { cookie: acting })).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  expect(await server.prisma.withdrawal.count({ where: { userId: owner.user.id } })).toBe(0);
  // Another person sees only their own (empty) wallet; signed out sees nothing.
  const other = await earner(0n);
  expect((await rest('GET', '/financial/balance', other.cookie)).body).toMatchObject({ amount: '0.00', isWalletExist: false });
  expect((await server.gql('{ viewer { balance { amount } } }', {}, {})).body.data).toEqual({ viewer: null });
  expect((await rest('POST', '/financial/withdraw', null, { balance: '5.00' })).status).toBe(401);
});

test('withdrawals can be switched off', async () => {
  const off = await startTestServer({ DISABLE_WITHDRAWALS: 'true', DATA_DIR: sandboxDir });
  try {
    const user = await buildUser(off.prisma, { paypalEmail: 'p@paypal.test', paypalVerifiedAt: new Date() });
    const cookie = await sessionCookieFor(off.prisma, user.id);
    const res = await fetch(`${off.url}/api/financial/withdraw`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ balance: '5.00' }) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ Message: 'Withdrawals are currently disabled' });
  } finally {
    await off.close();
  }
});
