/** OpenAPI declarations of the money paths (supporting §7, §8; http/openapi.ts reads them into /api/openapi.json). */
import { WARNING_CODES, WITHDRAWAL_STATUS } from '@cadence/domain/withdrawal';
import { documentRoutes, type JsonSchema } from '../../http/openapi.ts';

const str = { type: 'string' };
const strOrNull = { type: ['string', 'null'] };
const bool = { type: 'boolean' };
const money = { type: 'string', pattern: '^-?[0-9]+\\.[0-9]{2}$', description: 'A decimal amount with 2 places ("12.50").' };
const obj = (properties: Record<string, JsonSchema>, extra: JsonSchema = {}): JsonSchema => ({ type: 'object', required: Object.keys(properties), properties, ...extra });

const withdrawal = obj({
  id: str,
  amount: money,
  currency: str,
  status: { enum: Object.values(WITHDRAWAL_STATUS), description: 'Legacy number: 1 pending, 2 approved, 3 rejected.' },
  statusName: { enum: Object.keys(WITHDRAWAL_STATUS) },
  payoutStatus: { enum: ['PENDING', 'FINALIZED', 'FAILED', 'CANCELLED', 'PROCESSING', null], description: "The payout provider's transaction status, null before it is sent." },
  awaitingApproval: { ...bool, description: 'Waiting for support to approve (above the approval threshold).' },
  code: { ...strOrNull, description: "The provider's error code when it refused." },
  messages: { type: 'array', items: obj({ code: str, message: str }) },
  createdAt: { type: 'string', format: 'date-time' },
});

/** Our own refusal codes (earnings.service.ts withdrawAndPay); the provider's are numbers. */
const OWN_CODES = ['WITHDRAWALS_DISABLED', 'BAD_IDEMPOTENCY_KEY', 'AMOUNT_FRACTION', 'AMOUNT_BELOW_MINIMUM', 'TAX_VERIFICATION', 'NO_PAYOUT_METHOD', 'AMOUNT_EXCEEDS_BALANCE', 'AMOUNT_NOT_EQUAL_BALANCE'];
const withdrawalCode = {
  description: `Our refusal codes, or the payout provider's numeric code as text; ${WARNING_CODES.join(', ')} are shown as warnings, the rest as errors (supporting §8).`,
  anyOf: [{ enum: OWN_CODES }, { type: 'string', pattern: '^[0-9]+$' }],
};
/** The withdrawal refusal the legacy client reads (supporting §8): Message, and Details with Code and Message. */
const withdrawalRefusal: JsonSchema = {
  type: 'object',
  required: ['Message', 'Details', 'code', 'message'],
  properties: {
    Message: str,
    Details: obj({ Code: withdrawalCode, Message: { ...str, description: "The provider's own words when it refused; else the same as Message." } }),
    code: withdrawalCode,
    message: str,
    withdrawalId: { ...str, description: 'The refused withdrawal (provider refusals).' },
    taxVerificationStatus: { ...str, description: 'TAX_VERIFICATION: the status that blocks.' },
    taxFormUrl: { ...str, description: 'TAX_VERIFICATION: where to verify.' },
  },
};
const paypalAccount = obj({ linked: bool, email: strOrNull, firstName: strOrNull, lastName: strOrNull, verifiedAt: { type: ['string', 'null'], format: 'date-time' } });

documentRoutes({
  'GET /api/financial/balance': {
    summary: "The user's balance",
    response: { status: 200, schema: obj({ amount: money, currency: str, lockedAmount: { ...money, description: 'Held by withdrawals in flight.' }, availableAmount: money, isWalletExist: bool, hasWithdrawals: bool }) },
  },
  'POST /api/financial/withdraw': {
    summary: 'Withdraws to the linked PayPal account',
    description: 'An Idempotency-Key header ([A-Za-z0-9_.:-]{8,100}) makes a retry answer the first withdrawal with 200 instead of paying twice. Refusals are 400 with the withdrawal shape (Message, Details.Code).',
    body: { type: 'object', properties: { balance: { type: ['string', 'number'], description: 'The amount (legacy name).' }, amount: { type: ['string', 'number'] } } },
    response: { status: 201, schema: withdrawal, also: { 200: 'An idempotent retry: the earlier withdrawal.' } },
    errors: {
      400: { description: 'Refused: a withdrawal refusal (Message, Details.Code; supporting §8), or bad input in the shared Error shape.', schema: { anyOf: [withdrawalRefusal, { $ref: '#/components/schemas/Error' }] } },
      409: 'A withdrawal is already in flight.',
      503: 'The payout provider is unavailable: "Service is temporarily unavailable, please try again later".',
    },
  },
  'GET /api/financial/withdrawals': { summary: "The user's withdrawals, newest first", response: { status: 200, schema: { type: 'array', items: withdrawal } } },
  'GET /api/financial/statement.csv': { summary: "The user's ledger (newest 500 lines) as CSV: Date, Type, Description, Amount, Balance, Currency", response: { status: 200, contentType: 'text/csv', description: 'The statement (attachment statement.csv).' } },
  'POST /api/financial/payout-webhook': {
    summary: "The payout provider's status events (signed; not for API clients)",
    description: 'The raw body is checked against the signature header before it is read.',
    response: { status: 200, schema: obj({ duplicate: bool, changed: bool }) },
  },
  'POST /api/paypal/verify': {
    summary: 'Verifies a PayPal account by name and email, and links it',
    body: { type: 'object', properties: { firstName: strOrNull, lastName: strOrNull, emailAddress: strOrNull, matchCriteria: { enum: ['NAME', null] } } },
    response: { status: 200, schema: obj({ accountStatus: { const: 'VERIFIED' }, message: str, paypalEmail: strOrNull, paypalFirstName: strOrNull, paypalLastName: strOrNull }) },
    errors: {
      400: {
        description: 'Bad input, or the account was not found: then `err` lists the message the form shows first (supporting §8).',
        schema: { allOf: [{ $ref: '#/components/schemas/Error' }, { type: 'object', properties: { err: { type: 'array', items: obj({ message: str }) } } }] },
      },
    },
  },
  'GET /api/paypal/config': {
    summary: 'Where to link PayPal, and the linked account',
    response: { status: 200, schema: obj({ linkUrl: str, mode: { enum: ['sandbox', 'live'] }, account: paypalAccount }) },
  },
});
