/**
 * Plans and payments (issue 15; supporting §3, §7, §8): buying the annual plan by card, PayPal or
 * the balance, promo codes, auto-renew, changing the payment method, and the renewal sweep.
 *
 * Money rules: amounts are integer minor units; a purchase is a Payment row created PENDING under
 * its idempotency key before the gateway is called (so the same key never charges twice and a
 * second purchase while one is in flight is refused); the gateway's answer then settles the row,
 * the subscription, the promo redemption and the ledger posting in one database transaction.
 * Paying from the balance is a BALANCE_PAYMENT through the ledger service.
 */
import type { AppContext, Viewer } from '../../context.ts';
import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import type { BillingPeriod, Payment, PaymentMethod, Plan, PlanName, Prisma, PrismaClient, PromoCode, Subscription } from '../../generated/prisma/client.ts';
import { badInput, DomainError } from '../../domain-error.ts';
import { isUniqueViolation } from '../../db/prisma-errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { sendMail } from '../mail/mail.service.ts';
import { refuseWhileActing } from '../support/impersonation.policy.ts';
import { requireViewer } from '../users/users.policy.ts';
import { ensureAccount, LEDGER_ERROR_KEYS, postTransactionIn, walletAccount } from '../ledger/ledger.service.ts';
import { paymentGateway } from '../../integrations/payments/create-payment-gateway.ts';
import type { NonceInfo, VaultedMethod } from '../../integrations/payments/payment-gateway.ts';
import { addYear, paymentFailureMessage, promoDiscount, PROMO_MESSAGES, type PaymentFailure } from '@cadence/domain/payments';
import { isPlanName } from '@cadence/domain/plans';
import { formatMinor, formatUsd } from '@cadence/domain/money';
import { formatUsDate } from '@cadence/domain/date-string';

type Tx = Prisma.TransactionClient;

/** Who runs a use-case: a request's context, or the renewal job's (no viewer). */
export type PlansCtx = Pick<AppContext, 'prisma' | 'config' | 'logger' | 'viewer' | 'requestId'> & Partial<AppContext>;

/** A date as people read it (MM/dd/yyyy, UTC). */
function usDate(d: Date): string {
  return formatUsDate(d.toISOString()) ?? d.toISOString().slice(0, 10);
}

const PENDING_WINDOW_MS = 10 * 60_000;
const DAY_MS = 24 * 3600_000;

export const PLAN_MESSAGES = {
  unknownPlan: 'Unknown plan',
  notForSale: 'This plan cannot be bought',
  oneSource: 'Choose one way to pay: a card, PayPal or your balance',
  inFlight: 'A purchase is already in progress. Please wait for it to finish',
  noSubscription: 'You have no plan to change',
  noMethod: 'Add a payment method before turning on auto-renew',
  insufficient: 'The requested amount exceeds the available balance',
  badKey: 'idempotencyKey must be 8 to 100 letters, digits, dashes or underscores',
  expired: 'The payment did not finish in time and was cancelled',
} as const;

// ------------------------------------------------------------------ views

export interface PaymentMethodView {
  id: string;
  type: 'paypal_account' | 'credit_card' | 'level_balance' | 'other';
  cardBrand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
  paypalEmail: string | null;
  isDefault: boolean;
  /** 'Visa ending in 1111', 'PayPal (a@b.c)', 'Balance'. */
  label: string;
}

export interface PlanView {
  name: PlanName;
  displayName: string;
  description: string | null;
  priceMinor: bigint;
  currency: string;
  billingPeriod: BillingPeriod;
  primaryArtistLimit: number;
  trackLimit: number;
  distributionFeeBps: number;
  features: string[];
  purchasable: boolean;
}

export interface SubscriptionView {
  id: string;
  plan: PlanView;
  status: Subscription['status'];
  autoRenew: boolean;
  currentPeriodStart: Date;
  currentPeriodEnd: Date | null;
  /** When the next charge happens (the period end while auto-renew is on). */
  renewalDate: Date | null;
  pastDueSince: Date | null;
  canceledAt: Date | null;
  paymentMethod: PaymentMethodView | null;
}

export interface PaymentView {
  id: string;
  planName: PlanName | null;
  amountMinor: bigint;
  discountMinor: bigint;
  currency: string;
  status: Payment['status'];
  promoCode: string | null;
  method: string;
  failureKind: string | null;
  failureMessage: string | null;
  createdAt: Date;
}

const BRAND_NAMES: Record<string, string> = { VISA: 'Visa', MASTER_CARD: 'Mastercard', DISCOVER: 'Discover', AMERICAN_EXPRESS: 'American Express' };
const METHOD_TYPES = { PAYPAL_ACCOUNT: 'paypal_account', CREDIT_CARD: 'credit_card', LEVEL_BALANCE: 'level_balance', OTHER: 'other' } as const;

export function presentMethod(m: PaymentMethod): PaymentMethodView {
  const label =
    m.type === 'CREDIT_CARD' ? `${BRAND_NAMES[m.cardBrand ?? ''] ?? 'Card'} ending in ${m.last4 ?? '????'}` : m.type === 'PAYPAL_ACCOUNT' ? `PayPal (${m.paypalEmail ?? 'account'})` : m.type === 'LEVEL_BALANCE' ? 'Balance' : 'Other';
  return { id: m.id, type: METHOD_TYPES[m.type], cardBrand: m.cardBrand ? m.cardBrand.toLowerCase().replace('_', '-') : null, last4: m.last4, expMonth: m.expMonth, expYear: m.expYear, paypalEmail: m.paypalEmail, isDefault: m.isDefault, label };
}

export function presentPlan(p: Plan): PlanView {
  return { name: p.name, displayName: p.displayName, description: p.description, priceMinor: BigInt(p.priceMinor), currency: p.currency.trim(), billingPeriod: p.billingPeriod, primaryArtistLimit: p.primaryArtistLimit, trackLimit: p.trackLimit, distributionFeeBps: p.distributionFeeBps, features: p.features, purchasable: p.purchasable };
}

function presentSubscription(s: Subscription & { plan: Plan; paymentMethod: PaymentMethod | null }): SubscriptionView {
  return {
    id: s.id,
    plan: presentPlan(s.plan),
    status: s.status,
    autoRenew: s.autoRenew,
    currentPeriodStart: s.currentPeriodStart,
    currentPeriodEnd: s.currentPeriodEnd,
    renewalDate: s.autoRenew && (s.status === 'ACTIVE' || s.status === 'PAST_DUE') ? s.currentPeriodEnd : null,
    pastDueSince: s.pastDueSince,
    canceledAt: s.canceledAt,
    paymentMethod: s.paymentMethod && !s.paymentMethod.deletedAt ? presentMethod(s.paymentMethod) : null,
  };
}

function presentPayment(p: Payment & { paymentMethod: PaymentMethod | null; promoCode: PromoCode | null; subscription: Subscription | null }): PaymentView {
  return {
    id: p.id,
    planName: p.subscription?.planName ?? null,
    amountMinor: p.amountMinor,
    discountMinor: p.discountMinor,
    currency: p.currency.trim(),
    status: p.status,
    promoCode: p.promoCode?.code ?? null,
    method: p.paymentMethod ? presentMethod(p.paymentMethod).label : p.provider === 'ledger' ? 'Balance' : 'Card',
    failureKind: p.failureKind,
    failureMessage: p.failureMessage,
    createdAt: p.createdAt,
  };
}

const subscriptionInclude = { plan: true, paymentMethod: true } as const;
const paymentInclude = { paymentMethod: true, promoCode: true, subscription: true } as const;

/** The person's own money and plan: support acting as them may read, never pay or change. */
function owner(ctx: PlansCtx, write: boolean): Viewer {
  const viewer = requireViewer(ctx.viewer);
  if (write) refuseWhileActing(viewer, 'money');
  return viewer;
}

// ------------------------------------------------------------------ reads

/** Every plan, cheapest first (the comparison on /choose-your-plan). */
export async function listPlans(ctx: Pick<AppContext, 'prisma'>): Promise<PlanView[]> {
  const rows = await ctx.prisma.plan.findMany({ orderBy: [{ sortOrder: 'asc' }, { name: 'asc' }] });
  return rows.map(presentPlan);
}

async function currentSubscriptionRow(db: PrismaClient | Tx, userId: string, now: Date) {
  return db.subscription.findFirst({
    where: { userId, OR: [{ status: 'PAST_DUE' }, { status: 'ACTIVE', OR: [{ currentPeriodEnd: null }, { currentPeriodEnd: { gt: now } }] }] },
    orderBy: { currentPeriodStart: 'desc' },
    include: subscriptionInclude,
  });
}

/** The viewer's current subscription (ACTIVE in its period, or PAST_DUE in its grace period); null on FREE. */
export async function getSubscription(ctx: PlansCtx): Promise<SubscriptionView | null> {
  const viewer = owner(ctx, false);
  const row = await currentSubscriptionRow(ctx.prisma, viewer.userId, new Date());
  return row ? presentSubscription(row) : null;
}

/** The viewer's saved payment methods (not removed), default first. */
export async function listPaymentMethods(ctx: PlansCtx): Promise<PaymentMethodView[]> {
  const viewer = owner(ctx, false);
  const rows = await ctx.prisma.paymentMethod.findMany({ where: { userId: viewer.userId, deletedAt: null }, orderBy: [{ isDefault: 'desc' }, { createdAt: 'desc' }] });
  return rows.map(presentMethod);
}

/** The viewer's payments (receipts and refused charges), newest first. */
export async function listPayments(ctx: PlansCtx, input: { first?: number | null } = {}): Promise<PaymentView[]> {
  const viewer = owner(ctx, false);
  const take = Math.min(Math.max(input.first ?? 50, 1), 100);
  const rows = await ctx.prisma.payment.findMany({ where: { userId: viewer.userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take, include: paymentInclude });
  return rows.map(presentPayment);
}

// ------------------------------------------------------------------ promo codes

export interface PromoCheck {
  valid: boolean;
  message: string | null;
  code: string;
  type: 'discount' | 'dollar' | null;
  percentBps: number | null;
  amountMinor: bigint | null;
  planNames: PlanName[];
  planName: PlanName | null;
  priceMinor: bigint | null;
  discountMinor: bigint;
  totalMinor: bigint | null;
}

class PromoRefusal extends Error {
  constructor(
    readonly key: keyof typeof PROMO_MESSAGES,
    readonly promo: PromoCode | null,
  ) {
    super(PROMO_MESSAGES[key]);
  }
}

function normaliseCode(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '' || value.trim().length > 50) throw new PromoRefusal('invalid', null);
  return value.trim().toUpperCase();
}

/** Finds a usable promo code for a plan and user, or says why not (PromoRefusal). Does not reserve a use. */
async function usablePromo(db: PrismaClient | Tx, code: string, plan: PlanName | null, userId: string | null, now: Date): Promise<PromoCode> {
  const promo = await db.promoCode.findUnique({ where: { code } });
  if (!promo || !promo.active) throw new PromoRefusal('invalid', null);
  if (promo.validFrom && promo.validFrom > now) throw new PromoRefusal('notYet', promo);
  if (promo.validUntil && promo.validUntil <= now) throw new PromoRefusal('expired', promo);
  if (promo.maxUses !== null && promo.uses >= promo.maxUses) throw new PromoRefusal('usedUp', promo);
  if (plan && promo.planNames.length > 0 && !promo.planNames.includes(plan)) throw new PromoRefusal('otherPlan', promo);
  if (userId && promo.maxUsesPerUser !== null && (await db.promoCodeRedemption.count({ where: { promoCodeId: promo.id, userId } })) >= promo.maxUsesPerUser) throw new PromoRefusal('alreadyUsed', promo);
  return promo;
}

/**
 * Reserves one use of a promo code for a purchase, under both limits, so parallel purchases can
 * never pass them: the overall count goes up only while `uses < maxUses` (one conditional UPDATE),
 * and the person's use takes the lowest free slot 1..maxUsesPerUser, which a unique index
 * (code, user, slot) makes exclusive — of two parallel reservations of one slot, one fails.
 */
export async function reservePromoUse(tx: Tx, promo: PromoCode, input: { userId: string; paymentId: string; discountMinor: bigint }): Promise<void> {
  const reserved = await tx.promoCode.updateMany({ where: { id: promo.id, OR: [{ maxUses: null }, { uses: { lt: promo.maxUses ?? 0 } }] }, data: { uses: { increment: 1 } } });
  if (reserved.count === 0) throw promoRefused(new PromoRefusal('usedUp', promo));
  const taken = new Set((await tx.promoCodeRedemption.findMany({ where: { promoCodeId: promo.id, userId: input.userId }, select: { useNumber: true } })).map((r) => r.useNumber));
  let slot = 1;
  while (taken.has(slot)) slot++;
  if (promo.maxUsesPerUser !== null && slot > promo.maxUsesPerUser) throw promoRefused(new PromoRefusal('alreadyUsed', promo));
  await tx.promoCodeRedemption.create({ data: { promoCodeId: promo.id, userId: input.userId, paymentId: input.paymentId, useNumber: slot, discountMinor: Number(input.discountMinor) } });
}

/** Gives back the promo use a purchase reserved (the card was refused, or the payment expired). */
async function releasePromoUse(tx: Tx, payment: Pick<Payment, 'id' | 'promoCodeId'>): Promise<boolean> {
  if (!payment.promoCodeId) return false;
  const { count } = await tx.promoCodeRedemption.deleteMany({ where: { paymentId: payment.id, subscriptionId: null } });
  if (count > 0) await tx.promoCode.update({ where: { id: payment.promoCodeId }, data: { uses: { decrement: count } } });
  return count > 0;
}

function promoRefused(err: PromoRefusal): DomainError {
  return badInput(err.message, [{ field: 'promoCode', key: `promo-${err.key}`, message: err.message }], `promo-${err.key}`);
}

async function purchasablePlan(db: PrismaClient | Tx, name: unknown): Promise<Plan> {
  const planName = typeof name === 'string' ? name.trim().toUpperCase() : '';
  if (!isPlanName(planName)) throw badInput(PLAN_MESSAGES.unknownPlan, [{ field: 'planName', key: 'unknown-plan', message: PLAN_MESSAGES.unknownPlan }], 'unknown-plan');
  const plan = await db.plan.findUnique({ where: { name: planName } });
  if (!plan) throw badInput(PLAN_MESSAGES.unknownPlan, [{ field: 'planName', key: 'unknown-plan', message: PLAN_MESSAGES.unknownPlan }], 'unknown-plan');
  if (!plan.purchasable || plan.priceMinor <= 0) throw badInput(PLAN_MESSAGES.notForSale, [{ field: 'planName', key: 'not-for-sale', message: PLAN_MESSAGES.notForSale }], 'not-for-sale');
  return plan;
}

/**
 * Checks a promo code (GET /api/promo-code/check, checkPromoCode): valid or the reason, and the
 * price it gives for the plan (the named one, else the cheapest plan it applies to). Signed-out
 * visitors may check too; the once-per-person rule is then checked at purchase.
 */
export async function checkPromoCode(ctx: Pick<AppContext, 'prisma' | 'viewer'>, input: { promoCode: unknown; planName?: unknown }): Promise<PromoCheck> {
  const now = new Date();
  const plan = input.planName !== undefined && input.planName !== null && input.planName !== '' ? await purchasablePlan(ctx.prisma, input.planName) : null;
  let code = '';
  try {
    code = normaliseCode(input.promoCode);
    const promo = await usablePromo(ctx.prisma, code, plan?.name ?? null, ctx.viewer?.userId ?? null, now);
    const target = plan ?? (await ctx.prisma.plan.findFirst({ where: { purchasable: true, priceMinor: { gt: 0 }, ...(promo.planNames.length ? { name: { in: promo.planNames } } : {}) }, orderBy: { priceMinor: 'asc' } }));
    const price = target ? BigInt(target.priceMinor) : null;
    const discount = price === null ? 0n : promoDiscount(price, promo);
    return {
      valid: true,
      message: null,
      code,
      type: promo.type === 'DISCOUNT' ? 'discount' : 'dollar',
      percentBps: promo.percentBps,
      amountMinor: promo.amountMinor === null ? null : BigInt(promo.amountMinor),
      planNames: promo.planNames,
      planName: target?.name ?? null,
      priceMinor: price,
      discountMinor: discount,
      totalMinor: price === null ? null : price - discount,
    };
  } catch (err) {
    if (!(err instanceof PromoRefusal)) throw err;
    const price = plan ? BigInt(plan.priceMinor) : null;
    return { valid: false, message: err.message, code, type: null, percentBps: null, amountMinor: null, planNames: err.promo?.planNames ?? [], planName: plan?.name ?? null, priceMinor: price, discountMinor: 0n, totalMinor: price };
  }
}

// ------------------------------------------------------------------ gateway helpers

/** A client token for the card form (GET /api/braintree/token). */
export async function clientToken(ctx: PlansCtx): Promise<{ clientToken: string; gateway: 'sandbox' | 'braintree' }> {
  const viewer = owner(ctx, true);
  const gateway = paymentGateway(ctx.config.payments);
  return { clientToken: await gateway.clientToken(viewer.userId), gateway: gateway.name };
}

/** What a nonce stands for (POST /api/braintree/paymentMethodType); an unknown nonce is a 400. */
export async function paymentMethodType(ctx: PlansCtx, nonce: unknown): Promise<NonceInfo> {
  owner(ctx, true);
  const info = typeof nonce === 'string' && nonce.length <= 4096 ? await paymentGateway(ctx.config.payments).describeNonce(nonce) : null;
  if (!info) throw refusal({ kind: 'invalid_nonce' });
  return info;
}

/** A refused payment as the error both transports show: 400 with the person's message and the kind. */
function refusal(failure: PaymentFailure, message = paymentFailureMessage(failure)): DomainError {
  return new DomainError('BAD_USER_INPUT', message, { key: 'payment-refused', failureKind: failure.kind, threeDSecureStatus: failure.threeDSecureStatus ?? null, fieldErrors: [{ field: 'payment', key: failure.kind, message }] });
}

function methodData(userId: string, provider: string, m: VaultedMethod): Prisma.PaymentMethodUncheckedCreateInput {
  return {
    userId,
    type: m.type === 'paypal_account' ? 'PAYPAL_ACCOUNT' : 'CREDIT_CARD',
    provider,
    providerToken: m.token,
    cardBrand: m.cardBrand ? (m.cardBrand.toUpperCase().replace('-', '_') as PaymentMethod['cardBrand']) : null,
    last4: m.last4 ?? null,
    expMonth: m.expMonth ?? null,
    expYear: m.expYear ?? null,
    paypalEmail: m.paypalEmail ?? null,
    isDefault: true,
  };
}

/** Saves a vaulted method as the user's default (the only default). */
async function saveMethod(tx: Tx, userId: string, provider: string, m: VaultedMethod): Promise<PaymentMethod> {
  await tx.paymentMethod.updateMany({ where: { userId, isDefault: true }, data: { isDefault: false } });
  const data = methodData(userId, provider, m);
  return tx.paymentMethod.upsert({ where: { provider_providerToken: { provider, providerToken: m.token } }, create: data, update: { isDefault: true, deletedAt: null } });
}

async function balanceMethod(tx: Tx, userId: string): Promise<PaymentMethod> {
  return tx.paymentMethod.upsert({
    where: { provider_providerToken: { provider: 'ledger', providerToken: `balance:${userId}` } },
    create: { userId, type: 'LEVEL_BALANCE', provider: 'ledger', providerToken: `balance:${userId}`, isDefault: false },
    update: { deletedAt: null },
  });
}

/** Posts the money of a successful payment: a card charge as SUBSCRIPTION_CHARGE, the balance as BALANCE_PAYMENT. */
async function postPayment(tx: Tx, payment: { id: string; userId: string; amountMinor: bigint; fromBalance: boolean; description: string }): Promise<string | null> {
  if (payment.amountMinor <= 0n) return null;
  const revenue = await ensureAccount(tx, { kind: 'SUBSCRIPTION_REVENUE' });
  const from = payment.fromBalance ? await walletAccount(tx, payment.userId) : await ensureAccount(tx, { kind: 'PAYMENTS_CLEARING' });
  const { transaction } = await postTransactionIn(tx, {
    kind: payment.fromBalance ? 'BALANCE_PAYMENT' : 'SUBSCRIPTION_CHARGE',
    idempotencyKey: `payment:${payment.id}`,
    description: payment.description,
    metadata: { paymentId: payment.id },
    entries: [
      { accountId: from.id, amountMinor: -payment.amountMinor },
      { accountId: revenue.id, amountMinor: payment.amountMinor },
    ],
  });
  return transaction.id;
}

async function sendReceipt(ctx: PlansCtx, paymentId: string): Promise<void> {
  try {
    const p = await ctx.prisma.payment.findUniqueOrThrow({ where: { id: paymentId }, include: { ...paymentInclude, user: true, subscription: { include: { plan: true } } } });
    if (!p.user || !p.subscription) return;
    const view = presentPayment(p);
    await sendMail(ctx as AppContext, {
      to: p.user.email,
      userId: p.user.id,
      template: 'receipt',
      receipt: {
        planName: p.subscription.plan.displayName,
        amount: formatUsd(p.amountMinor),
        discount: p.discountMinor > 0n ? `${formatUsd(p.discountMinor)}${view.promoCode ? ` (promo code ${view.promoCode})` : ''}` : null,
        method: view.method,
        paidAt: usDate(p.createdAt),
        periodEnd: p.subscription.currentPeriodEnd ? usDate(p.subscription.currentPeriodEnd) : 'further notice',
        paymentId: p.id,
      },
    });
  } catch (err) {
    // The payment stands; a receipt that failed to send is logged, not a failed purchase.
    ctx.logger.error('receipt mail failed', { paymentId, err: err as Error });
  }
}

// ------------------------------------------------------------------ purchase

export interface PurchaseInput {
  planName: unknown;
  paymentMethodNonce?: unknown;
  useBalance?: unknown;
  promoCode?: unknown;
  autoRenew?: unknown;
  idempotencyKey: unknown;
}

export interface PurchaseResult {
  subscription: SubscriptionView;
  payment: PaymentView;
  /** False when the idempotency key found an earlier purchase (nothing charged again). */
  created: boolean;
}

function readKey(value: unknown): string {
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{8,100}$/.test(value)) throw badInput(PLAN_MESSAGES.badKey, [{ field: 'idempotencyKey', key: 'invalid', message: PLAN_MESSAGES.badKey }], 'invalid');
  return value;
}

function readSource(input: PurchaseInput): { nonce: string } | { balance: true } {
  const nonce = input.paymentMethodNonce;
  const useBalance = input.useBalance === true;
  const hasNonce = typeof nonce === 'string' && nonce !== '';
  if (input.useBalance !== undefined && input.useBalance !== null && typeof input.useBalance !== 'boolean') throw badInput('useBalance must be true or false', [{ field: 'useBalance', key: 'invalid-type', message: 'useBalance must be true or false' }], 'invalid-type');
  if (nonce !== undefined && nonce !== null && typeof nonce !== 'string') throw refusal({ kind: 'invalid_nonce' });
  if (hasNonce === useBalance) throw badInput(PLAN_MESSAGES.oneSource, [{ field: 'paymentMethodNonce', key: 'required', message: PLAN_MESSAGES.oneSource }], 'required');
  if (hasNonce && (nonce as string).length > 4096) throw refusal({ kind: 'invalid_nonce' });
  return hasNonce ? { nonce: nonce as string } : { balance: true };
}

async function finished(ctx: PlansCtx, payment: Payment): Promise<PurchaseResult> {
  if (payment.status === 'PENDING') throw new DomainError('CONFLICT', PLAN_MESSAGES.inFlight, { key: 'purchase-in-flight' });
  if (payment.status === 'FAILED') throw refusal({ kind: (payment.failureKind ?? 'gateway_rejected') as PaymentFailure['kind'] }, payment.failureMessage ?? undefined);
  const sub = await ctx.prisma.subscription.findUniqueOrThrow({ where: { id: payment.subscriptionId! }, include: subscriptionInclude });
  const full = await ctx.prisma.payment.findUniqueOrThrow({ where: { id: payment.id }, include: paymentInclude });
  return { subscription: presentSubscription(sub), payment: presentPayment(full), created: false };
}

/**
 * Buys an annual plan upfront (createpurchase, purchasePlan). The same idempotency key returns the
 * first purchase; a second purchase while one is being charged is refused (CONFLICT); a refused
 * card is a 400 with the person's message (supporting §8) and leaves nothing charged.
 */
export async function purchasePlan(ctx: PlansCtx, input: PurchaseInput): Promise<PurchaseResult> {
  const viewer = owner(ctx, true);
  const userId = viewer.userId;
  const key = `purchase:${userId}:${readKey(input.idempotencyKey)}`;
  const seen = await ctx.prisma.payment.findUnique({ where: { idempotencyKey: key } });
  if (seen) return finished(ctx, seen);
  const plan = await purchasablePlan(ctx.prisma, input.planName);
  const source = readSource(input);
  if (input.autoRenew !== undefined && input.autoRenew !== null && typeof input.autoRenew !== 'boolean') throw badInput('autoRenew must be true or false', [{ field: 'autoRenew', key: 'invalid-type', message: 'autoRenew must be true or false' }], 'invalid-type');
  const autoRenew = input.autoRenew !== false;
  const now = new Date();
  const price = BigInt(plan.priceMinor);
  const hasPromo = input.promoCode !== undefined && input.promoCode !== null && input.promoCode !== '';

  let payment: Payment;
  let promo: PromoCode | null = null;
  let fresh = false;
  try {
    ({ payment, promo, fresh } = await ctx.prisma.$transaction(async (tx) => {
      // One purchase at a time per person: the user row is the lock.
      await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
      const again = await tx.payment.findUnique({ where: { idempotencyKey: key } });
      if (again) return { payment: again, promo: null, fresh: false };
      const pending = await tx.payment.count({ where: { userId, status: 'PENDING', createdAt: { gt: new Date(now.getTime() - PENDING_WINDOW_MS) } } });
      if (pending > 0) throw new DomainError('CONFLICT', PLAN_MESSAGES.inFlight, { key: 'purchase-in-flight' });
      const current = await currentSubscriptionRow(tx, userId, now);
      if (current && current.status === 'ACTIVE' && current.planName === plan.name) {
        const until = current.currentPeriodEnd ? ` until ${usDate(current.currentPeriodEnd)}` : '';
        throw new DomainError('CONFLICT', `Your ${plan.displayName} plan is already active${until}`, { key: 'already-active' });
      }
      let found: PromoCode | null = null;
      let discount = 0n;
      if (hasPromo) {
        try {
          found = await usablePromo(tx, normaliseCode(input.promoCode), plan.name, userId, now);
        } catch (err) {
          throw err instanceof PromoRefusal ? promoRefused(err) : err;
        }
        discount = promoDiscount(price, found);
      }
      const created = await tx.payment.create({
        data: { userId, amountMinor: price - discount, discountMinor: discount, currency: plan.currency, status: 'PENDING', provider: 'balance' in source ? 'ledger' : paymentGateway(ctx.config.payments).name, idempotencyKey: key, promoCodeId: found?.id ?? null },
      });
      if (found) await reservePromoUse(tx, found, { userId, paymentId: created.id, discountMinor: discount });
      return { payment: created, promo: found, fresh: true };
    }));
  } catch (err) {
    if (isUniqueViolation(err)) {
      // A parallel request with the same key, or the same promo code, won the race.
      const winner = await ctx.prisma.payment.findUnique({ where: { idempotencyKey: key } });
      if (winner) return finished(ctx, winner);
      if (hasPromo) throw promoRefused(new PromoRefusal('alreadyUsed', null));
    }
    throw err;
  }
  if (!fresh) return finished(ctx, payment);

  const gateway = paymentGateway(ctx.config.payments);
  let vaulted: VaultedMethod | null = null;
  let transactionId: string | null = null;
  if ('nonce' in source) {
    const charged = payment.amountMinor > 0n
      ? await gateway.sale({ orderId: payment.id, amountMinor: payment.amountMinor, currency: payment.currency.trim(), customerId: userId, source, recurring: false })
      : await gateway.vault({ customerId: userId, nonce: source.nonce }).then((r) => (r.ok ? { ok: true as const, transactionId: '', method: r.method } : { ok: false as const, failure: r.failure, transactionId: null }));
    if (!charged.ok) return failPurchase(ctx, payment, charged.failure, charged.transactionId);
    vaulted = charged.method;
    transactionId = charged.transactionId || null;
  }

  try {
    const subscriptionId = await ctx.prisma.$transaction(async (tx) => {
      const method = vaulted ? await saveMethod(tx, userId, gateway.name, vaulted) : 'balance' in source ? await balanceMethod(tx, userId) : null;
      const before = await currentSubscriptionRow(tx, userId, now);
      let sub: Subscription;
      if (before && before.planName === plan.name) {
        sub = await tx.subscription.update({ where: { id: before.id }, data: { status: 'ACTIVE', autoRenew, currentPeriodStart: now, currentPeriodEnd: addYear(now), pastDueSince: null, failedChargeCount: 0, canceledAt: null, paymentMethodId: method?.id ?? null } });
      } else {
        if (before) await tx.subscription.update({ where: { id: before.id }, data: { status: 'CANCELED', autoRenew: false, canceledAt: now } });
        sub = await tx.subscription.create({ data: { userId, planName: plan.name, status: 'ACTIVE', autoRenew, currentPeriodStart: now, currentPeriodEnd: addYear(now), paymentMethodId: method?.id ?? null } });
      }
      const ledgerTransactionId = await postPayment(tx, { id: payment.id, userId, amountMinor: payment.amountMinor, fromBalance: 'balance' in source, description: `${plan.displayName} plan, 1 year` });
      await tx.payment.update({ where: { id: payment.id }, data: { status: 'SUCCEEDED', subscriptionId: sub.id, paymentMethodId: method?.id ?? null, providerTransactionId: transactionId, ledgerTransactionId } });
      if (promo) {
        await tx.promoCodeRedemption.updateMany({ where: { paymentId: payment.id }, data: { subscriptionId: sub.id } });
        await recordAudit(ctx, { category: 'PROMO_CODE', subcategory: 'PROMO_CODE_USAGE', userId, entityType: 'PromoCode', entityId: promo.id, newValues: { code: promo.code, planName: plan.name, discountMinor: String(payment.discountMinor), paymentId: payment.id } }, tx);
      }
      await recordAudit(ctx, { category: 'PLAN', subcategory: 'PLAN_UPDATED_BY_USER', userId, entityType: 'Subscription', entityId: sub.id, oldValues: { planName: before?.planName ?? 'FREE' }, newValues: { planName: plan.name, autoRenew, amountMinor: String(payment.amountMinor), paymentId: payment.id } }, tx);
      return sub.id;
    });
    await sendReceipt(ctx, payment.id);
    const sub = await ctx.prisma.subscription.findUniqueOrThrow({ where: { id: subscriptionId }, include: subscriptionInclude });
    const paid = await ctx.prisma.payment.findUniqueOrThrow({ where: { id: payment.id }, include: paymentInclude });
    return { subscription: presentSubscription(sub), payment: presentPayment(paid), created: true };
  } catch (err) {
    if (err instanceof DomainError && err.details.key === LEDGER_ERROR_KEYS.insufficientFunds) return failPurchase(ctx, payment, { kind: 'gateway_rejected', reason: 'insufficient_balance' }, null, PLAN_MESSAGES.insufficient);
    throw err;
  }
}

/** Records a refused purchase (payment FAILED, promo use given back, audit) and throws its message. */
async function failPurchase(ctx: PlansCtx, payment: Payment, failure: PaymentFailure, transactionId: string | null, message = paymentFailureMessage(failure)): Promise<never> {
  await ctx.prisma.$transaction(async (tx) => {
    await tx.payment.update({ where: { id: payment.id }, data: { status: 'FAILED', failureKind: failure.threeDSecureStatus ?? failure.kind, failureMessage: message, providerTransactionId: transactionId } });
    await releasePromoUse(tx, payment);
    await recordAudit(ctx, { category: 'SUBSCRIPTION', subcategory: 'UNSUCCESSFUL_SUBSCRIPTION', userId: payment.userId, entityType: 'Payment', entityId: payment.id, newValues: { failureKind: failure.kind, reason: failure.reason ?? null, threeDSecureStatus: failure.threeDSecureStatus ?? null, message } }, tx);
  });
  throw refusal(failure, message);
}

// ------------------------------------------------------------------ changes

async function ownSubscription(ctx: PlansCtx, viewer: Viewer) {
  const row = await currentSubscriptionRow(ctx.prisma, viewer.userId, new Date());
  if (!row) throw new DomainError('NOT_FOUND', PLAN_MESSAGES.noSubscription, { key: 'no-subscription' });
  return row;
}

/** Turns auto-renew on or off for the current plan (audit 'autorenew update'). */
export async function setAutoRenew(ctx: PlansCtx, autoRenew: unknown): Promise<SubscriptionView> {
  const viewer = owner(ctx, true);
  if (typeof autoRenew !== 'boolean') throw badInput('autoRenew must be true or false', [{ field: 'autoRenew', key: 'invalid-type', message: 'autoRenew must be true or false' }], 'invalid-type');
  const sub = await ownSubscription(ctx, viewer);
  if (autoRenew && !sub.paymentMethod) throw badInput(PLAN_MESSAGES.noMethod, [{ field: 'autoRenew', key: 'no-method', message: PLAN_MESSAGES.noMethod }], 'no-method');
  if (sub.autoRenew === autoRenew) return presentSubscription(sub);
  const updated = await ctx.prisma.$transaction(async (tx) => {
    const row = await tx.subscription.update({ where: { id: sub.id }, data: { autoRenew, canceledAt: autoRenew ? null : new Date() }, include: subscriptionInclude });
    await recordAudit(ctx, { category: 'SUBSCRIPTION', subcategory: 'AUTORENEW_UPDATE', userId: viewer.userId, entityType: 'Subscription', entityId: sub.id, oldValues: { autoRenew: sub.autoRenew }, newValues: { autoRenew } }, tx);
    return row;
  });
  return presentSubscription(updated);
}

/** Cancels auto-renew on every plan of the viewer (cancel-all): each keeps running to its period end. */
export async function cancelSubscriptions(ctx: PlansCtx, confirm = true): Promise<SubscriptionView[]> {
  const viewer = owner(ctx, true);
  if (confirm !== true) throw badInput('confirm must be true', [{ field: 'confirm', key: 'required', message: 'confirm must be true' }], 'required');
  const now = new Date();
  const rows = await ctx.prisma.subscription.findMany({ where: { userId: viewer.userId, autoRenew: true, status: { in: ['ACTIVE', 'PAST_DUE'] } } });
  await ctx.prisma.$transaction(async (tx) => {
    for (const s of rows) {
      await tx.subscription.update({ where: { id: s.id }, data: { autoRenew: false, canceledAt: now } });
      await recordAudit(ctx, { category: 'SUBSCRIPTION', subcategory: 'AUTORENEW_UPDATE', userId: viewer.userId, entityType: 'Subscription', entityId: s.id, oldValues: { autoRenew: true }, newValues: { autoRenew: false, canceledAt: now.toISOString() } }, tx);
    }
  });
  const all = await ctx.prisma.subscription.findMany({ where: { userId: viewer.userId, status: { in: ['ACTIVE', 'PAST_DUE'] } }, include: subscriptionInclude, orderBy: { currentPeriodStart: 'desc' } });
  return all.map(presentSubscription);
}

/**
 * Replaces the payment method renewals use (updatepurchase): the gateway verifies and vaults the
 * card first; a refused card changes nothing. Audit 'payment update'.
 */
export async function updatePaymentMethod(ctx: PlansCtx, input: { paymentMethodNonce: unknown }): Promise<{ paymentMethod: PaymentMethodView; subscription: SubscriptionView | null }> {
  const viewer = owner(ctx, true);
  const nonce = input.paymentMethodNonce;
  if (typeof nonce !== 'string' || nonce === '' || nonce.length > 4096) throw refusal({ kind: 'invalid_nonce' });
  const gateway = paymentGateway(ctx.config.payments);
  const result = await gateway.vault({ customerId: viewer.userId, nonce });
  if (!result.ok) throw refusal(result.failure);
  const sub = await currentSubscriptionRow(ctx.prisma, viewer.userId, new Date());
  const method = await ctx.prisma.$transaction(async (tx) => {
    const before = await tx.paymentMethod.findFirst({ where: { userId: viewer.userId, isDefault: true, deletedAt: null } });
    const saved = await saveMethod(tx, viewer.userId, gateway.name, result.method);
    if (sub) await tx.subscription.update({ where: { id: sub.id }, data: { paymentMethodId: saved.id } });
    await recordAudit(ctx, { category: 'PAYMENT', subcategory: 'PAYMENT_UPDATE', userId: viewer.userId, entityType: 'PaymentMethod', entityId: saved.id, oldValues: { paymentMethod: before ? presentMethod(before).label : null }, newValues: { paymentMethod: presentMethod(saved).label } }, tx);
    return saved;
  });
  const after = sub ? await ctx.prisma.subscription.findUniqueOrThrow({ where: { id: sub.id }, include: subscriptionInclude }) : null;
  return { paymentMethod: presentMethod(method), subscription: after ? presentSubscription(after) : null };
}

// ------------------------------------------------------------------ renewals

export interface RenewalDeps {
  prisma: PrismaClient;
  config: Config;
  logger: Logger;
}

export interface RenewalReport {
  renewed: number;
  failed: number;
  expired: number;
  downgraded: number;
}

function jobCtx(deps: RenewalDeps): PlansCtx {
  return { prisma: deps.prisma, config: deps.config, logger: deps.logger, viewer: null, requestId: 'plans-renewals', brandId: 'default' };
}

type SubRow = Subscription & { plan: Plan; paymentMethod: PaymentMethod | null };

/** Charges one renewal (attempt 0 at period end, then each retry); true when it was paid. */
async function chargeRenewal(deps: RenewalDeps, sub: SubRow, now: Date, attempt: number): Promise<boolean> {
  const ctx = jobCtx(deps);
  const periodEnd = sub.currentPeriodEnd!;
  const key = `renewal:${sub.id}:${periodEnd.toISOString()}:${attempt}`;
  if (await deps.prisma.payment.findUnique({ where: { idempotencyKey: key } })) return false;
  const method = sub.paymentMethod && !sub.paymentMethod.deletedAt ? sub.paymentMethod : null;
  const gateway = paymentGateway(deps.config.payments);
  const price = BigInt(sub.plan.priceMinor);
  let payment: Payment;
  try {
    payment = await deps.prisma.payment.create({ data: { userId: sub.userId, subscriptionId: sub.id, paymentMethodId: method?.id ?? null, amountMinor: price, currency: sub.plan.currency, status: 'PENDING', provider: method?.provider ?? gateway.name, idempotencyKey: key } });
  } catch (err) {
    if (isUniqueViolation(err)) return false; // another worker took this charge
    throw err;
  }
  let failure: PaymentFailure | null = null;
  let message: string | null = null;
  let transactionId: string | null = null;
  if (!method || !method.providerToken) {
    failure = { kind: 'gateway_rejected', reason: 'no_payment_method' };
    message = 'No payment method on file';
  } else if (method.type !== 'LEVEL_BALANCE') {
    const charged = await gateway.sale({ orderId: payment.id, amountMinor: price, currency: payment.currency.trim(), customerId: sub.userId!, source: { token: method.providerToken }, recurring: true });
    if (charged.ok) transactionId = charged.transactionId;
    else failure = charged.failure;
  }
  if (!failure) {
    try {
      await deps.prisma.$transaction(async (tx) => {
        const ledgerTransactionId = await postPayment(tx, { id: payment.id, userId: sub.userId!, amountMinor: price, fromBalance: method!.type === 'LEVEL_BALANCE', description: `${sub.plan.displayName} plan renewal, 1 year` });
        await tx.payment.update({ where: { id: payment.id }, data: { status: 'SUCCEEDED', providerTransactionId: transactionId, ledgerTransactionId } });
        await tx.subscription.update({ where: { id: sub.id }, data: { status: 'ACTIVE', currentPeriodStart: periodEnd, currentPeriodEnd: addYear(periodEnd), pastDueSince: null, failedChargeCount: 0 } });
        await recordAudit(ctx, { category: 'PLAN', subcategory: 'PLAN_AUTORENEWED', userId: sub.userId, entityType: 'Subscription', entityId: sub.id, oldValues: { currentPeriodEnd: periodEnd.toISOString(), status: sub.status }, newValues: { currentPeriodEnd: addYear(periodEnd).toISOString(), status: 'ACTIVE', paymentId: payment.id } }, tx);
      });
      await sendReceipt(ctx, payment.id);
      return true;
    } catch (err) {
      if (!(err instanceof DomainError && err.details.key === LEDGER_ERROR_KEYS.insufficientFunds)) throw err;
      failure = { kind: 'gateway_rejected', reason: 'insufficient_balance' };
      message = PLAN_MESSAGES.insufficient;
    }
  }
  const text = message ?? paymentFailureMessage(failure);
  await deps.prisma.$transaction(async (tx) => {
    await tx.payment.update({ where: { id: payment.id }, data: { status: 'FAILED', failureKind: failure.kind, failureMessage: text, providerTransactionId: transactionId } });
    await markPastDue(tx, ctx, sub, { paymentId: payment.id, attempt, failureKind: failure.kind, message: text }, now);
  });
  return false;
}

/** A renewal charge failed: the plan is past due (audit 'subscription past due' the first time) and the attempt is counted. */
async function markPastDue(tx: Tx, ctx: PlansCtx, sub: Subscription, charge: { paymentId: string; attempt: number; failureKind: string; message: string }, now: Date): Promise<void> {
  await tx.subscription.update({ where: { id: sub.id }, data: { status: 'PAST_DUE', pastDueSince: sub.pastDueSince ?? now, failedChargeCount: { increment: 1 } } });
  if (sub.status !== 'PAST_DUE') {
    await recordAudit(ctx, { category: 'SUBSCRIPTION', subcategory: 'SUBSCRIPTION_PAST_DUE', userId: sub.userId, entityType: 'Subscription', entityId: sub.id, oldValues: { status: sub.status }, newValues: { status: 'PAST_DUE' } }, tx);
  }
  await recordAudit(ctx, { category: 'SUBSCRIPTION', subcategory: 'SUBSCRIPTION_CHARGED_UNSUCCESSFULLY', userId: sub.userId, entityType: 'Payment', entityId: charge.paymentId, newValues: { attempt: charge.attempt, failureKind: charge.failureKind, message: charge.message } }, tx);
}

async function downgrade(deps: RenewalDeps, sub: SubRow, why: 'expired' | 'unpaid'): Promise<void> {
  const ctx = jobCtx(deps);
  await deps.prisma.$transaction(async (tx) => {
    const { count } = await tx.subscription.updateMany({ where: { id: sub.id, status: sub.status }, data: { status: 'EXPIRED', autoRenew: false } });
    if (count === 0) return;
    if (why === 'unpaid') {
      await recordAudit(ctx, { category: 'SUBSCRIPTION', subcategory: 'UNSUCCESSFUL_SUBSCRIPTION', userId: sub.userId, entityType: 'Subscription', entityId: sub.id, newValues: { failedCharges: sub.failedChargeCount } }, tx);
    }
    await recordAudit(ctx, { category: 'PLAN', subcategory: 'PLAN_DOWNGRADE', userId: sub.userId, entityType: 'Subscription', entityId: sub.id, oldValues: { planName: sub.planName, status: sub.status }, newValues: { planName: 'FREE', reason: why } }, tx);
  });
}

/**
 * The renewal sweep at `now` (the durable job runs it hourly; tests pass a fake clock): charges
 * auto-renewing plans whose period ended, retries past-due ones on the configured days, downgrades
 * to FREE those past the grace period or ended without auto-renew. Existing releases stay live.
 */
export async function runRenewals(deps: RenewalDeps, now: Date): Promise<RenewalReport> {
  const report: RenewalReport = { renewed: 0, failed: 0, expired: 0, downgraded: 0 };
  const { retryDays, graceDays } = deps.config.payments;
  const due = await deps.prisma.subscription.findMany({ where: { status: 'ACTIVE', currentPeriodEnd: { lte: now }, plan: { priceMinor: { gt: 0 } } }, include: subscriptionInclude, take: 500 });
  for (const sub of due) {
    if (!sub.autoRenew) {
      await downgrade(deps, sub, 'expired');
      report.expired++;
    } else if (await chargeRenewal(deps, sub, now, 0)) report.renewed++;
    else report.failed++;
  }
  const pastDue = await deps.prisma.subscription.findMany({ where: { status: 'PAST_DUE' }, include: subscriptionInclude, take: 500 });
  for (const sub of pastDue) {
    const since = (sub.pastDueSince ?? sub.currentPeriodEnd ?? now).getTime();
    if (now.getTime() >= since + graceDays * DAY_MS) {
      await downgrade(deps, sub, 'unpaid');
      report.downgraded++;
      continue;
    }
    const retry = sub.failedChargeCount - 1;
    const day = retryDays[retry];
    if (!sub.autoRenew || day === undefined || now.getTime() < since + day * DAY_MS) continue;
    if (await chargeRenewal(deps, sub, now, sub.failedChargeCount)) report.renewed++;
    else report.failed++;
  }
  return report;
}

// ------------------------------------------------------------------ stale pending payments

/** Reads `renewal:<subscription>:<period end>:<attempt>` (the renewal charge keys). */
function renewalKey(key: string): { subscriptionId: string; periodEnd: string; attempt: number } | null {
  const m = /^renewal:([^:]+):(.+):(\d+)$/.exec(key);
  return m ? { subscriptionId: m[1]!, periodEnd: m[2]!, attempt: Number(m[3]) } : null;
}

/**
 * Expires one stale PENDING payment, in one transaction: FAILED with kind 'expired' (only if it is
 * still PENDING, so a purchase that settled meanwhile is left alone), its promo use given back, and
 * a renewal attempt counted as a failed charge so the retry schedule goes on. Audit 'payment expired'.
 */
async function expirePayment(deps: RenewalDeps, payment: Payment, now: Date): Promise<boolean> {
  const ctx = { ...jobCtx(deps), requestId: 'plans-expire-pending' };
  return deps.prisma.$transaction(async (tx) => {
    const { count } = await tx.payment.updateMany({ where: { id: payment.id, status: 'PENDING' }, data: { status: 'FAILED', failureKind: 'expired', failureMessage: PLAN_MESSAGES.expired } });
    if (count === 0) return false;
    const promoReleased = await releasePromoUse(tx, payment);
    const renewal = renewalKey(payment.idempotencyKey);
    const sub = renewal ? await tx.subscription.findUnique({ where: { id: renewal.subscriptionId } }) : null;
    const pastDue = !!sub && !!renewal && (sub.status === 'ACTIVE' || sub.status === 'PAST_DUE') && sub.currentPeriodEnd?.toISOString() === renewal.periodEnd;
    if (pastDue) await markPastDue(tx, ctx, sub, { paymentId: payment.id, attempt: renewal.attempt, failureKind: 'expired', message: PLAN_MESSAGES.expired }, now);
    await recordAudit(ctx, {
      category: 'PAYMENT', subcategory: 'PAYMENT_EXPIRED', userId: payment.userId, entityType: 'Payment', entityId: payment.id,
      oldValues: { status: 'PENDING', createdAt: payment.createdAt.toISOString() },
      newValues: { status: 'FAILED', failureKind: 'expired', amountMinor: String(payment.amountMinor), promoUseReleased: promoReleased, renewalCountedAsFailed: pastDue },
    }, tx);
    return true;
  });
}

/**
 * The stale-payment sweep at `now` (durable job `plans.expire-pending`, every 5 minutes): a payment
 * still PENDING `PAYMENT_PENDING_EXPIRY_MINUTES` after it was created belongs to a request that died
 * between reserving and settling; it is expired and what it held released. Returns how many.
 */
export async function expireStalePayments(deps: RenewalDeps, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - deps.config.payments.pendingExpiryMinutes * 60_000);
  const stale = await deps.prisma.payment.findMany({ where: { status: 'PENDING', createdAt: { lte: cutoff } }, orderBy: { createdAt: 'asc' }, take: 500 });
  let expired = 0;
  for (const payment of stale) if (await expirePayment(deps, payment, now)) expired++;
  return expired;
}

// ------------------------------------------------------------------ receipts against the ledger

export interface PaymentPostingProblem {
  kind: 'payment-unposted';
  id: string;
  detail: string;
}

/**
 * Every successful payment with an amount has its ledger posting, and the posting moved exactly the
 * receipt's amount (`npm run ledger:check` prints the differences beside the ledger's own checks).
 */
export async function checkPaymentPostings(db: Pick<PrismaClient, '$queryRaw'>): Promise<PaymentPostingProblem[]> {
  const rows = await db.$queryRaw<{ id: string; amount: bigint; posted: bigint }[]>`
    SELECT p.id, p.amount_minor AS amount, COALESCE(SUM(e.amount_minor) FILTER (WHERE e.amount_minor > 0), 0)::bigint AS posted
    FROM payments p LEFT JOIN ledger_entries e ON e.transaction_id = p.ledger_transaction_id
    WHERE p.status = 'SUCCEEDED' AND p.amount_minor > 0
    GROUP BY p.id, p.amount_minor
    HAVING COALESCE(SUM(e.amount_minor) FILTER (WHERE e.amount_minor > 0), 0) <> p.amount_minor`;
  return rows.map((r) => ({ kind: 'payment-unposted', id: r.id, detail: `receipt of ${r.amount}, ledger posting moved ${r.posted}` }));
}

// ------------------------------------------------------------------ legacy summaries

export interface PlanTerms {
  /** Decimal string with 2 places ('20.00'). */
  price: string;
  priceMinor: number;
  currency: string;
  /** 'annual', or 'none' for plans without a period. */
  period: string;
  renewalDate: string | null;
  autoRenew: boolean;
  status: string | null;
  currentPeriodEnd: string | null;
}

/**
 * What GET /api/users/active-subscription and GET /api/tier/{tierName} add to their answers: the
 * plan's price and period, and for the viewer's own current plan its renewal date and auto-renew.
 */
export async function planTerms(ctx: Pick<AppContext, 'prisma' | 'viewer'>, planName: string): Promise<PlanTerms | null> {
  const plan = isPlanName(planName) ? await ctx.prisma.plan.findUnique({ where: { name: planName } }) : null;
  if (!plan) return null;
  const sub = ctx.viewer ? await currentSubscriptionRow(ctx.prisma, ctx.viewer.userId, new Date()) : null;
  const own = sub && sub.planName === plan.name ? presentSubscription(sub) : null;
  return {
    price: formatMinor(BigInt(plan.priceMinor)),
    priceMinor: plan.priceMinor,
    currency: plan.currency.trim(),
    period: plan.billingPeriod.toLowerCase(),
    renewalDate: own?.renewalDate?.toISOString() ?? null,
    autoRenew: own?.autoRenew ?? false,
    status: own?.status ?? null,
    currentPeriodEnd: own?.currentPeriodEnd?.toISOString() ?? null,
  };
}
