/**
 * Promo code limits under parallel purchases (overall and per person, a person may use a code more
 * than once when the code allows), and the sweep that expires payments stuck in PENDING.
 */
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildUser } from '../../test/factories.ts';
import { createLogger } from '../../logger.ts';
import { PROMO_MESSAGES } from '@cadence/domain/payments';
import { newKey, plansKit } from './__test-support__/plans-kit.ts';
import { expireStalePayments, PLAN_MESSAGES, reservePromoUse, runRenewals } from './plans.service.ts';
import { EXPIRE_PENDING_JOB, plansJobHandlers, schedulePlanSweeps } from './plans.jobs.ts';

let server: TestServer;
const logger = createLogger('error');
const MINUTE = 60_000;

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(() => server.close());

const { rest, artist, nonceFor, buy } = plansKit(() => server);
const visa = '4111111111111111';

/** Ends the person's plan so they may buy again (as after an expiry). */
async function lapse(userId: string) {
  await server.prisma.subscription.updateMany({ where: { userId }, data: { status: 'EXPIRED', autoRenew: false } });
}

async function promoState(code: string) {
  const promo = await server.prisma.promoCode.findUniqueOrThrow({ where: { code }, include: { redemptions: true } });
  const paid = await server.prisma.payment.count({ where: { promoCodeId: promo.id, status: 'SUCCEEDED' } });
  return { uses: promo.uses, redemptions: promo.redemptions, paid };
}

test('a code allowing two uses per person: a person uses it twice, the third time is refused', async () => {
  await server.prisma.promoCode.create({ data: { code: 'TWICEEACH', type: 'DOLLAR', amountMinor: 300, maxUsesPerUser: 2 } });
  const { user, cookie } = await artist();
  for (const round of [1, 2]) {
    const res = await buy(cookie, { paymentMethodNonce: await nonceFor(cookie, { number: visa }), promoCode: 'twiceeach' });
    expect(res.status).toBe(201);
    expect(res.body.payment).toMatchObject({ amount: '17.00', discount: '3.00', promoCode: 'TWICEEACH' });
    await lapse(user.id);
    if (round === 1) expect((await rest('GET', '/promo-code/check?promoCode=TWICEEACH', cookie)).body).toMatchObject({ valid: true });
  }
  expect((await rest('GET', '/promo-code/check?promoCode=TWICEEACH', cookie)).body).toMatchObject({ valid: false, message: PROMO_MESSAGES.alreadyUsed });
  const third = await buy(cookie, { paymentMethodNonce: await nonceFor(cookie, { number: visa }), promoCode: 'TWICEEACH' });
  expect(third).toMatchObject({ status: 400, body: { message: PROMO_MESSAGES.alreadyUsed } });
  const state = await promoState('TWICEEACH');
  expect(state.uses).toBe(2);
  expect(state.redemptions.map((r) => r.useNumber).sort()).toEqual([1, 2]);
  expect(state.redemptions.every((r) => r.userId === user.id && r.subscriptionId && r.paymentId)).toBe(true);
  expect(await server.prisma.auditEvent.count({ where: { userId: user.id, subcategory: 'PROMO_CODE_USAGE' } })).toBe(2);
  // A refused card gives back the person's use, not another one of theirs.
  const other = await artist();
  expect((await buy(other.cookie, { paymentMethodNonce: await nonceFor(other.cookie, { number: '4000111111111115' }), promoCode: 'TWICEEACH' })).status).toBe(400);
  expect((await promoState('TWICEEACH')).uses).toBe(2);
  expect((await promoState('TWICEEACH')).redemptions).toHaveLength(2);
});

test('parallel purchases with one code never pass the overall or the per-person limit', async () => {
  await server.prisma.promoCode.create({ data: { code: 'RUSH', type: 'DISCOUNT', percentBps: 1000, maxUses: 5, maxUsesPerUser: 2 } });
  const people = await Promise.all([artist(), artist(), artist(), artist()]);
  const outcomes: number[] = [];
  for (let round = 0; round < 3; round++) {
    // Every person fires three purchases at once (distinct keys and cards).
    const requests = await Promise.all(people.flatMap((p) => [0, 1, 2].map(async () => ({ p, nonce: await nonceFor(p.cookie, { number: visa }) }))));
    const results = await Promise.all(requests.map(({ p, nonce }) => buy(p.cookie, { paymentMethodNonce: nonce, promoCode: 'RUSH' })));
    outcomes.push(results.filter((r) => r.status === 201).length);
    for (const r of results) if (r.status !== 201) expect([400, 409]).toContain(r.status);
    const state = await promoState('RUSH');
    expect(state.uses).toBeLessThanOrEqual(5);
    expect(state.uses).toBe(state.redemptions.length);
    expect(state.uses).toBe(state.paid);
    for (const p of people) expect(state.redemptions.filter((r) => r.userId === p.user.id).length).toBeLessThanOrEqual(2);
    for (const p of people) await lapse(p.user.id);
  }
  // Each person got one use in the first round; one more use was left for the second; none after.
  expect(outcomes).toEqual([4, 1, 0]);
  expect((await rest('GET', '/promo-code/check?promoCode=RUSH', null)).body).toMatchObject({ valid: false, message: PROMO_MESSAGES.usedUp });
});

test('parallel reservations for one person take distinct slots up to the per-person limit', async () => {
  const promo = await server.prisma.promoCode.create({ data: { code: 'SLOTS', type: 'DOLLAR', amountMinor: 100, maxUsesPerUser: 2 } });
  const user = await buildUser(server.prisma);
  const payments = await Promise.all([0, 1, 2, 3, 4].map(() => server.prisma.payment.create({ data: { userId: user.id, amountMinor: 1900n, status: 'PENDING', provider: 'sandbox', idempotencyKey: `purchase:${user.id}:${newKey()}`, promoCodeId: promo.id } })));
  const settled = await Promise.allSettled(payments.map((p) => server.prisma.$transaction((tx) => reservePromoUse(tx, promo, { userId: user.id, paymentId: p.id, discountMinor: 100n }))));
  expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(2);
  const state = await promoState('SLOTS');
  expect(state.uses).toBe(2);
  expect(state.redemptions.map((r) => r.useNumber).sort()).toEqual([1, 2]);
});

test('a payment stuck in PENDING is expired by the sweep: promo use released, purchase unblocked, audited', async () => {
  const deps = { prisma: server.prisma, config: server.config, logger };
  const promo = await server.prisma.promoCode.create({ data: { code: 'STUCK', type: 'DOLLAR', amountMinor: 500, maxUses: 1 } });
  const { user, cookie } = await artist();
  const now = new Date();
  const expiry = server.config.payments.pendingExpiryMinutes;
  // A purchase that died after reserving the promo's only use (its request never settled it).
  const stuck = await server.prisma.payment.create({ data: { userId: user.id, amountMinor: 1500n, discountMinor: 500n, status: 'PENDING', provider: 'sandbox', idempotencyKey: `purchase:${user.id}:stuck-key-1`, promoCodeId: promo.id, createdAt: new Date(now.getTime() - (expiry + 1) * MINUTE) } });
  await server.prisma.$transaction((tx) => reservePromoUse(tx, promo, { userId: user.id, paymentId: stuck.id, discountMinor: 500n }));
  const young = await server.prisma.payment.create({ data: { userId: (await buildUser(server.prisma)).id, amountMinor: 2000n, status: 'PENDING', provider: 'sandbox', idempotencyKey: `purchase:young:${newKey()}`, createdAt: new Date(now.getTime() - (expiry - 1) * MINUTE) } });
  expect((await rest('GET', '/promo-code/check?promoCode=STUCK', null)).body.message).toBe(PROMO_MESSAGES.usedUp);

  expect(await expireStalePayments(deps, now)).toBe(1);
  expect(await server.prisma.payment.findUniqueOrThrow({ where: { id: stuck.id } })).toMatchObject({ status: 'FAILED', failureKind: 'expired', failureMessage: PLAN_MESSAGES.expired });
  expect(await server.prisma.payment.findUniqueOrThrow({ where: { id: young.id } })).toMatchObject({ status: 'PENDING' });
  expect((await promoState('STUCK')).uses).toBe(0);
  expect((await promoState('STUCK')).redemptions).toHaveLength(0);
  const audit = await server.prisma.auditEvent.findFirstOrThrow({ where: { entityId: stuck.id, subcategory: 'PAYMENT_EXPIRED' } });
  expect(audit).toMatchObject({ category: 'PAYMENT', userId: user.id, newValues: { status: 'FAILED', promoUseReleased: true } });
  // The same key answers the expiry; a new purchase (with the code given back) goes through.
  expect(await buy(cookie, { useBalance: true, idempotencyKey: 'stuck-key-1' })).toMatchObject({ status: 400, body: { message: PLAN_MESSAGES.expired } });
  expect((await buy(cookie, { paymentMethodNonce: await nonceFor(cookie, { number: visa }), promoCode: 'STUCK' })).status).toBe(201);
  // Running the sweep again changes nothing.
  expect(await expireStalePayments(deps, now)).toBe(0);
  expect(await server.prisma.auditEvent.count({ where: { entityId: stuck.id, subcategory: 'PAYMENT_EXPIRED' } })).toBe(1);
});

test('a renewal charge stuck in PENDING counts as a failed attempt, so the retry schedule goes on', async () => {
  const deps = { prisma: server.prisma, config: server.config, logger };
  const { user, cookie } = await artist();
  expect((await buy(cookie, { paymentMethodNonce: await nonceFor(cookie, { number: visa }) })).status).toBe(201);
  const sub = await server.prisma.subscription.findFirstOrThrow({ where: { userId: user.id } });
  const end = sub.currentPeriodEnd!;
  // The renewal at period end died after creating its payment.
  await server.prisma.payment.create({ data: { userId: user.id, subscriptionId: sub.id, amountMinor: 2000n, status: 'PENDING', provider: 'sandbox', idempotencyKey: `renewal:${sub.id}:${end.toISOString()}:0`, createdAt: end } });
  const later = new Date(end.getTime() + 30 * MINUTE);
  await runRenewals(deps, later); // the attempt's key is taken: nothing happens
  expect(await server.prisma.subscription.findUniqueOrThrow({ where: { id: sub.id } })).toMatchObject({ status: 'ACTIVE', failedChargeCount: 0 });
  expect(await expireStalePayments(deps, later)).toBeGreaterThanOrEqual(1); // with the older tests' leftovers
  expect(await server.prisma.subscription.findUniqueOrThrow({ where: { id: sub.id } })).toMatchObject({ status: 'PAST_DUE', failedChargeCount: 1 });
  const kinds = (await server.prisma.auditEvent.findMany({ where: { userId: user.id, category: { in: ['SUBSCRIPTION', 'PAYMENT'] } } })).map((e) => e.subcategory);
  expect(kinds.sort()).toEqual(['PAYMENT_EXPIRED', 'SUBSCRIPTION_CHARGED_UNSUCCESSFULLY', 'SUBSCRIPTION_PAST_DUE']);
  // The first retry day charges the saved card (a new attempt key) and the plan is active again.
  await runRenewals(deps, new Date(later.getTime() + 24 * 3600_000));
  expect(await server.prisma.subscription.findUniqueOrThrow({ where: { id: sub.id } })).toMatchObject({ status: 'ACTIVE', failedChargeCount: 0 });
});

test('the sweep is a durable job: scheduled once at start-up, and each run schedules the next', async () => {
  await schedulePlanSweeps(server.prisma);
  await schedulePlanSweeps(server.prisma);
  const queued = await server.prisma.job.findMany({ where: { name: EXPIRE_PENDING_JOB, status: 'QUEUED' } });
  expect(queued).toHaveLength(1);
  const handler = plansJobHandlers({ prisma: server.prisma, config: server.config, logger })[EXPIRE_PENDING_JOB]!;
  await server.prisma.job.update({ where: { id: queued[0]!.id }, data: { status: 'RUNNING' } });
  await handler({}, { id: queued[0]!.id, name: EXPIRE_PENDING_JOB, payload: {}, attempts: 1, maxAttempts: 3 });
  const next = await server.prisma.job.findFirstOrThrow({ where: { name: EXPIRE_PENDING_JOB, status: 'QUEUED' } });
  expect(next.id).not.toBe(queued[0]!.id);
  expect(next.runAt.getTime()).toBeGreaterThan(Date.now() + 4 * MINUTE);
});
