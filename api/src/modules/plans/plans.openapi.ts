/** OpenAPI declarations of the plans and payments paths (http/openapi.ts reads them into /api/openapi.json). */
import { documentRoutes, fromStruct, type JsonSchema } from '../../http/openapi.ts';
import { AutoRenewBody, CardBody, ChallengeBody, LookupBody, NonceBody, PayPalApproveBody, PayPalCreateBody, PayPalTokenizeBody, PromoQuery, PurchaseBody } from './plans.rest.ts';

const str = { type: 'string' };
const strOrNull = { type: ['string', 'null'] };
const intOrNull = { type: ['integer', 'null'] };
const date = { type: ['string', 'null'], format: 'date-time' };
const money = { type: 'string', description: 'A decimal amount with 2 places, e.g. "9.99".' };
const moneyOrNull = { ...money, type: ['string', 'null'] };
const threeDSecureStatus = { type: ['string', 'null'], description: 'The 3-D Secure status of the nonce (e.g. authenticate_successful, lookup_not_enrolled), null when none.' };

const paymentMethod: JsonSchema = {
  type: 'object',
  required: ['id', 'type', 'cardType', 'last4', 'expirationMonth', 'expirationYear', 'paypalEmail', 'isDefault', 'label'],
  properties: {
    id: str,
    type: { enum: ['paypal_account', 'credit_card', 'level_balance', 'other'] },
    cardType: strOrNull,
    last4: strOrNull,
    expirationMonth: intOrNull,
    expirationYear: intOrNull,
    paypalEmail: strOrNull,
    isDefault: { type: 'boolean' },
    label: { type: 'string', description: "'Visa ending in 1111', 'PayPal (a@b.c)', 'Balance'." },
  },
};
const subscription: JsonSchema = {
  type: 'object',
  required: ['id', 'planName', 'status', 'autoRenew', 'price', 'currency', 'period', 'currentPeriodStart', 'currentPeriodEnd', 'renewalDate', 'pastDueSince', 'paymentMethod'],
  properties: {
    id: str,
    planName: str,
    status: str,
    autoRenew: { type: 'boolean' },
    price: money,
    currency: str,
    period: { type: 'string', description: 'The billing period, lower case (e.g. "month", "year").' },
    currentPeriodStart: { type: 'string', format: 'date-time' },
    currentPeriodEnd: date,
    renewalDate: { ...date, description: 'When the next charge happens (the period end while auto-renew is on).' },
    pastDueSince: date,
    paymentMethod: { oneOf: [paymentMethod, { type: 'null' }] },
  },
};
const payment: JsonSchema = {
  type: 'object',
  required: ['id', 'planName', 'amount', 'discount', 'currency', 'status', 'promoCode', 'method', 'failureKind', 'failureMessage', 'createdAt'],
  properties: {
    id: str,
    planName: strOrNull,
    amount: money,
    discount: money,
    currency: str,
    status: str,
    promoCode: strOrNull,
    method: str,
    failureKind: strOrNull,
    failureMessage: strOrNull,
    createdAt: { type: 'string', format: 'date-time' },
  },
};
const obj = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', required: Object.keys(properties), properties });
const promoQuery = (fromStruct(PromoQuery).properties ?? {}) as Record<string, JsonSchema>;
const sandboxNote = 'Exists only while the local sandbox gateway is configured (404 otherwise).';

documentRoutes({
  'GET /api/braintree/token': {
    summary: 'A client token for the payment form',
    response: { status: 200, schema: obj({ clientToken: str, gateway: { enum: ['sandbox', 'braintree'] } }) },
  },
  'POST /api/braintree/paymentMethodType': {
    summary: 'What a payment method nonce stands for',
    body: fromStruct(NonceBody),
    response: { status: 200, schema: obj({ type: str, cardType: strOrNull, lastFour: strOrNull, threeDSecureStatus }) },
    errors: { 400: 'Unknown or expired nonce (key payment-refused, failureKind invalid_nonce).' },
  },
  'POST /api/braintree/createpurchase': {
    summary: 'Buys a plan with a payment method nonce or the balance',
    description:
      'Exactly one of paymentMethodNonce and useBalance. An idempotencyKey (body or Idempotency-Key header, [A-Za-z0-9_-]{8,100}) makes a retry answer the first result with 200 instead of charging again.',
    body: fromStruct(PurchaseBody),
    response: { status: 201, description: 'Purchased.', also: { 200: 'An idempotent retry: the earlier purchase, not charged again.' }, schema: obj({ subscription, payment, created: { type: 'boolean' } }) },
    errors: {
      400: 'Unknown plan or not for sale, bad promo code (key promo-…), both or neither payment source, or the payment was refused (key payment-refused, with failureKind and threeDSecureStatus).',
      409: 'A purchase is in flight (key purchase-in-flight) or the plan is already active (key already-active).',
    },
  },
  'POST /api/braintree/updatepurchase': {
    summary: "Replaces the viewer's payment method",
    body: fromStruct(NonceBody),
    response: { status: 200, schema: obj({ paymentMethod, subscription: { oneOf: [subscription, { type: 'null' }] } }) },
    errors: { 400: 'The nonce was refused (key payment-refused).' },
  },
  'POST /api/braintree/autorenew': {
    summary: 'Turns auto-renew of the current plan on or off',
    body: fromStruct(AutoRenewBody),
    response: { status: 200, schema: obj({ subscription }) },
    errors: { 400: 'Auto-renew needs a payment method (key no-method).', 404: 'No subscription (key no-subscription).' },
  },
  'GET /api/braintree/cancel-all': {
    summary: "Cancels auto-renew on every plan of the viewer",
    description: 'Each plan keeps running to the end of its period; the answer lists the plans changed.',
    response: { status: 200, schema: obj({ subscriptions: { type: 'array', items: subscription } }) },
  },
  'GET /api/promo-code/check': {
    summary: 'Checks a promo code, optionally against a plan',
    description: 'Needs no sign-in. promoCode is required; planName prices the code against that plan. An unusable code answers 200 with valid false and a message.',
    query: promoQuery,
    response: {
      status: 200,
      schema: obj({
        valid: { type: 'boolean' },
        message: strOrNull,
        promoCode: str,
        type: { enum: ['discount', 'dollar', null] },
        percent: { type: ['number', 'null'] },
        amount: moneyOrNull,
        planNames: { type: 'array', items: str },
        planName: strOrNull,
        price: moneyOrNull,
        discount: moneyOrNull,
        total: moneyOrNull,
      }),
    },
  },
  'POST /api/payments-sandbox/tokenize': {
    summary: 'Sandbox: turns test card details into a payment method nonce',
    description: sandboxNote,
    body: fromStruct(CardBody),
    response: { status: 200, schema: obj({ nonce: str, details: obj({ cardType: str, lastFour: str, bin: str }) }) },
    errors: { 400: 'The card is refused by the sandbox (key invalid, naming the field).', 404: 'The payment sandbox is not enabled.' },
  },
  'POST /api/payments-sandbox/3ds/lookup': {
    summary: 'Sandbox: the 3-D Secure lookup for a nonce',
    description: `${sandboxNote} A challenge, when given, is answered with /api/payments-sandbox/3ds/authenticate.`,
    body: fromStruct(LookupBody),
    response: { status: 200, schema: obj({ nonce: str, status: threeDSecureStatus, challenge: strOrNull }) },
    errors: { 400: 'Unknown or expired nonce (key invalid-nonce).', 404: 'The payment sandbox is not enabled.' },
  },
  'POST /api/payments-sandbox/3ds/authenticate': {
    summary: 'Sandbox: answers a 3-D Secure challenge',
    description: sandboxNote,
    body: fromStruct(ChallengeBody),
    response: { status: 200, schema: obj({ nonce: str, status: { type: 'string' } }) },
    errors: { 400: 'Unknown or expired challenge (key invalid-challenge).', 404: 'The payment sandbox is not enabled.' },
  },
  'POST /api/payments-sandbox/paypal/create-payment': {
    summary: "Sandbox: starts a PayPal checkout (stands in for braintree-web's paypalCheckout.createPayment)",
    description: `${sandboxNote} The payment waits for the person's approval (/api/payments-sandbox/paypal/approve).`,
    body: fromStruct(PayPalCreateBody),
    response: { status: 200, schema: obj({ paymentId: str }) },
    errors: { 400: 'Bad amount or flow.', 404: 'The payment sandbox is not enabled.' },
  },
  'POST /api/payments-sandbox/paypal/approve': {
    summary: "Sandbox: the person approves the payment in PayPal's window with a sandbox account",
    description: `${sandboxNote} Emails starting with 'declined' are declined when charged.`,
    body: fromStruct(PayPalApproveBody),
    response: { status: 200, schema: obj({ paymentId: str, payerId: str }) },
    errors: { 400: 'Unknown or expired payment (key invalid-payment).', 404: 'The payment sandbox is not enabled.' },
  },
  'POST /api/payments-sandbox/paypal/tokenize': {
    summary: 'Sandbox: turns an approved PayPal payment into a payment method nonce (paypalCheckout.tokenizePayment)',
    description: sandboxNote,
    body: fromStruct(PayPalTokenizeBody),
    response: { status: 200, schema: obj({ nonce: str, type: str, details: obj({ email: str }) }) },
    errors: { 400: 'The payment was not approved (key not-approved).', 404: 'The payment sandbox is not enabled.' },
  },
});
