import { addYear, avsMessage, cvvMessage, isThreeDSecurePassed, PAYMENT_MESSAGES as M, paymentFailureMessage, promoDiscount, threeDSecureMessage, THREE_D_SECURE_STATUSES } from './payments';

test.each([
  ['authenticate_successful', null],
  ['authenticate_attempt_successful', null],
  ['authenticate_error', 'We were unable to process your payment. Please try again'],
  ['authenticate_signature_verification_failed', 'We were unable to process your payment. Please try again'],
  ['authenticate_unable_to_authenticate', 'We were unable to process your payment. Please try again'],
  ['authentication_unavailable', 'We were unable to process your payment. Please try again'],
  ['lookup_error', 'We were unable to process your payment. Please try again'],
  ['lookup_enrolled', 'We were unable to process your payment. Please try again'],
  ['authenticate_failed', M.threeDSecureFailed],
  ['authenticate_successful_issuer_not_participating', M.threeDSecureContactIssuer],
  ['lookup_not_enrolled', M.threeDSecureContactIssuer],
  ['unsupported_card', 'Your card is not supported by 3D Secure. Please try an alternate payment method'],
] as const)('3-D Secure %s -> %s', (status, message) => {
  expect(threeDSecureMessage(status)).toBe(message);
  expect(isThreeDSecurePassed(status)).toBe(message === null);
  expect(paymentFailureMessage({ kind: 'three_d_secure', threeDSecureStatus: status })).toBe(message ?? M.threeDSecureRetry);
});

test('every 3-D Secure status is covered above', () => {
  expect(THREE_D_SECURE_STATUSES).toHaveLength(12);
  expect(paymentFailureMessage({ kind: 'three_d_secure' })).toBe(M.threeDSecureRetry);
});

test.each([
  ['M', null],
  ['N', 'The CVV provided does not match. Please try again'],
  ['I', 'No CVV was provided'],
  ['U', 'There was an error while processing your transaction. Please try again'],
  ['S', 'There was an error while processing your transaction. Please try again'],
  ['A', 'There was an error while processing your transaction. Please try again'],
  [null, null],
] as const)('CVV %s', (code, message) => expect(cvvMessage(code)).toBe(message));

test.each([
  ['N', M.postalMismatch, M.streetMismatch],
  ['U', M.postalNotVerified, M.streetNotVerified],
  ['I', M.postalMissing, M.streetMissing],
  ['E', M.postalError, M.streetError],
  ['S', M.postalError, M.streetError],
  ['A', M.postalError, M.streetError],
  ['M', null, null],
  [undefined, null, null],
] as const)('AVS %s', (code, postal, street) => {
  expect(avsMessage('postal', code)).toBe(postal);
  expect(avsMessage('street', code)).toBe(street);
});

test('a failure reads as one message, CVV first, then postal code, then street', () => {
  expect(paymentFailureMessage({ kind: 'gateway_rejected', reason: 'avs_and_cvv', cvv: 'N', postal: 'N' })).toBe(M.cvvMismatch);
  expect(paymentFailureMessage({ kind: 'gateway_rejected', reason: 'avs', cvv: 'M', postal: 'U', street: 'N' })).toBe(M.postalNotVerified);
  expect(paymentFailureMessage({ kind: 'gateway_rejected', reason: 'avs', street: 'I' })).toBe(M.streetMissing);
  expect(paymentFailureMessage({ kind: 'gateway_rejected', reason: 'fraud' })).toBe(M.gatewayRejected);
  expect(paymentFailureMessage({ kind: 'processor_declined' })).toBe(M.processorDeclined);
  expect(paymentFailureMessage({ kind: 'processor_declined', reason: 'paypal' })).toBe(M.paypalDeclined);
  expect(paymentFailureMessage({ kind: 'invalid_nonce' })).toBe(M.invalidNonce);
  expect(paymentFailureMessage({ kind: 'card_not_accepted' })).toBe(M.cardNotAccepted);
});

test('promo discounts: percentages round down, never below zero or above the price', () => {
  expect(promoDiscount(2000n, { type: 'DISCOUNT', percentBps: 2500 })).toBe(500n);
  expect(promoDiscount(1999n, { type: 'DISCOUNT', percentBps: 3333 })).toBe(666n);
  expect(promoDiscount(2000n, { type: 'DOLLAR', amountMinor: 500 })).toBe(500n);
  expect(promoDiscount(2000n, { type: 'DOLLAR', amountMinor: 5000 })).toBe(2000n);
  expect(promoDiscount(2000n, { type: 'DOLLAR', amountMinor: -5 })).toBe(0n);
  expect(promoDiscount(2000n, { type: 'DISCOUNT' })).toBe(0n);
  expect(promoDiscount(2000n, { type: 'DOLLAR' })).toBe(0n);
});

test('an annual period ends on the same day next year; 29 February ends on 28 February', () => {
  expect(addYear(new Date('2026-03-15T10:00:00Z')).toISOString()).toBe('2027-03-15T10:00:00.000Z');
  expect(addYear(new Date('2028-02-29T00:00:00Z')).toISOString()).toBe('2029-02-28T00:00:00.000Z');
});
