/**
 * Card payments (supporting §3, §8): accepted cards, the gateway's result codes and the one message
 * a person reads for each outcome, promo code arithmetic and the annual period. Used by the API
 * (gateway results become these messages) and by the card form (3-D Secure results).
 */

export const ACCEPTED_CARDS = ['visa', 'master-card', 'discover', 'american-express'] as const;
export type AcceptedCard = (typeof ACCEPTED_CARDS)[number];

export const PAYMENT_METHOD_TYPES = ['paypal_account', 'credit_card', 'level_balance', 'other'] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_TYPES)[number];

/** The rejection kinds of supporting §8. */
export const REJECTION_KINDS = ['processor_declined', 'gateway_rejected', 'three_d_secure'] as const;
export type RejectionKind = (typeof REJECTION_KINDS)[number];

/** Card verification (CVV) result codes as Braintree reports them. */
export type CvvCode = 'M' | 'N' | 'U' | 'I' | 'S' | 'A';
/** Address verification (postal code, street address) result codes as Braintree reports them. */
export type AvsCode = 'M' | 'N' | 'U' | 'I' | 'A' | 'S' | 'E';

export const THREE_D_SECURE_STATUSES = [
  'authenticate_successful',
  'authenticate_attempt_successful',
  'authenticate_error',
  'authenticate_signature_verification_failed',
  'authenticate_unable_to_authenticate',
  'authentication_unavailable',
  'lookup_error',
  'lookup_enrolled',
  'authenticate_failed',
  'authenticate_successful_issuer_not_participating',
  'lookup_not_enrolled',
  'unsupported_card',
] as const;
export type ThreeDSecureStatus = (typeof THREE_D_SECURE_STATUSES)[number];

export const PAYMENT_MESSAGES = {
  cvvMismatch: 'The CVV provided does not match. Please try again',
  cvvError: 'There was an error while processing your transaction. Please try again',
  cvvMissing: 'No CVV was provided',
  postalMismatch: 'The billing postal code does not match the card. Please check it and try again',
  postalNotVerified: 'The billing postal code could not be verified. Please check it and try again',
  postalMissing: 'Please enter the billing postal code of the card',
  postalError: 'There was an error while verifying the billing postal code. Please try again',
  streetMismatch: 'The billing street address does not match the card. Please check it and try again',
  streetNotVerified: 'The billing street address could not be verified. Please check it and try again',
  streetMissing: 'Please enter the billing street address of the card',
  streetError: 'There was an error while verifying the billing street address. Please try again',
  processorDeclined: 'Your card was declined by your bank. Please use another card or contact your bank',
  gatewayRejected: 'Your payment was not accepted. Please check your card details or use another payment method',
  threeDSecureRetry: 'We were unable to process your payment. Please try again',
  threeDSecureFailed: 'Your bank could not confirm it is you. Please check your card password or code and try again',
  threeDSecureContactIssuer: 'Your card issuer does not support this verification. Please contact your card issuer',
  threeDSecureUnsupported: 'Your card is not supported by 3D Secure. Please try an alternate payment method',
  cardNotAccepted: 'This card type is not accepted. Please use Visa, Mastercard, Discover or American Express',
  invalidNonce: 'The payment details have expired or are not valid. Please enter your card again',
  paypalDeclined: 'PayPal declined this payment. Please choose another way to pay in PayPal, or pay by card',
  paypalCancelled: 'You cancelled the PayPal checkout. Nothing was charged',
} as const;

/** 3-D Secure statuses that let a payment go ahead. */
export function isThreeDSecurePassed(status: ThreeDSecureStatus): boolean {
  return status === 'authenticate_successful' || status === 'authenticate_attempt_successful';
}

/** The message for a 3-D Secure status (supporting §8); null for the statuses that pass. */
export function threeDSecureMessage(status: ThreeDSecureStatus): string | null {
  switch (status) {
    case 'authenticate_successful':
    case 'authenticate_attempt_successful':
      return null;
    case 'authenticate_failed':
      return PAYMENT_MESSAGES.threeDSecureFailed;
    case 'authenticate_successful_issuer_not_participating':
    case 'lookup_not_enrolled':
      return PAYMENT_MESSAGES.threeDSecureContactIssuer;
    case 'unsupported_card':
      return PAYMENT_MESSAGES.threeDSecureUnsupported;
    default:
      return PAYMENT_MESSAGES.threeDSecureRetry;
  }
}

/** CVV: N mismatch, I not provided, U/S/A could not be checked (processing error); M passes. */
export function cvvMessage(code: CvvCode | null | undefined): string | null {
  if (code === 'N') return PAYMENT_MESSAGES.cvvMismatch;
  if (code === 'I') return PAYMENT_MESSAGES.cvvMissing;
  if (code === 'U' || code === 'S' || code === 'A') return PAYMENT_MESSAGES.cvvError;
  return null;
}

const AVS_MESSAGES = {
  postal: { N: PAYMENT_MESSAGES.postalMismatch, U: PAYMENT_MESSAGES.postalNotVerified, I: PAYMENT_MESSAGES.postalMissing, E: PAYMENT_MESSAGES.postalError },
  street: { N: PAYMENT_MESSAGES.streetMismatch, U: PAYMENT_MESSAGES.streetNotVerified, I: PAYMENT_MESSAGES.streetMissing, E: PAYMENT_MESSAGES.streetError },
} as const;

/** Postal code or street address: the four outcomes mismatch (N), not verified (U), missing (I), processing error (E/S/A). */
export function avsMessage(field: 'postal' | 'street', code: AvsCode | null | undefined): string | null {
  if (code === 'N' || code === 'U' || code === 'I' || code === 'E') return AVS_MESSAGES[field][code];
  if (code === 'S' || code === 'A') return AVS_MESSAGES[field].E;
  return null;
}

/** Why a gateway refused a payment, as the API records it. */
export interface PaymentFailure {
  kind: RejectionKind | 'invalid_nonce' | 'card_not_accepted';
  /** gateway_rejected: 'cvv', 'avs', 'avs_and_cvv', 'fraud', 'duplicate'... */
  reason?: string | null;
  cvv?: CvvCode | null;
  postal?: AvsCode | null;
  street?: AvsCode | null;
  threeDSecureStatus?: ThreeDSecureStatus | null;
}

/** The one sentence a person reads for a refused payment. */
export function paymentFailureMessage(failure: PaymentFailure): string {
  switch (failure.kind) {
    case 'three_d_secure':
      return (failure.threeDSecureStatus && threeDSecureMessage(failure.threeDSecureStatus)) ?? PAYMENT_MESSAGES.threeDSecureRetry;
    case 'processor_declined':
      return failure.reason === 'paypal' ? PAYMENT_MESSAGES.paypalDeclined : PAYMENT_MESSAGES.processorDeclined;
    case 'invalid_nonce':
      return PAYMENT_MESSAGES.invalidNonce;
    case 'card_not_accepted':
      return PAYMENT_MESSAGES.cardNotAccepted;
    case 'gateway_rejected':
      return cvvMessage(failure.cvv) ?? avsMessage('postal', failure.postal) ?? avsMessage('street', failure.street) ?? PAYMENT_MESSAGES.gatewayRejected;
  }
}

export const PROMO_MESSAGES = {
  invalid: 'This promo code is not valid',
  notYet: 'This promo code is not active yet',
  expired: 'This promo code has expired',
  usedUp: 'This promo code has been used up',
  alreadyUsed: 'You have already used this promo code',
  otherPlan: 'This promo code does not apply to this plan',
} as const;

export interface PromoTerms {
  type: 'DISCOUNT' | 'DOLLAR';
  /** DISCOUNT: basis points (2500 = 25%). */
  percentBps?: number | null;
  /** DOLLAR: minor units. */
  amountMinor?: number | null;
}

/** The discount on a price in minor units: a percentage rounds down to the cent, never more than the price. */
export function promoDiscount(priceMinor: bigint, terms: PromoTerms): bigint {
  const raw = terms.type === 'DISCOUNT' ? (priceMinor * BigInt(terms.percentBps ?? 0)) / 10_000n : BigInt(terms.amountMinor ?? 0);
  if (raw < 0n) return 0n;
  return raw > priceMinor ? priceMinor : raw;
}

/** The end of an annual period: the same calendar day a year later (29 February becomes 28 February). */
export function addYear(start: Date): Date {
  const end = new Date(start.getTime());
  end.setUTCFullYear(end.getUTCFullYear() + 1);
  if (end.getUTCDate() !== start.getUTCDate()) end.setUTCDate(0);
  return end;
}
