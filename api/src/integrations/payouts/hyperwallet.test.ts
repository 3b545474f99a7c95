/** Contract tests of the HyperWallet adapter against recorded responses (fixtures/*.json, shaped as HyperWallet's v4 documentation shows them). */
import { readFileSync } from 'node:fs';
import { HyperwalletPayoutProvider } from './hyperwallet.ts';
import { PayoutError, WebhookRefused, checkWebhookSignature, signWebhook } from './payout-provider.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8');
const config = { baseUrl: 'https://api.sandbox.hyperwallet.com/rest/v4', username: 'restapiuser@1234', password: 'secret', programToken: 'prg-83836cdf-2ce2-4696-8bc5-f1b86077238c' };
const payee = { userId: '01a210b4-aee6-747c-9a97-de2ff469b3d7', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', paypalEmail: 'ada-paypal@example.com' };

interface Call { method: string; url: string; body: unknown; auth: string | null }

/** A fetch that answers each call with the next recorded response and remembers the request. */
function recorded(answers: [number, string | null][]) {
  const calls: Call[] = [];
  const fn = (async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    calls.push({ method: String(init.method), url, body: init.body ? JSON.parse(String(init.body)) : undefined, auth: headers.get('authorization') });
    const [status, body] = answers.shift() ?? [500, '{}'];
    return new Response(body, { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { fn, calls };
}

test('a new payee becomes a HyperWallet user; its tax state is read from the user', async () => {
  const { fn, calls } = recorded([[204, null], [201, fixture('user-created')]]);
  const provider = new HyperwalletPayoutProvider(config, fn);
  expect(await provider.taxStatus(payee)).toBe('REQUIRED');
  expect(calls.map((c) => `${c.method} ${c.url.replace(config.baseUrl, '')}`)).toEqual([
    `GET /users?clientUserId=${payee.userId}`,
    'POST /users',
  ]);
  expect(calls[0]!.auth).toBe(`Basic ${Buffer.from('restapiuser@1234:secret').toString('base64')}`);
  expect(calls[1]!.body).toMatchObject({ clientUserId: payee.userId, profileType: 'INDIVIDUAL', programToken: config.programToken, email: 'ada@example.com' });
});

test('an existing payee is found by clientUserId', async () => {
  const { fn, calls } = recorded([[200, fixture('users-list')]]);
  expect(await new HyperwalletPayoutProvider(config, fn).taxStatus(payee)).toBe('VERIFIED');
  expect(calls).toHaveLength(1);
});

test('a payout is a payment keyed by clientPaymentId to the PayPal transfer method, amount as a 2-place decimal string', async () => {
  const { fn, calls } = recorded([[204, null], [200, fixture('users-list')], [204, null], [201, fixture('paypal-account-created')], [201, fixture('payment-created')]]);
  const payout = await new HyperwalletPayoutProvider(config, fn).createPayout({ clientPaymentId: 'wd-01a210b4-b33d-77dc-bcf5-65ed5df7cf4d', payee, amountMinor: 2000n, currency: 'USD' });
  expect(calls.map((c) => `${c.method} ${c.url.replace(config.baseUrl, '')}`)).toEqual([
    'GET /payments?clientPaymentId=wd-01a210b4-b33d-77dc-bcf5-65ed5df7cf4d',
    `GET /users?clientUserId=${payee.userId}`,
    'GET /users/usr-c4292f1a-866f-4310-a289-b916853939de/paypal-accounts',
    'POST /users/usr-c4292f1a-866f-4310-a289-b916853939de/paypal-accounts',
    'POST /payments',
  ]);
  expect(calls[3]!.body).toEqual({ transferMethodCountry: 'US', transferMethodCurrency: 'USD', type: 'PAYPAL_ACCOUNT', email: 'ada-paypal@example.com' });
  expect(calls[4]!.body).toEqual({ amount: '20.00', clientPaymentId: 'wd-01a210b4-b33d-77dc-bcf5-65ed5df7cf4d', currency: 'USD', destinationToken: 'trm-ac5727ac-8fe7-42fb-b69d-977ebdd7b48b', programToken: config.programToken, purpose: 'OTHER' });
  expect(payout).toEqual({ externalId: 'pmt-87939c73-ff0a-4011-970e-3de855347ea7', clientPaymentId: 'wd-01a210b4-b33d-77dc-bcf5-65ed5df7cf4d', amountMinor: 2000n, currency: 'USD', status: 'FINALIZED', messages: [] });
});

test('an existing PayPal transfer method for the linked address is reused', async () => {
  const { fn, calls } = recorded([[204, null], [200, fixture('users-list')], [200, fixture('paypal-accounts-list')], [201, fixture('payment-created')]]);
  await new HyperwalletPayoutProvider(config, fn).createPayout({ clientPaymentId: 'k', payee, amountMinor: 2000n, currency: 'USD' });
  expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.replace(config.baseUrl, ''))).toEqual(['/payments']);
  expect((calls[3]!.body as { destinationToken: string }).destinationToken).toBe('trm-ac5727ac-8fe7-42fb-b69d-977ebdd7b48b');
});

test('a payment already made under the key is returned, not paid again (reconciliation)', async () => {
  const { fn, calls } = recorded([[200, fixture('payments-list')]]);
  const payout = await new HyperwalletPayoutProvider(config, fn).createPayout({ clientPaymentId: 'wd-01a210b4-b33d-77dc-bcf5-65ed5df7cf4d', payee, amountMinor: 2000n, currency: 'USD' });
  expect(payout.status).toBe('PROCESSING');
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
});

test('errors keep every provider message; 5xx and network failures are retryable', async () => {
  const refused = recorded([[400, fixture('error-constraint')]]);
  const err = await new HyperwalletPayoutProvider(config, refused.fn).findPayout('x').catch((e: unknown) => e);
  expect(err).toBeInstanceOf(PayoutError);
  expect(err).toMatchObject({ httpStatus: 400, code: 'CONSTRAINT_VIOLATIONS', retryable: false });
  expect((err as PayoutError).messages).toHaveLength(2);
  const down = recorded([[503, '']]);
  expect(await new HyperwalletPayoutProvider(config, down.fn).findPayout('x').catch((e: unknown) => (e as PayoutError).retryable)).toBe(true);
  const offline = (async () => {
    throw new TypeError('fetch failed');
  }) as unknown as typeof fetch;
  expect(await new HyperwalletPayoutProvider(config, offline).findPayout('x').catch((e: unknown) => [(e as PayoutError).httpStatus, (e as PayoutError).retryable])).toEqual([0, true]);
});

test('a posted notification counts only as HyperWallet answers it back: GET /webhook-notifications/{token} with our credentials', async () => {
  // The posted body (HyperWallet's recorded delivery); what counts is the copy read back from the API.
  const posted = fixture('webhook-payment-failed');
  const { fn, calls } = recorded([[200, fixture('webhook-notification')]]);
  const event = await new HyperwalletPayoutProvider(config, fn).receiveWebhook(posted);
  expect(calls.map((c) => `${c.method} ${c.url.replace(config.baseUrl, '')}`)).toEqual(['GET /webhook-notifications/wbh-946dc2c9-8f3a-4fb3-9b3d-3f5a19a8d3c5']);
  expect(calls[0]!.auth).toBe(`Basic ${Buffer.from('restapiuser@1234:secret').toString('base64')}`);
  expect(event).toMatchObject({ eventId: 'wbh-946dc2c9-8f3a-4fb3-9b3d-3f5a19a8d3c5', payout: { status: 'FAILED', amountMinor: 2000n, clientPaymentId: 'wd-01a210b4-b33d-77dc-bcf5-65ed5df7cf4d' } });

  // A tampered body changes nothing: the amount and status come from HyperWallet's copy.
  const tampered = recorded([[200, fixture('webhook-notification')]]);
  const forgedBody = posted.replace('"RETURNED"', '"COMPLETED"').replace('20.00', '2000.00');
  expect(await new HyperwalletPayoutProvider(config, tampered.fn).receiveWebhook(forgedBody)).toMatchObject({ payout: { status: 'FAILED', amountMinor: 2000n } });
});

test('forged notifications are refused: a token HyperWallet does not know, another program\u2019s notification, no token; an unreachable HyperWallet is retryable', async () => {
  const refused = async (answers: [number, string | null][], body: string) =>
    new HyperwalletPayoutProvider(config, recorded(answers).fn).receiveWebhook(body).catch((e: unknown) => (e instanceof WebhookRefused ? e.problem : e));
  const posted = fixture('webhook-payment-failed');
  expect(await refused([[404, '{"errors":[{"message":"Requested resource not found","code":"NOT_FOUND"}]}']], posted)).toBe('unknown-notification');
  expect(await refused([[200, fixture('webhook-notification').replace(config.programToken, 'prg-someone-else')]], posted)).toBe('unknown-notification');
  expect(await refused([[200, fixture('webhook-notification').replace('"token": "wbh-946dc2c9', '"token": "wbh-000dc2c9')]], posted)).toBe('unknown-notification');
  expect(await refused([], '{"type":"PAYMENTS.UPDATED.STATUS.COMPLETED"}')).toBe('malformed');
  expect(await refused([], '{"token":"../users"}')).toBe('malformed');
  expect(await refused([], 'not json')).toBe('malformed');
  expect(await refused([[200, JSON.stringify({ token: 'wbh-946dc2c9-8f3a-4fb3-9b3d-3f5a19a8d3c5', type: 'USERS.UPDATED', createdOn: '2026-11-25T03:35:10', object: { token: 'usr-1' } })]], posted)).toBe('not-a-payment');
  const down = await refused([[503, '']], posted);
  expect(down).toBeInstanceOf(PayoutError);
  expect((down as PayoutError).retryable).toBe(true);
});

test('the shared signature scheme (the sandbox\u2019s) refuses forgeries and stale notifications', () => {
  const body = fixture('webhook-payment-failed');
  const now = new Date('2026-11-25T03:35:10Z');
  const good = signWebhook('s3cret', body, now);
  expect(checkWebhookSignature('s3cret', body, good, 300, now)).toBeNull();
  expect(checkWebhookSignature('other', body, good, 300, now)).toBe('bad-signature');
  expect(checkWebhookSignature('s3cret', body.replace('20.00', '2000.00'), good, 300, now)).toBe('bad-signature');
  expect(checkWebhookSignature('s3cret', body, good, 300, new Date(now.getTime() + 301_000))).toBe('stale');
  expect(checkWebhookSignature('s3cret', body, undefined, 300, now)).toBe('missing');
  expect(checkWebhookSignature('s3cret', body, 't=abc,v1=zz', 300, now)).toBe('malformed');
});
