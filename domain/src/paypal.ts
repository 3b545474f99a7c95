/** PayPal account link form (supporting spec §4, §5, §8): field rules, the verify payload and the check-result state. */
import { EMAIL_PATTERN, fieldError, required, type FieldError, type FieldErrors } from './validators';

export const PAYPAL_MESSAGES = {
  firstName: 'First Name is required',
  lastName: 'Last Name is required',
  email: 'PayPal Email is required',
  emailInvalid: 'Invalid PayPal Email Address',
  notFound:
    'Your PayPal account could not be found. Please check if the information below matches the information on your PayPal account and try again.',
} as const;

/** Success text after linking: 'Your PayPal account has been successfully verified and linked to your {brand} profile.' */
export function payPalLinkedMessage(brand: string): string {
  return `Your PayPal account has been successfully verified and linked to your ${brand} profile.`;
}

export interface PayPalFormValues {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

const emailRequired = required(PAYPAL_MESSAGES.email);

/** PayPal email: required ('PayPal Email is required') and valid ('Invalid PayPal Email Address'). */
export function validatePayPalEmail(value: unknown): FieldError | undefined {
  return emailRequired(value) ?? (EMAIL_PATTERN.test(String(value).trim()) ? undefined : fieldError('email', PAYPAL_MESSAGES.emailInvalid));
}

/** The whole PayPal form: first and last name required, email required and valid. */
export function validatePayPalForm(values: PayPalFormValues): FieldErrors<keyof PayPalFormValues> {
  const errors: FieldErrors<keyof PayPalFormValues> = {};
  const first = required(PAYPAL_MESSAGES.firstName)(values.firstName);
  const last = required(PAYPAL_MESSAGES.lastName)(values.lastName);
  const email = validatePayPalEmail(values.email);
  if (first) errors.firstName = first;
  if (last) errors.lastName = last;
  if (email) errors.email = email;
  return errors;
}

/** Body of POST /api/paypal/verify (match criteria fixed to NAME). */
export function payPalVerifyRequest(values: Required<PayPalFormValues>) {
  return {
    firstName: String(values.firstName).trim(),
    lastName: String(values.lastName).trim(),
    emailAddress: String(values.email).trim(),
    matchCriteria: 'NAME' as const,
  };
}

export interface PayPalFormState {
  linked: boolean;
  busy: boolean;
  verifyError: string | null;
  serverError: boolean;
}

/** Start state: a payment email on the profile means linked (the form then fills and locks the fields). */
export function initialPayPalState(profile: { paypal_email?: string | null }): PayPalFormState {
  return { linked: Boolean(profile.paypal_email), busy: false, verifyError: null, serverError: false };
}

/**
 * Applies a payment-check result: an error list whose first item has a message -> unlinked with that
 * verify error; any other error -> server error; fetching finished while busy -> linked; busy follows fetching.
 */
export function applyPayPalCheck(state: PayPalFormState, result: { err?: unknown; fetching: boolean }): PayPalFormState {
  const first: unknown = Array.isArray(result.err) ? result.err[0] : undefined;
  const message = typeof first === 'object' && first !== null ? (first as { message?: unknown }).message : undefined;
  if (typeof message === 'string') return { linked: false, busy: result.fetching, verifyError: message, serverError: false };
  if (result.err) return { ...state, linked: false, busy: result.fetching, serverError: true, verifyError: null };
  if (state.busy && !result.fetching) return { linked: true, busy: false, verifyError: null, serverError: false };
  return { ...state, busy: result.fetching };
}
