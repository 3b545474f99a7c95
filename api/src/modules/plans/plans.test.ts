/**
 * Plans and payments through both transports on a real database, with the sandbox gateway: every
 * card outcome of supporting §8 and the exact message a person reads, 3-D Secure, idempotency,
 * promo codes, the balance, auto-renew, authorization, bad input, and the renewal sweep with a fake
 * clock.
 */
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildUser, sessionCookieFor } from '../../test/factories.ts';
import { newKey, plansKit, type Card } from './__test-support__/plans-kit.ts';
import { createLogger } from '../../logger.ts';
import { checkLedger, ensureAccount, postTransaction, walletAccount } from '../ledger/ledger.service.ts';
import { PAYMENT_MESSAGES as M, PROMO_MESSAGES } from '@cadence/domain/payments';
import { runRenewals } from './plans.service.ts';

let server: TestServer;
const logger = createLogger('error');
const DAY = 24 * 3600_000;

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(() => server.close());

const { rest, artist, nonceFor, buy } = plansKit(() => server);

async function chargesOf(userId: string) {
  return server.prisma.payment.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } });
}

test.each([
  ['CVV mismatch', { number: '4111111111111111', cvv: '200' }, 'The CVV provided does not match. Please try again'],
  ['CVV processing error (not verified)', { number: '4111111111111111', cvv: '201' }, 'There was an error while processing your transaction. Please try again'],
  ['CVV processing error (issuer)', { number: '5555555555554444', cvv: '301' }, 'There was an error while processing your transaction. Please try again'],
  ['no CVV', { number: '6011111111111117', cvv: '' }, 'No CVV was provided'],
  ['postal code mismatch', { number: '378282246310005', cvv: '1234', postalCode: '20000' }, M.postalMismatch],
  ['postal code not verified', { number: '4111111111111111', postalCode: '20001' }, M.postalNotVerified],
  ['postal code missing', { number: '4111111111111111', postalCode: '' }, M.postalMissing],
  ['postal code processing error', { number: '4111111111111111', postalCode: '30000' }, M.postalError],
  ['street mismatch', { number: '4111111111111111', streetAddress: '200 Main St' }, M.streetMismatch],
  ['street not verified', { number: '4111111111111111', streetAddress: '201 Main St' }, M.streetNotVerified],
  ['street missing', { number: '4111111111111111', streetAddress: '' }, M.streetMissing],
  ['street processing error', { number: '4111111111111111', streetAddress: '300 Main St' }, M.streetError],
  ['processor_declined', { number: '4000111111111115' }, 'Your card was declined by your bank. Please use another card or contact your bank'],
  ['gateway_rejected', { number: '4000111111111511' }, M.gatewayRejected],
  ['3DS authenticate_failed (wrong challenge code)', { number: '4000000000001091', code: '0000' }, M.threeDSecureFailed],
  ['3DS authenticate_error', { number: '4000000000002206' }, 'We were unable to process your payment. Please try again'],
  ['3DS signature verification failed', { number: '4000000000002305' }, 'We were unable to process your payment. Please try again'],
  ['3DS unable to authenticate', { number: '4000000000002404' }, 'We were unable to process your payment. Please try again'],
  ['3DS authentication unavailable', { number: '4000000000002503' }, 'We were unable to process your payment. Please try again'],
  ['3DS lookup_error', { number: '4000000000002602' }, 'We were unable to process your payment. Please try again'],
  ['3DS lookup_enrolled', { number: '4000000000002701' }, 'We were unable to process your payment. Please try again'],
  ['3DS issuer not participating', { number: '4000000000002800' }, M.threeDSecureContactIssuer],
  ['3DS lookup_not_enrolled', { number: '4000000000002909' }, M.threeDSecureContactIssuer],
  ['3DS unsupported_card', { number: '4000000000003006' }, 'Your card is not supported by 3D Secure. Please try an alternate payment method'],
])('%s: the purchase is refused with its message and nothing is charged', async (_name, card, message) => {
  const { user, cookie } = await artist();
  const { code, ...fields } = card as Card & { code?: string };
  const res = await buy(cookie, { paymentMethodNonce: await nonceFor(cookie, fields, code) });
  expect(res.status).toBe(400);
  expect(res.body.message).toBe(message);
  expect(res.body.key).toBe('payment-refused');
  const charges = await chargesOf(user.id);
  expect(charges).toHaveLength(1);
  expect(charges[0]).toMatchObject({ status: 'FAILED', failureMessage: message, ledgerTransactionId: null });
  expect((await rest('GET', '/users/active-subscription', cookie)).body.planName).toBe('FREE');
  expect(await server.prisma.auditEvent.count({ where: { userId: user.id, subcategory: 'UNSUCCESSFUL_SUBSCRIPTION' } })).toBe(1);
});

test('a card passing a 3-D Secure challenge buys the plan: subscription, saved card, ledger, audit, receipt mail', async () => {
  const { user, cookie } = await artist();
  const res = await buy(cookie, { paymentMethodNonce: await nonceFor(cookie, { number: '4000000000001091' }) });
  expect(res.status).toBe(201);
  expect(res.body.payment).toMatchObject({ amount: '20.00', discount: '0.00', status: 'SUCCEEDED', method: 'Visa ending in 1091' });
  expect(res.body.subscription).toMatchObject({ planName: 'COMMERCIAL_BETA', status: 'ACTIVE', autoRenew: true, price: '20.00', period: 'annual', paymentMethod: { type: 'credit_card', cardType: 'visa', last4: '1091' } });
  const active = (await rest('GET', '/users/active-subscription', cookie)).body;
  expect(active).toMatchObject({ planName: 'COMMERCIAL_BETA', price: '20.00', period: 'annual', autoRenew: true, status: 'ACTIVE' });
  expect(active.renewalDate).toBe(res.body.subscription.currentPeriodEnd);
  expect((await rest('GET', '/tier/commercial_beta', cookie)).body).toMatchObject({ name: 'COMMERCIAL_BETA', price: '20.00', period: 'annual', autoRenew: true });
  const payment = await server.prisma.payment.findFirstOrThrow({ where: { userId: user.id }, include: { ledgerTransaction: { include: { entries: true } } } });
  expect(payment.ledgerTransaction).toMatchObject({ kind: 'SUBSCRIPTION_CHARGE' });
  expect(payment.ledgerTransaction!.entries.map((e) => e.amountMinor).sort()).toEqual([-2000n, 2000n]);
  const mail = await server.prisma.outboxEmail.findFirstOrThrow({ where: { to: user.email, template: 'receipt' } });
  expect(mail.text).toContain('Amount paid: $20.00');
  expect(mail.text).toContain('Paid with: Visa ending in 1091');
  const audits = await server.prisma.auditEvent.findMany({ where: { userId: user.id, subcategory: 'PLAN_UPDATED_BY_USER' } });
  expect(audits).toHaveLength(1);
  expect(audits[0]).toMatchObject({ oldValues: { planName: 'FREE' }, newValues: { planName: 'COMMERCIAL_BETA' } });
  const q = await server.gql<{ viewer: { subscription: { plan: { name: string }; renewalDate: string }; paymentMethods: { label: string }[]; payments: { amount: string; status: string }[] } }>(
    '{ viewer { subscription { plan { name } renewalDate } paymentMethods { label } payments { amount status } } }',
    {},
    { cookie },
  );
  expect(q.body.data?.viewer).toMatchObject({ subscription: { plan: { name: 'COMMERCIAL_BETA' } }, paymentMethods: [{ label: 'Visa ending in 1091' }], payments: [{ amount: '20.00', status: 'SUCCEEDED' }] });
  // Buying the same plan again while it runs is refused.
  const again = await buy(cookie, { paymentMethodNonce: await nonceFor(cookie, { number: '4111111111111111' }) });
  expect(again.status).toBe(409);
  expect(again.body.message).toMatch(/^Your Cadence plan is already active until \d\d\/\d\d\/\d{4}$/);
});

test('one idempotency key charges once; a second purchase in flight is refused; a nonce is single use', async () => {
  const { user, cookie } = await artist();
  const nonce = await nonceFor(cookie, { number: '5555555555554444' });
  const key = newKey();
  const [a, b] = await Promise.all([buy(cookie, { paymentMethodNonce: nonce, idempotencyKey: key }), buy(cookie, { paymentMethodNonce: nonce, idempotencyKey: key })]);
  expect([a.status, b.status].sort()).toEqual(expect.arrayContaining([201]));
  expect([200, 201, 409]).toEqual(expect.arrayContaining([a.status, b.status]));
  const replay = await buy(cookie, { paymentMethodNonce: nonce, idempotencyKey: key });
  expect(replay.status).toBe(200);
  expect(replay.body.created).toBe(false);
  expect((await chargesOf(user.id)).filter((p) => p.status === 'SUCCEEDED')).toHaveLength(1);

  const other = await artist();
  await server.prisma.payment.create({ data: { userId: other.user.id, amountMinor: 2000n, status: 'PENDING', provider: 'sandbox', idempotencyKey: `purchase:${other.user.id}:in-flight-key` } });
  const refused = await buy(other.cookie, { paymentMethodNonce: await nonceFor(other.cookie, { number: '4111111111111111' }) });
  expect(refused).toMatchObject({ status: 409, body: { message: 'A purchase is already in progress. Please wait for it to finish' } });
  const reused = await buy(other.cookie, { paymentMethodNonce: nonce });
  expect(reused.status).toBe(409);
});

test('promo codes: percent and dollar prices, the window, limits overall and per person, plan restriction, redemption and audit', async () => {
  const now = Date.now();
  await server.prisma.promoCode.createMany({
    data: [
      { code: 'SPRING25', type: 'DISCOUNT', percentBps: 2500 },
      { code: 'FIVEOFF', type: 'DOLLAR', amountMinor: 500, maxUses: 1 },
      { code: 'OLD', type: 'DOLLAR', amountMinor: 100, validUntil: new Date(now - DAY) },
      { code: 'SOON', type: 'DOLLAR', amountMinor: 100, validFrom: new Date(now + DAY) },
      { code: 'VIPONLY', type: 'DISCOUNT', percentBps: 1000, planNames: ['VIP'] },
    ],
  });
  const { user, cookie } = await artist();
  expect((await rest('GET', '/promo-code/check?promoCode=spring25&planName=COMMERCIAL_BETA', cookie)).body).toEqual({
    valid: true, message: null, promoCode: 'SPRING25', type: 'discount', percent: 25, amount: null, planNames: [], planName: 'COMMERCIAL_BETA', price: '20.00', discount: '5.00', total: '15.00',
  });
  expect((await rest('GET', '/promo-code/check?promoCode=FIVEOFF', null)).body).toMatchObject({ valid: true, type: 'dollar', amount: '5.00', total: '15.00' });
  for (const [code, message] of [['NOPE', PROMO_MESSAGES.invalid], ['OLD', PROMO_MESSAGES.expired], ['SOON', PROMO_MESSAGES.notYet], ['VIPONLY', PROMO_MESSAGES.otherPlan]] as const) {
    expect((await rest('GET', `/promo-code/check?promoCode=${code}&planName=COMMERCIAL_BETA`, cookie)).body).toMatchObject({ valid: false, message, total: '20.00' });
    const refused = await buy(cookie, { useBalance: true, promoCode: code });
    expect(refused).toMatchObject({ status: 400, body: { message } });
  }
  const gql = await server.gql<{ checkPromoCode: { valid: boolean; total: string } }>('query($c: String!) { checkPromoCode(promoCode: $c, planName: "COMMERCIAL_BETA") { valid total } }', { c: 'spring25' }, { cookie });
  expect(gql.body.data?.checkPromoCode).toEqual({ valid: true, total: '15.00' });

  const paid = await buy(cookie, { paymentMethodNonce: await nonceFor(cookie, { number: '4111111111111111' }), promoCode: 'spring25' });
  expect(paid.status).toBe(201);
  expect(paid.body.payment).toMatchObject({ amount: '15.00', discount: '5.00', promoCode: 'SPRING25' });
  expect(await server.prisma.promoCodeRedemption.findMany({ where: { userId: user.id } })).toMatchObject([{ discountMinor: 500, subscriptionId: paid.body.subscription.id }]);
  expect(await server.prisma.auditEvent.count({ where: { userId: user.id, subcategory: 'PROMO_CODE_USAGE' } })).toBe(1);
  expect((await rest('GET', '/promo-code/check?promoCode=SPRING25', cookie)).body).toMatchObject({ valid: false, message: PROMO_MESSAGES.alreadyUsed });

  // FIVEOFF may be used once overall: two people race for it, one gets it.
  const [x, y] = [await artist(), await artist()];
  const [rx, ry] = await Promise.all([
    buy(x.cookie, { paymentMethodNonce: await nonceFor(x.cookie, { number: '4111111111111111' }), promoCode: 'FIVEOFF' }),
    buy(y.cookie, { paymentMethodNonce: await nonceFor(y.cookie, { number: '4111111111111111' }), promoCode: 'FIVEOFF' }),
  ]);
  expect([rx.status, ry.status].sort()).toEqual([201, 400]);
  expect([rx.body.message, ry.body.message]).toContain(PROMO_MESSAGES.usedUp);
  expect((await server.prisma.promoCode.findUniqueOrThrow({ where: { code: 'FIVEOFF' } })).uses).toBe(1);
  // A refused card gives its promo use back.
  const z = await artist();
  await server.prisma.promoCode.create({ data: { code: 'ONCE', type: 'DOLLAR', amountMinor: 100, maxUses: 1 } });
  expect((await buy(z.cookie, { paymentMethodNonce: await nonceFor(z.cookie, { number: '4000111111111115' }), promoCode: 'ONCE' })).status).toBe(400);
  expect((await server.prisma.promoCode.findUniqueOrThrow({ where: { code: 'ONCE' } })).uses).toBe(0);
});

test('paying from the balance posts a BALANCE_PAYMENT; too little balance says so and changes nothing', async () => {
  const poor = await artist();
  const refused = await buy(poor.cookie, { useBalance: true });
  expect(refused).toMatchObject({ status: 400, body: { message: 'The requested amount exceeds the available balance' } });
  const { user, cookie } = await artist();
  const wallet = await walletAccount(server.prisma, user.id);
  const sales = await ensureAccount(server.prisma, { kind: 'SALES_CLEARING' });
  await postTransaction(server.prisma, { kind: 'SALES_POSTING', idempotencyKey: `test-sales:${user.id}`, entries: [{ accountId: sales.id, amountMinor: -2500n }, { accountId: wallet.id, amountMinor: 2500n }] });
  const gql = await server.gql<{ purchasePlan: { payment: { amount: string; method: string }; subscription: { paymentMethod: { type: string } } } }>(
    'mutation($i: PurchasePlanInput!) { purchasePlan(input: $i) { payment { amount method } subscription { paymentMethod { type } } } }',
    { i: { planName: 'COMMERCIAL_BETA', useBalance: true, autoRenew: true, idempotencyKey: newKey() } },
    { cookie },
  );
  expect(gql.body.data?.purchasePlan).toEqual({ payment: { amount: '20.00', method: 'Balance' }, subscription: { paymentMethod: { type: 'LEVEL_BALANCE' } } });
  expect((await server.prisma.ledgerAccount.findUniqueOrThrow({ where: { id: wallet.id } })).balanceMinor).toBe(500n);
  expect(await server.prisma.ledgerTransaction.count({ where: { kind: 'BALANCE_PAYMENT', entries: { some: { accountId: wallet.id } } } })).toBe(1);
  expect((await checkLedger(server.prisma)).ok).toBe(true);
});

test('auto-renew switch, change of card and cancel-all are audited; a refused new card changes nothing', async () => {
  const { user, cookie } = await artist();
  await buy(cookie, { paymentMethodNonce: await nonceFor(cookie, { number: '4111111111111111' }), autoRenew: false });
  expect((await rest('POST', '/braintree/autorenew', cookie, { autoRenew: true })).body.subscription).toMatchObject({ autoRenew: true });
  const declined = await rest('POST', '/braintree/updatepurchase', cookie, { paymentMethodNonce: await nonceFor(cookie, { number: '4111111111111111', cvv: '200' }) });
  expect(declined).toMatchObject({ status: 400, body: { message: 'The CVV provided does not match. Please try again' } });
  const changed = await rest('POST', '/braintree/updatepurchase', cookie, { paymentMethodNonce: await nonceFor(cookie, { number: '378282246310005', cvv: '1234' }) });
  expect(changed.body).toMatchObject({ paymentMethod: { cardType: 'american-express', last4: '0005', isDefault: true }, subscription: { paymentMethod: { last4: '0005' } } });
  const cancelled = await rest('GET', '/braintree/cancel-all', cookie);
  expect(cancelled.body.subscriptions).toMatchObject([{ autoRenew: false, renewalDate: null, status: 'ACTIVE' }]);
  const kinds = (await server.prisma.auditEvent.findMany({ where: { userId: user.id, category: { in: ['SUBSCRIPTION', 'PAYMENT'] } }, orderBy: { createdAt: 'asc' } })).map((e) => e.subcategory);
  expect(kinds).toEqual(['AUTORENEW_UPDATE', 'PAYMENT_UPDATE', 'AUTORENEW_UPDATE']);
  const token = await rest('GET', '/braintree/token', cookie);
  expect(token.body).toMatchObject({ gateway: 'sandbox', clientToken: expect.stringMatching(/^sbx_client\./) });
  const type = await rest('POST', '/braintree/paymentMethodType', cookie, { paymentMethodNonce: await nonceFor(cookie, { number: '6011111111111117' }) });
  expect(type.body).toEqual({ type: 'credit_card', cardType: 'discover', lastFour: '1117', threeDSecureStatus: null });
});

test('authorization: signed-out callers, support acting as the person, and other people', async () => {
  const { user, cookie } = await artist();
  await buy(cookie, { paymentMethodNonce: await nonceFor(cookie, { number: '4111111111111111' }) });
  for (const [method, p, body] of [['GET', '/braintree/token'], ['POST', '/braintree/createpurchase', { planName: 'COMMERCIAL_BETA', useBalance: true }], ['POST', '/braintree/updatepurchase', { paymentMethodNonce: 'x' }], ['POST', '/braintree/autorenew', { autoRenew: false }], ['GET', '/braintree/cancel-all'], ['POST', '/payments-sandbox/tokenize', { number: '4111111111111111', expirationDate: '12/30' }]] as const) {
    expect((await rest(method, p, null, body)).status).toBe(401);
  }
  const support = await buildUser(server.prisma, { role: 'SUPPORT' });
  const acting = await sessionCookieFor(server.prisma, user.id, support.id);
  for (const [method, p, body] of [['GET', '/braintree/token'], ['POST', '/braintree/createpurchase', { planName: 'COMMERCIAL_BETA', useBalance: true, idempotencyKey: newKey() }], ['POST', '/braintree/updatepurchase', { paymentMethodNonce: 'x' }], ['POST', '/braintree/autorenew', { autoRenew: false }], ['GET', '/braintree/cancel-all']] as const) {
    expect(await rest(method, p, acting, body)).toMatchObject({ status: 403, body: { key: 'impersonation-refused' } });
  }
  const read = await server.gql<{ viewer: { subscription: { autoRenew: boolean }; payments: unknown[] } }>('{ viewer { subscription { autoRenew } payments { id } } }', {}, { cookie: acting });
  expect(read.body.data?.viewer).toMatchObject({ subscription: { autoRenew: true }, payments: [{}] });
  const stranger = await artist();
  const theirs = await server.gql<{ viewer: { subscription: null; payments: unknown[]; paymentMethods: unknown[] } }>('{ viewer { subscription { id } payments { id } paymentMethods { id } } }', {}, { cookie: stranger.cookie });
  expect(theirs.body.data?.viewer).toEqual({ subscription: null, payments: [], paymentMethods: [] });
});

test('bad input: unknown plan, a plan not for sale, forged nonce, both or no way to pay, bad key, wrong types', async () => {
  const { user, cookie } = await artist();
  expect((await buy(cookie, { planName: 'GOLD', useBalance: true })).body).toMatchObject({ message: 'Unknown plan', key: 'unknown-plan' });
  expect((await buy(cookie, { planName: 'FREE', useBalance: true })).body).toMatchObject({ message: 'This plan cannot be bought' });
  expect((await buy(cookie, { planName: 'VIP', useBalance: true })).status).toBe(400);
  expect((await buy(cookie, { paymentMethodNonce: 'sbx_nonce.eyJ4IjoxfQ.forged' })).body).toMatchObject({ message: M.invalidNonce });
  expect((await buy(cookie, { paymentMethodNonce: 'fake-valid-nonce', useBalance: true })).body.message).toBe('Choose one way to pay: a card, PayPal or your balance');
  expect((await buy(cookie, {})).status).toBe(400);
  expect((await buy(cookie, { useBalance: true, idempotencyKey: 'short' })).status).toBe(400);
  expect((await buy(cookie, { useBalance: 'yes' })).status).toBe(400);
  expect((await buy(cookie, { planName: 42, useBalance: true })).status).toBe(400);
  expect((await rest('POST', '/braintree/autorenew', cookie, { autoRenew: 'maybe' })).status).toBe(400);
  expect((await rest('POST', '/braintree/autorenew', cookie, { autoRenew: true })).status).toBe(404);
  expect((await rest('POST', '/payments-sandbox/tokenize', cookie, { number: '4111111111111112', expirationDate: '12/30' })).body.message).toBe('Please enter a valid card number');
  expect((await rest('POST', '/payments-sandbox/tokenize', cookie, { number: '3530111333300000', expirationDate: '12/30' })).body.message).toBe(M.cardNotAccepted);
  expect((await rest('POST', '/payments-sandbox/tokenize', cookie, { number: '4111111111111111', expirationDate: '13/30' })).status).toBe(400);
  expect((await rest('POST', '/braintree/paymentMethodType', cookie, { paymentMethodNonce: 'forged' })).status).toBe(400);
  const gql = await server.gql('mutation { purchasePlan(input: { planName: "COMMERCIAL_BETA", idempotencyKey: "abcdefgh12" }) { created } }', {}, { cookie });
  expect(gql.body.errors?.[0]).toMatchObject({ message: 'Choose one way to pay: a card, PayPal or your balance', extensions: { code: 'BAD_USER_INPUT' } });
  // Only the forged nonce reached the gateway: a refused attempt, nothing charged.
  expect(await server.prisma.payment.findMany({ where: { userId: user.id }, select: { status: true, failureKind: true } })).toEqual([{ status: 'FAILED', failureKind: 'invalid_nonce' }]);
});

test('renewals with a fake clock: success, past due, retries on schedule, a new card pays, downgrade after grace', async () => {
  const deps = { prisma: server.prisma, config: server.config, logger };
  const ok = await artist();
  await buy(ok.cookie, { paymentMethodNonce: await nonceFor(ok.cookie, { number: '4111111111111111' }) });
  const late = await artist();
  await buy(late.cookie, { paymentMethodNonce: await nonceFor(late.cookie, { number: '4000000000000341' }) });
  const gone = await artist();
  await buy(gone.cookie, { paymentMethodNonce: await nonceFor(gone.cookie, { number: '4000000000000341' }) });
  const lapsing = await artist();
  await buy(lapsing.cookie, { paymentMethodNonce: await nonceFor(lapsing.cookie, { number: '4111111111111111' }), autoRenew: false });
  const subOf = (userId: string) => server.prisma.subscription.findFirstOrThrow({ where: { userId }, orderBy: { createdAt: 'desc' } });
  const end = (await subOf(ok.user.id)).currentPeriodEnd!;
  const at = (days: number) => new Date(end.getTime() + days * DAY + 60_000);

  await runRenewals(deps, at(0));
  expect(await subOf(ok.user.id)).toMatchObject({ status: 'ACTIVE', failedChargeCount: 0 });
  expect((await subOf(ok.user.id)).currentPeriodEnd!.getUTCFullYear()).toBe(end.getUTCFullYear() + 1);
  expect(await server.prisma.outboxEmail.count({ where: { to: ok.user.email, template: 'receipt' } })).toBe(2);
  expect(await subOf(late.user.id)).toMatchObject({ status: 'PAST_DUE', failedChargeCount: 1 });
  expect(await subOf(lapsing.user.id)).toMatchObject({ status: 'EXPIRED' });
  expect((await rest('GET', '/users/active-subscription', late.cookie)).body.planName).toBe('COMMERCIAL_BETA');
  expect((await rest('GET', '/users/active-subscription', lapsing.cookie)).body.planName).toBe('FREE');

  await runRenewals(deps, at(0.5)); // before the first retry day: nothing
  expect(await subOf(gone.user.id)).toMatchObject({ failedChargeCount: 1 });
  await runRenewals(deps, at(1));
  expect(await subOf(gone.user.id)).toMatchObject({ status: 'PAST_DUE', failedChargeCount: 2 });
  // The late payer changes card before the second retry: that retry pays.
  await rest('POST', '/braintree/updatepurchase', late.cookie, { paymentMethodNonce: await nonceFor(late.cookie, { number: '5555555555554444' }) });
  await runRenewals(deps, at(3));
  expect(await subOf(late.user.id)).toMatchObject({ status: 'ACTIVE', failedChargeCount: 0, pastDueSince: null });
  expect(await subOf(gone.user.id)).toMatchObject({ status: 'PAST_DUE', failedChargeCount: 3 });
  await runRenewals(deps, at(7));
  expect(await subOf(gone.user.id)).toMatchObject({ status: 'PAST_DUE', failedChargeCount: 4 });
  await runRenewals(deps, at(10)); // no retries left
  expect(await subOf(gone.user.id)).toMatchObject({ failedChargeCount: 4 });
  await runRenewals(deps, at(14));
  expect(await subOf(gone.user.id)).toMatchObject({ status: 'EXPIRED', autoRenew: false });
  expect((await rest('GET', '/users/active-subscription', gone.cookie)).body.planName).toBe('FREE');
  const events = async (userId: string) => (await server.prisma.auditEvent.findMany({ where: { userId, category: { in: ['PLAN', 'SUBSCRIPTION'] } }, orderBy: { createdAt: 'asc' } })).map((e) => e.subcategory);
  expect(await events(ok.user.id)).toEqual(['PLAN_UPDATED_BY_USER', 'PLAN_AUTORENEWED']);
  expect(await events(late.user.id)).toEqual(['PLAN_UPDATED_BY_USER', 'SUBSCRIPTION_PAST_DUE', 'SUBSCRIPTION_CHARGED_UNSUCCESSFULLY', 'SUBSCRIPTION_CHARGED_UNSUCCESSFULLY', 'PLAN_AUTORENEWED']);
  expect(await events(gone.user.id)).toEqual([
    'PLAN_UPDATED_BY_USER', 'SUBSCRIPTION_PAST_DUE', 'SUBSCRIPTION_CHARGED_UNSUCCESSFULLY', 'SUBSCRIPTION_CHARGED_UNSUCCESSFULLY', 'SUBSCRIPTION_CHARGED_UNSUCCESSFULLY', 'SUBSCRIPTION_CHARGED_UNSUCCESSFULLY', 'UNSUCCESSFUL_SUBSCRIPTION', 'PLAN_DOWNGRADE',
  ]);
  expect(await events(lapsing.user.id)).toEqual(['PLAN_UPDATED_BY_USER', 'PLAN_DOWNGRADE']);
  // Running the sweep again at the same moment charges nobody twice.
  const before = await server.prisma.payment.count();
  await runRenewals(deps, at(14));
  expect(await server.prisma.payment.count()).toBe(before);
  expect((await checkLedger(server.prisma)).ok).toBe(true);
});
