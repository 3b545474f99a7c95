/**
 * PayPal through the sandbox gateway, as braintree-web's PayPal Checkout drives it: a payment is
 * created, approved asynchronously in (the stand-in for) PayPal's window, then tokenized into a
 * nonce; approve, cancel (never approved) and decline each have their outcome and message.
 */
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createLogger } from '../../logger.ts';
import { PAYMENT_MESSAGES } from '@cadence/domain/payments';
import { checkLedger } from '../ledger/ledger.service.ts';
import { plansKit } from './__test-support__/plans-kit.ts';
import { runRenewals } from './plans.service.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(() => server.close());

const { rest, artist, buy } = plansKit(() => server);

/** The browser's side of PayPal Checkout in the sandbox: create, approve as `email`, tokenize. */
async function paypalNonce(cookie: string, email: string): Promise<string> {
  const created = await rest('POST', '/payments-sandbox/paypal/create-payment', cookie, { amount: '20.00', flow: 'vault' });
  expect(created.status).toBe(200);
  const approved = await rest('POST', '/payments-sandbox/paypal/approve', cookie, { paymentId: created.body.paymentId, email });
  expect(approved.status).toBe(200);
  const tokenized = await rest('POST', '/payments-sandbox/paypal/tokenize', cookie, approved.body);
  expect(tokenized.body).toMatchObject({ type: 'PayPalAccount', details: { email: email.toLowerCase() } });
  return tokenized.body.nonce as string;
}

test('an approved PayPal account buys the plan, is saved for renewals, and renews', async () => {
  const { user, cookie } = await artist();
  const nonce = await paypalNonce(cookie, 'Buyer@Example.com');
  expect((await rest('POST', '/braintree/paymentMethodType', cookie, { paymentMethodNonce: nonce })).body).toEqual({ type: 'paypal_account', cardType: null, lastFour: null, threeDSecureStatus: null });
  const paid = await buy(cookie, { paymentMethodNonce: nonce });
  expect(paid.status).toBe(201);
  expect(paid.body.payment).toMatchObject({ amount: '20.00', status: 'SUCCEEDED', method: 'PayPal (buyer@example.com)' });
  expect(paid.body.subscription.paymentMethod).toMatchObject({ type: 'paypal_account', paypalEmail: 'buyer@example.com', label: 'PayPal (buyer@example.com)' });
  // The nonce is single use.
  expect((await rest('POST', '/braintree/updatepurchase', cookie, { paymentMethodNonce: nonce })).body.message).toBe(PAYMENT_MESSAGES.invalidNonce);
  const sub = await server.prisma.subscription.findFirstOrThrow({ where: { userId: user.id } });
  await runRenewals({ prisma: server.prisma, config: server.config, logger: createLogger('error') }, new Date(sub.currentPeriodEnd!.getTime() + 60_000));
  expect(await server.prisma.subscription.findUniqueOrThrow({ where: { id: sub.id } })).toMatchObject({ status: 'ACTIVE', failedChargeCount: 0 });
  expect(await server.prisma.payment.count({ where: { userId: user.id, status: 'SUCCEEDED' } })).toBe(2);
  expect((await checkLedger(server.prisma)).ok).toBe(true);
});

test('a PayPal account the processor declines: its message, nothing charged', async () => {
  const { user, cookie } = await artist();
  const res = await buy(cookie, { paymentMethodNonce: await paypalNonce(cookie, 'declined-buyer@example.com') });
  expect(res).toMatchObject({ status: 400, body: { key: 'payment-refused', failureKind: 'processor_declined', message: PAYMENT_MESSAGES.paypalDeclined } });
  expect(await server.prisma.payment.findMany({ where: { userId: user.id }, select: { status: true, ledgerTransactionId: true } })).toEqual([{ status: 'FAILED', ledgerTransactionId: null }]);
  expect((await rest('GET', '/users/active-subscription', cookie)).body.planName).toBe('FREE');
});

test('a checkout never approved (cancelled) or approved for another payment cannot be tokenized', async () => {
  const { cookie } = await artist();
  const first = await rest('POST', '/payments-sandbox/paypal/create-payment', cookie, { amount: '20.00' });
  const second = await rest('POST', '/payments-sandbox/paypal/create-payment', cookie, { amount: '20.00' });
  const approvedSecond = await rest('POST', '/payments-sandbox/paypal/approve', cookie, { paymentId: second.body.paymentId, email: 'a@example.com' });
  expect(await rest('POST', '/payments-sandbox/paypal/tokenize', cookie, { paymentId: first.body.paymentId, payerId: approvedSecond.body.payerId })).toMatchObject({ status: 400, body: { key: 'not-approved' } });
  expect(await rest('POST', '/payments-sandbox/paypal/tokenize', cookie, { paymentId: first.body.paymentId, payerId: 'sbx_payer.e30.forged' })).toMatchObject({ status: 400, body: { key: 'not-approved' } });
  expect((await rest('POST', '/payments-sandbox/paypal/approve', cookie, { paymentId: 'sbx_pp.e30.forged', email: 'a@example.com' })).status).toBe(400);
  expect((await rest('POST', '/payments-sandbox/paypal/approve', cookie, { paymentId: first.body.paymentId, email: 'not an email' })).status).toBe(400);
  expect((await rest('POST', '/payments-sandbox/paypal/create-payment', cookie, { amount: '-1' })).status).toBe(400);
  expect((await rest('POST', '/payments-sandbox/paypal/create-payment', null, { amount: '20.00' })).status).toBe(401);
});

test('a PayPal account replaces the card renewals use (updatepurchase)', async () => {
  const { cookie } = await artist();
  const changed = await rest('POST', '/braintree/updatepurchase', cookie, { paymentMethodNonce: await paypalNonce(cookie, 'payer@example.com') });
  expect(changed).toMatchObject({ status: 200, body: { paymentMethod: { type: 'paypal_account', paypalEmail: 'payer@example.com', isDefault: true } } });
});
