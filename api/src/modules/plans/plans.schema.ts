/** GraphQL: plans, the viewer's subscription, payment methods and receipts, promo check, and the purchase mutations. */
import { formatMinor } from '@cadence/domain/money';
import { builder } from '../../graphql/builder.ts';
import { BillingPeriodEnum, Profile } from '../users/users.schema.ts';
import {
  cancelSubscriptions,
  checkPromoCode,
  getSubscription,
  listPayments,
  listPaymentMethods,
  listPlans,
  purchasePlan,
  setAutoRenew,
  updatePaymentMethod,
  type PaymentMethodView,
  type PaymentView,
  type PlanView,
  type PromoCheck,
  type PurchaseResult,
  type SubscriptionView,
} from './plans.service.ts';

const money = 'A decimal string with 2 places (minor units never pass through floating point).';

const PlanRef = builder.objectRef<PlanView>('Plan').implement({
  description: 'A subscription plan with its price, period, limits and distribution fee.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'BETA_A, FREE, COMMERCIAL_BETA, VIP, VIP2, INCOMPLETE, BETA_INCOMPLETE, COMPLIMENTARY_VIP.' }),
    displayName: t.exposeString('displayName', { description: 'The plan’s name as shown to people (“VIP”, “Free”).' }),
    description: t.exposeString('description', { nullable: true, description: 'A sentence on what the plan is for; null when none is written.' }),
    price: t.string({ description: `Price per period. ${money}`, resolve: (p) => formatMinor(p.priceMinor) }),
    currency: t.exposeString('currency', { description: 'ISO 4217 code of the price (USD).' }),
    billingPeriod: t.expose('billingPeriod', { type: BillingPeriodEnum, description: 'How often the plan is paid: ANNUAL, MONTHLY or NONE.' }),
    primaryArtistLimit: t.exposeInt('primaryArtistLimit', { description: 'How many primary artists the account may release under.' }),
    trackLimit: t.exposeInt('trackLimit', { description: 'Recordings per primary artist.' }),
    distributionFeeBps: t.exposeInt('distributionFeeBps', { description: 'Share of sales kept as the distribution fee, in basis points (800 = 8%).' }),
    features: t.exposeStringList('features', { description: 'What the plan includes, one line each, in display order.' }),
    purchasable: t.exposeBoolean('purchasable', { description: 'Can be bought on /choose-your-plan.' }),
  }),
});

const PaymentMethodTypeEnum = builder.enumType('PaymentMethodType', {
  description: 'What kind of saved payment method it is.',
  values: {
    PAYPAL_ACCOUNT: { description: 'A PayPal account linked through the payment gateway.' },
    CREDIT_CARD: { description: 'A credit or debit card vaulted by the payment gateway.' },
    LEVEL_BALANCE: { description: 'The account’s own earnings balance.' },
    OTHER: { description: 'Any other gateway method (shown by its label).' },
  } as const,
});

/** A card's brand; the internal values are the legacy REST words ('master-card'), as PaymentMethodView carries them. */
const CardBrandEnum = builder.enumType('CardBrand', {
  description: 'The brand of a saved card.',
  values: {
    VISA: { value: 'visa', description: 'Visa.' },
    MASTER_CARD: { value: 'master-card', description: 'Mastercard.' },
    DISCOVER: { value: 'discover', description: 'Discover.' },
    AMERICAN_EXPRESS: { value: 'american-express', description: 'American Express.' },
  } as const,
});
type CardBrandWord = (typeof CardBrandEnum)['$inferType'];

/** How a promo code takes money off; the internal values are the legacy REST words, as PromoCheck carries them. */
const PromoCodeTypeEnum = builder.enumType('PromoCodeType', {
  description: 'How a promo code takes money off.',
  values: {
    DISCOUNT: { value: 'discount', description: 'A percentage off the price (percentBps).' },
    DOLLAR: { value: 'dollar', description: 'A fixed amount off the price (amount).' },
  } as const satisfies Record<string, { value: NonNullable<PromoCheck['type']>; description: string }>,
});

const PaymentMethodRef = builder.objectRef<PaymentMethodView>('PaymentMethod').implement({
  description: 'A saved way to pay (only the gateway\u2019s vault token is kept, never card numbers).',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The saved method’s identifier.' }),
    type: t.field({ type: PaymentMethodTypeEnum, description: 'Card, PayPal account, balance or other.', resolve: (m) => m.type.toUpperCase() as 'CREDIT_CARD' }),
    cardBrand: t.field({ type: CardBrandEnum, nullable: true, description: 'The brand of a card; null for other methods.', resolve: (m) => m.cardBrand as CardBrandWord | null }),
    last4: t.exposeString('last4', { nullable: true, description: 'Last four digits of a card; null for other methods.' }),
    expMonth: t.exposeInt('expMonth', { nullable: true, description: 'Card expiry month, 1 to 12; null for other methods.' }),
    expYear: t.exposeInt('expYear', { nullable: true, description: 'Card expiry year (four digits); null for other methods.' }),
    paypalEmail: t.exposeString('paypalEmail', { nullable: true, description: 'Email of a PayPal account; null for other methods.' }),
    isDefault: t.exposeBoolean('isDefault', { description: 'True for the method renewals charge.' }),
    label: t.exposeString('label', { description: "'Visa ending in 1111', 'PayPal (…)', 'Balance'." }),
  }),
});

const SubscriptionStatusEnum = builder.enumType('SubscriptionStatus', {
  description: 'Where a plan subscription stands.',
  values: {
    ACTIVE: { description: 'Paid and inside its current period.' },
    PAST_DUE: { description: 'A renewal charge failed; the plan keeps working during the grace period.' },
    CANCELED: { description: 'Cancelled; it ended or ends without renewing.' },
    EXPIRED: { description: 'The period ended without a renewal.' },
    INCOMPLETE: { description: 'Started but never paid (the first charge did not succeed).' },
  } as const,
});

const SubscriptionRef = builder.objectRef<SubscriptionView>('PlanSubscription').implement({
  description: 'The viewer\u2019s current plan: ACTIVE in its period, or PAST_DUE in the grace period after a failed renewal.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The subscription’s identifier.' }),
    plan: t.field({ type: PlanRef, description: 'The plan subscribed to.', resolve: (s) => s.plan }),
    status: t.field({ type: SubscriptionStatusEnum, description: 'ACTIVE, PAST_DUE, CANCELED, EXPIRED or INCOMPLETE.', resolve: (s) => s.status }),
    autoRenew: t.exposeBoolean('autoRenew', { description: 'Whether the saved method is charged again at the period end.' }),
    currentPeriodStart: t.expose('currentPeriodStart', { type: 'DateTime', description: 'When the paid period began.' }),
    currentPeriodEnd: t.expose('currentPeriodEnd', { type: 'DateTime', nullable: true, description: 'When the paid period ends; null for a plan without an end.' }),
    renewalDate: t.expose('renewalDate', { type: 'DateTime', nullable: true, description: 'When the saved method is charged next (null without auto-renew).' }),
    pastDueSince: t.expose('pastDueSince', { type: 'DateTime', nullable: true, description: 'When the renewal first failed; null unless PAST_DUE.' }),
    paymentMethod: t.field({ type: PaymentMethodRef, nullable: true, description: 'The method renewals charge; null when none is saved.', resolve: (s) => s.paymentMethod }),
  }),
});

const PaymentStatusEnum = builder.enumType('PaymentStatus', {
  description: 'The outcome of a charge.',
  values: {
    PENDING: { description: 'Sent to the gateway, not settled yet.' },
    SUCCEEDED: { description: 'Charged; the payment is a receipt.' },
    FAILED: { description: 'Refused by the gateway or the processor (see failureKind and failureMessage).' },
    REFUNDED: { description: 'Charged and then paid back.' },
  } as const,
});

const PaymentRef = builder.objectRef<PaymentView>('Payment').implement({
  description: 'A charge for a plan: a receipt when SUCCEEDED, the refusal otherwise.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Also the receipt number.' }),
    planName: t.exposeString('planName', { nullable: true, description: 'The plan paid for; null when the plan no longer exists.' }),
    amount: t.string({ description: `Charged after any discount. ${money}`, resolve: (p) => formatMinor(p.amountMinor) }),
    discount: t.string({ description: money, resolve: (p) => formatMinor(p.discountMinor) }),
    currency: t.exposeString('currency', { description: 'ISO 4217 code of the amounts.' }),
    status: t.field({ type: PaymentStatusEnum, description: 'PENDING, SUCCEEDED, FAILED or REFUNDED.', resolve: (p) => p.status }),
    promoCode: t.exposeString('promoCode', { nullable: true, description: 'The promo code applied, if any.' }),
    method: t.exposeString('method', { description: 'How it was paid, as a person reads it.' }),
    failureKind: t.exposeString('failureKind', { nullable: true, description: 'processor_declined, gateway_rejected, a 3D Secure status...' }),
    failureMessage: t.exposeString('failureMessage', { nullable: true, description: 'Why the charge was refused, as a person reads it; null unless FAILED.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the charge was made.' }),
  }),
});

const PromoCodeCheck = builder.objectRef<PromoCheck>('PromoCodeCheck').implement({
  description: 'Whether a promo code can be used, why not, and the price it gives.',
  fields: (t) => ({
    valid: t.exposeBoolean('valid'),
    message: t.exposeString('message', { nullable: true, description: 'Why the code cannot be used (invalid, not active yet, expired, used up, already used, another plan).' }),
    code: t.exposeString('code'),
    type: t.expose('type', { type: PromoCodeTypeEnum, nullable: true, description: 'DISCOUNT (percent) or DOLLAR (a fixed amount); null when the code cannot be used.' }),
    percentBps: t.exposeInt('percentBps', { nullable: true }),
    amount: t.string({ nullable: true, description: money, resolve: (c) => (c.amountMinor === null ? null : formatMinor(c.amountMinor)) }),
    planNames: t.exposeStringList('planNames', { description: 'Plans it applies to; empty means every plan.' }),
    planName: t.exposeString('planName', { nullable: true }),
    price: t.string({ nullable: true, description: money, resolve: (c) => (c.priceMinor === null ? null : formatMinor(c.priceMinor)) }),
    discount: t.string({ description: money, resolve: (c) => formatMinor(c.discountMinor) }),
    total: t.string({ nullable: true, description: `The price after the discount. ${money}`, resolve: (c) => (c.totalMinor === null ? null : formatMinor(c.totalMinor)) }),
  }),
});

builder.objectFields(Profile, (t) => ({
  subscription: t.field({ type: SubscriptionRef, nullable: true, description: 'The current plan; null on FREE.', resolve: (_p, _a, ctx) => getSubscription(ctx) }),
  paymentMethods: t.field({ type: [PaymentMethodRef], description: 'Saved cards and PayPal accounts for paying plans.', resolve: (_p, _a, ctx) => listPaymentMethods(ctx) }),
  payments: t.field({ type: [PaymentRef], description: 'Receipts and refused charges, newest first.', args: { first: t.arg.int({ description: '1 to 100, default 50.' }) }, resolve: (_p, a, ctx) => listPayments(ctx, a) }),
}));

builder.queryFields((t) => ({
  plans: t.field({ type: [PlanRef], description: 'Every plan, in display order.', resolve: (_r, _a, ctx) => listPlans(ctx) }),
  checkPromoCode: t.field({
    type: PromoCodeCheck,
    args: { promoCode: t.arg.string({ required: true, description: 'At most 50 characters.' }), planName: t.arg.string({ description: 'The plan being bought.' }) },
    resolve: (_r, a, ctx) => checkPromoCode(ctx, { promoCode: a.promoCode, planName: a.planName }),
  }),
}));

const PurchasePlanInput = builder.inputType('PurchasePlanInput', {
  fields: (t) => ({
    planName: t.string({ required: true }),
    paymentMethodNonce: t.string({ description: 'From the card form (Braintree or the sandbox); give this or useBalance.' }),
    useBalance: t.boolean({ description: 'Pay from the balance (a BALANCE_PAYMENT in the ledger).' }),
    promoCode: t.string({ description: 'At most 50 characters.' }),
    autoRenew: t.boolean({ description: 'Renew each year with the saved method (default true).' }),
    idempotencyKey: t.string({ required: true, description: '8 to 100 letters, digits, - or _; sending the same key again returns the first purchase.' }),
  }),
});

const PurchasePlanPayload = builder.objectRef<PurchaseResult>('PurchasePlanPayload').implement({
  fields: (t) => ({
    subscription: t.field({ type: SubscriptionRef, resolve: (p) => p.subscription }),
    payment: t.field({ type: PaymentRef, resolve: (p) => p.payment }),
    created: t.exposeBoolean('created', { description: 'False when the idempotency key found an earlier purchase (nothing charged again).' }),
  }),
});

const SetAutoRenewInput = builder.inputType('SetAutoRenewInput', { fields: (t) => ({ autoRenew: t.boolean({ required: true }) }) });
const SetAutoRenewPayload = builder.objectRef<{ subscription: SubscriptionView }>('SetAutoRenewPayload').implement({ fields: (t) => ({ subscription: t.field({ type: SubscriptionRef, resolve: (p) => p.subscription }) }) });

const UpdatePaymentMethodInput = builder.inputType('UpdatePaymentMethodInput', { fields: (t) => ({ paymentMethodNonce: t.string({ required: true }) }) });
const UpdatePaymentMethodPayload = builder.objectRef<Awaited<ReturnType<typeof updatePaymentMethod>>>('UpdatePaymentMethodPayload').implement({
  fields: (t) => ({
    paymentMethod: t.field({ type: PaymentMethodRef, resolve: (p) => p.paymentMethod }),
    subscription: t.field({ type: SubscriptionRef, nullable: true, resolve: (p) => p.subscription }),
  }),
});

const CancelSubscriptionsInput = builder.inputType('CancelSubscriptionsInput', {
  description: 'Turns auto-renew off on every plan; each keeps running to its period end.',
  fields: (t) => ({ confirm: t.boolean({ required: true, description: 'Must be true.' }) }),
});
const CancelSubscriptionsPayload = builder.objectRef<{ subscriptions: SubscriptionView[] }>('CancelSubscriptionsPayload').implement({ fields: (t) => ({ subscriptions: t.field({ type: [SubscriptionRef], resolve: (p) => p.subscriptions }) }) });

builder.mutationFields((t) => ({
  purchasePlan: t.field({
    type: PurchasePlanPayload,
    authScopes: { signedIn: true },
    description: 'Buys an annual plan upfront; a refused card is BAD_USER_INPUT with the person\u2019s message and extensions.failureKind.',
    args: { input: t.arg({ type: PurchasePlanInput, required: true }) },
    resolve: (_r, { input }, ctx) => purchasePlan(ctx, input),
  }),
  setAutoRenew: t.field({
    type: SetAutoRenewPayload,
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: SetAutoRenewInput, required: true }) },
    resolve: async (_r, { input }, ctx) => ({ subscription: await setAutoRenew(ctx, input.autoRenew) }),
  }),
  updatePaymentMethod: t.field({
    type: UpdatePaymentMethodPayload,
    authScopes: { signedIn: true },
    description: 'Verifies and saves a new card or PayPal account; renewals charge it.',
    args: { input: t.arg({ type: UpdatePaymentMethodInput, required: true }) },
    resolve: (_r, { input }, ctx) => updatePaymentMethod(ctx, input),
  }),
  cancelSubscriptions: t.field({
    type: CancelSubscriptionsPayload,
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: CancelSubscriptionsInput, required: true }) },
    resolve: async (_r, { input }, ctx) => ({ subscriptions: await cancelSubscriptions(ctx, input.confirm) }),
  }),
}));
