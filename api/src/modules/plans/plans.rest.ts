/**
 * Legacy REST paths for plans and payments (supporting §7): validate, call the service, present.
 * Amounts are decimal strings with 2 places; shapes are written in docs/decisions.md (plans).
 * The local sandbox gateway's tokenizer and 3-D Secure stand-in live under /payments-sandbox and
 * exist only while the sandbox is the configured gateway.
 */
import { Router, type Request } from 'express';
import { boolean, enums, nullable, optional, pattern, size, string, type, type Struct } from 'superstruct';
import { formatMinor } from '@cadence/domain/money';
import { validateShape } from '@cadence/domain/validators';
import { badInput, DomainError } from '../../domain-error.ts';
import { handler, signedIn } from '../../http/rest-helpers.ts';
import { sandboxGateway } from '../../integrations/payments/create-payment-gateway.ts';
import { SandboxTokenizeError } from '../../integrations/payments/sandbox.ts';
import {
  cancelSubscriptions,
  checkPromoCode,
  clientToken,
  paymentMethodType,
  purchasePlan,
  setAutoRenew,
  updatePaymentMethod,
  type PaymentMethodView,
  type PaymentView,
  type PromoCheck,
  type SubscriptionView,
} from './plans.service.ts';

/** The one validate step of a route: the body (or query) against its shape, or a 400 naming each field. */
function validate<T, S>(struct: Struct<T, S>, value: unknown): T {
  const result = validateShape(struct, value ?? {});
  if (result.ok) return result.value;
  const fieldErrors = Object.entries(result.errors).map(([field, e]) => ({ field, key: e.key, message: `${field}: ${e.message}` }));
  throw badInput(fieldErrors.map((e) => e.message).join('; '), fieldErrors, fieldErrors[0]?.key);
}

const text = (max: number) => optional(nullable(size(string(), 0, max)));
export const NonceBody = type({ paymentMethodNonce: size(string(), 1, 4096) });
export const PurchaseBody = type({
  planName: size(string(), 1, 40),
  paymentMethodNonce: text(4096),
  useBalance: optional(nullable(boolean())),
  promoCode: text(50),
  autoRenew: optional(nullable(boolean())),
  idempotencyKey: text(100),
});
export const AutoRenewBody = type({ autoRenew: boolean() });
export const PromoQuery = type({ promoCode: size(string(), 0, 50), planName: text(40) });
export const CardBody = type({ number: size(string(), 1, 30), expirationDate: size(string(), 1, 10), cvv: text(4), postalCode: text(20), streetAddress: text(100) });
export const LookupBody = type({ nonce: size(string(), 1, 4096) });
export const ChallengeBody = type({ challenge: size(string(), 1, 8192), code: size(string(), 0, 20) });
export const PayPalCreateBody = type({ amount: pattern(size(string(), 1, 12), /^\d+\.\d{2}$/), flow: optional(enums(['vault', 'checkout'])) });
export const PayPalApproveBody = type({ paymentId: size(string(), 1, 4096), email: pattern(size(string(), 3, 254), /^[^\s@]+@[^\s@]+$/) });
export const PayPalTokenizeBody = type({ paymentId: size(string(), 1, 4096), payerId: size(string(), 1, 4096) });

export function presentMethodRest(m: PaymentMethodView) {
  return { id: m.id, type: m.type, cardType: m.cardBrand, last4: m.last4, expirationMonth: m.expMonth, expirationYear: m.expYear, paypalEmail: m.paypalEmail, isDefault: m.isDefault, label: m.label };
}

export function presentSubscriptionRest(s: SubscriptionView) {
  return {
    id: s.id,
    planName: s.plan.name,
    status: s.status,
    autoRenew: s.autoRenew,
    price: formatMinor(s.plan.priceMinor),
    currency: s.plan.currency,
    period: s.plan.billingPeriod.toLowerCase(),
    currentPeriodStart: s.currentPeriodStart.toISOString(),
    currentPeriodEnd: s.currentPeriodEnd?.toISOString() ?? null,
    renewalDate: s.renewalDate?.toISOString() ?? null,
    pastDueSince: s.pastDueSince?.toISOString() ?? null,
    paymentMethod: s.paymentMethod ? presentMethodRest(s.paymentMethod) : null,
  };
}

export function presentPaymentRest(p: PaymentView) {
  return { id: p.id, planName: p.planName, amount: formatMinor(p.amountMinor), discount: formatMinor(p.discountMinor), currency: p.currency, status: p.status, promoCode: p.promoCode, method: p.method, failureKind: p.failureKind, failureMessage: p.failureMessage, createdAt: p.createdAt.toISOString() };
}

function presentPromoRest(c: PromoCheck) {
  const money = (v: bigint | null) => (v === null ? null : formatMinor(v));
  return {
    valid: c.valid,
    message: c.message,
    promoCode: c.code,
    type: c.type,
    percent: c.percentBps === null ? null : c.percentBps / 100,
    amount: money(c.amountMinor),
    planNames: c.planNames,
    planName: c.planName,
    price: money(c.priceMinor),
    discount: money(c.discountMinor),
    total: money(c.totalMinor),
  };
}

function sandboxOnly(req: Request) {
  const sandbox = sandboxGateway(req.ctx.config.payments);
  if (!sandbox) throw new DomainError('NOT_FOUND', 'The payment sandbox is not enabled');
  return sandbox;
}

export function plansRouter(): Router {
  const r = Router();
  r.get('/braintree/token', signedIn, handler(async (req) => clientToken(req.ctx)));
  r.post(
    '/braintree/paymentMethodType',
    signedIn,
    handler(async (req) => {
      const info = await paymentMethodType(req.ctx, validate(NonceBody, req.body).paymentMethodNonce);
      return { type: info.type, cardType: info.cardBrand, lastFour: info.last4, threeDSecureStatus: info.threeDSecureStatus };
    }),
  );
  r.post(
    '/braintree/createpurchase',
    signedIn,
    handler(async (req, res) => {
      const body = validate(PurchaseBody, req.body);
      const header = req.headers['idempotency-key'];
      const result = await purchasePlan(req.ctx, { ...body, idempotencyKey: body.idempotencyKey ?? (typeof header === 'string' ? header : undefined) });
      res.status(result.created ? 201 : 200);
      return { subscription: presentSubscriptionRest(result.subscription), payment: presentPaymentRest(result.payment), created: result.created };
    }),
  );
  r.post(
    '/braintree/updatepurchase',
    signedIn,
    handler(async (req) => {
      const result = await updatePaymentMethod(req.ctx, validate(NonceBody, req.body));
      return { paymentMethod: presentMethodRest(result.paymentMethod), subscription: result.subscription ? presentSubscriptionRest(result.subscription) : null };
    }),
  );
  r.post('/braintree/autorenew', signedIn, handler(async (req) => ({ subscription: presentSubscriptionRest(await setAutoRenew(req.ctx, validate(AutoRenewBody, req.body).autoRenew)) })));
  r.get('/braintree/cancel-all', signedIn, handler(async (req) => ({ subscriptions: (await cancelSubscriptions(req.ctx)).map(presentSubscriptionRest) })));
  r.get(
    '/promo-code/check',
    handler(async (req) => {
      const q = validate(PromoQuery, req.query);
      return presentPromoRest(await checkPromoCode(req.ctx, { promoCode: q.promoCode, planName: q.planName }));
    }),
  );

  r.post(
    '/payments-sandbox/tokenize',
    signedIn,
    handler(async (req) => {
      const sandbox = sandboxOnly(req);
      const card = validate(CardBody, req.body);
      try {
        return sandbox.tokenize(card);
      } catch (err) {
        if (err instanceof SandboxTokenizeError) throw badInput(err.message, [{ field: err.field, key: 'invalid', message: err.message }], 'invalid');
        throw err;
      }
    }),
  );
  r.post(
    '/payments-sandbox/3ds/lookup',
    signedIn,
    handler(async (req) => {
      const found = sandboxOnly(req).lookupThreeDSecure(validate(LookupBody, req.body).nonce);
      if (!found) throw badInput('Unknown or expired payment method nonce', [], 'invalid-nonce');
      return found;
    }),
  );
  r.post(
    '/payments-sandbox/3ds/authenticate',
    signedIn,
    handler(async (req) => {
      const body = validate(ChallengeBody, req.body);
      const done = sandboxOnly(req).authenticateThreeDSecure(body.challenge, body.code);
      if (!done) throw badInput('Unknown or expired 3D Secure challenge', [], 'invalid-challenge');
      return done;
    }),
  );
  // The stand-in for PayPal's checkout window (braintree-web's paypalCheckout: create, approve, tokenize).
  r.post(
    '/payments-sandbox/paypal/create-payment',
    signedIn,
    handler(async (req) => sandboxOnly(req).createPayPalPayment(validate(PayPalCreateBody, req.body))),
  );
  r.post(
    '/payments-sandbox/paypal/approve',
    signedIn,
    handler(async (req) => {
      const body = validate(PayPalApproveBody, req.body);
      const approved = sandboxOnly(req).approvePayPal(body.paymentId, body.email);
      if (!approved) throw badInput('Unknown or expired PayPal payment', [], 'invalid-payment');
      return approved;
    }),
  );
  r.post(
    '/payments-sandbox/paypal/tokenize',
    signedIn,
    handler(async (req) => {
      const body = validate(PayPalTokenizeBody, req.body);
      const tokenized = sandboxOnly(req).tokenizePayPal(body.paymentId, body.payerId);
      if (!tokenized) throw badInput('The PayPal payment has not been approved', [], 'not-approved');
      return tokenized;
    }),
  );
  return r;
}
