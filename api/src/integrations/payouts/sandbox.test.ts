/** The sandbox payout provider: HyperWallet's shapes, asynchronous statuses by age, test values, signed webhooks. */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SandboxPayoutProvider, sandboxTaxStatus } from './sandbox.ts';
import { checkWebhookSignature, PayoutError, SIGNATURE_HEADER, signWebhook, type WebhookRefused } from './payout-provider.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'payout-sandbox-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const payee = { userId: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', paypalEmail: 'ada@paypal.test' };

function clock(start: number) {
  const c = { t: start, now: () => new Date(c.t) };
  return c;
}

test('a payout moves PENDING -> PROCESSING -> FINALIZED with time, and a new instance (restart) sees the same', async () => {
  const c = clock(Date.parse('2026-11-25T00:00:00Z'));
  const sandbox = new SandboxPayoutProvider({ sandbox: { dir, stepMs: 1000, webhookUrl: '' }, webhookSecret: 's', webhookToleranceSeconds: 300 }, c.now);
  const p = await sandbox.createPayout({ clientPaymentId: 'k1', payee, amountMinor: 1230n, currency: 'USD' });
  expect(p).toMatchObject({ status: 'PENDING', amountMinor: 1230n });
  expect(p.externalId).toMatch(/^pmt-/);
  c.t += 1000;
  expect((await sandbox.findPayout('k1'))?.status).toBe('PROCESSING');
  c.t += 1000;
  const restarted = new SandboxPayoutProvider({ sandbox: { dir, stepMs: 1000, webhookUrl: '' }, webhookSecret: 's', webhookToleranceSeconds: 300 }, c.now);
  expect((await restarted.findPayout('k1'))?.status).toBe('FINALIZED');
  expect(await restarted.findPayout('never')).toBeNull();
  // The same key never pays twice.
  expect((await restarted.createPayout({ clientPaymentId: 'k1', payee, amountMinor: 1230n, currency: 'USD' })).externalId).toBe(p.externalId);
  expect(restarted.listPayments().filter((x) => x.clientPaymentId === 'k1')).toHaveLength(1);
});

test.each([
  ['10.33', 400, '33'],
  ['10.34', 400, '34'],
  ['10.35', 400, '35'],
  ['10.41', 400, '41'],
  ['10.42', 400, '42'],
  ['10.50', 503, 'SERVICE_UNAVAILABLE'],
])('test value %s is refused with status %i and code %s', async (amount, status, code) => {
  const sandbox = new SandboxPayoutProvider({ sandbox: { dir, stepMs: 0, webhookUrl: '' }, webhookSecret: 's', webhookToleranceSeconds: 300 });
  const minor = BigInt(amount.replace('.', ''));
  const err = await sandbox.createPayout({ clientPaymentId: `refuse-${amount}`, payee, amountMinor: minor, currency: 'USD' }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(PayoutError);
  expect(err).toMatchObject({ httpStatus: status, code });
  expect(await sandbox.findPayout(`refuse-${amount}`)).toBeNull();
});

test.each([
  ['.13', 'FAILED', 'RETURNED'],
  ['.14', 'CANCELLED', 'CANCELLED'],
])('test value %s is accepted and ends %s with the provider message', async (cents, status, code) => {
  const sandbox = new SandboxPayoutProvider({ sandbox: { dir, stepMs: 0, webhookUrl: '' }, webhookSecret: 's', webhookToleranceSeconds: 300 });
  const p = await sandbox.createPayout({ clientPaymentId: `end${cents}`, payee, amountMinor: BigInt(`5${cents.slice(1)}`), currency: 'USD' });
  expect(p.status).toBe(status);
  expect(p.messages[0]?.code).toBe(code);
});

test('tax states come from the payee email tag', () => {
  expect(sandboxTaxStatus('a@x.test')).toBe('NOT_REQUIRED');
  expect(sandboxTaxStatus('a+tax-required@x.test')).toBe('REQUIRED');
  expect(sandboxTaxStatus('a+tax-failed@x.test')).toBe('FAILED');
  expect(sandboxTaxStatus('a+tax-review@x.test')).toBe('UNDER_REVIEW');
  expect(sandboxTaxStatus('A+TAX-VERIFIED@x.test')).toBe('VERIFIED');
});

test('each status change is posted as a signed HyperWallet notification to our endpoint', async () => {
  const received: { status: string; ok: boolean }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const ok = checkWebhookSignature('whsec', body, req.headers[SIGNATURE_HEADER] as string, 300) === null;
      received.push({ status: (JSON.parse(body) as { object: { status: string } }).object.status, ok });
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const sandbox = new SandboxPayoutProvider({ sandbox: { dir, stepMs: 100, webhookUrl: url }, webhookSecret: 'whsec', webhookToleranceSeconds: 300 });
  await sandbox.createPayout({ clientPaymentId: 'hooked', payee, amountMinor: 700n, currency: 'USD' });
  for (let i = 0; i < 50 && received.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
  sandbox.stop();
  await new Promise<void>((r) => server.close(() => r()));
  expect(received).toEqual([
    { status: 'IN_PROGRESS', ok: true },
    { status: 'COMPLETED', ok: true },
  ]);
});

test('a notification sent late still announces the change it is about', async () => {
  const c = clock(Date.parse('2026-11-25T02:00:00Z'));
  const sandbox = new SandboxPayoutProvider({ sandbox: { dir, stepMs: 100, webhookUrl: '' }, webhookSecret: 'whsec', webhookToleranceSeconds: 300 }, c.now);
  await sandbox.createPayout({ clientPaymentId: 'late', payee, amountMinor: 800n, currency: 'USD' });
  // A loaded machine fires the first step's timer after the payment has already completed.
  c.t += 1_000;
  const first = JSON.parse(sandbox.notification('late', 1)!.body) as { type: string; object: { status: string } };
  expect([first.type, first.object.status]).toEqual(['PAYMENTS.UPDATED.STATUS.IN_PROGRESS', 'IN_PROGRESS']);
  const second = JSON.parse(sandbox.notification('late', 2)!.body) as { type: string; object: { status: string } };
  expect([second.type, second.object.status]).toEqual(['PAYMENTS.UPDATED.STATUS.COMPLETED', 'COMPLETED']);
  expect((JSON.parse(sandbox.notification('late')!.body) as { object: { status: string } }).object.status).toBe('COMPLETED');
});

test('the sandbox accepts only its own signed, fresh notifications', async () => {
  const c = clock(Date.parse('2026-11-25T01:00:00Z'));
  const sandbox = new SandboxPayoutProvider({ sandbox: { dir, stepMs: 0, webhookUrl: '' }, webhookSecret: 'whsec', webhookToleranceSeconds: 300 }, c.now);
  await sandbox.createPayout({ clientPaymentId: 'signed', payee, amountMinor: 900n, currency: 'USD' });
  const n = sandbox.notification('signed')!;
  expect(await sandbox.receiveWebhook(n.body, n.signature)).toMatchObject({ payout: { clientPaymentId: 'signed', status: 'FINALIZED', amountMinor: 900n } });
  const refused = (body: string, signature: string | undefined) => sandbox.receiveWebhook(body, signature).catch((e: unknown) => (e as WebhookRefused).problem);
  expect(await refused(n.body, undefined)).toBe('missing');
  expect(await refused(n.body.replace('9.00', '90.00'), n.signature)).toBe('bad-signature');
  expect(await refused('not json', signWebhook('whsec', 'not json', c.now()))).toBe('not-a-payment');
  c.t += 301_000;
  expect(await refused(n.body, n.signature)).toBe('stale');
});
