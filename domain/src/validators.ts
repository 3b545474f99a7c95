/**
 * Shared form validators (supporting spec §5, core spec §5 and §8 form keys).
 *
 * Every rule is a `Check`: `(value) => FieldError | undefined`. The same function serves
 * react-final-form (wrap with `toFieldValidator` to get the message string) and the server
 * (which keeps the structured `{ key, message }`), and superstruct structs reuse it via `checked`.
 */
import { refine, validate, type Context, type Failure, type Struct } from 'superstruct';
import { isUsState } from './countries';
import { formatUsDate, parseDateString, toIsoDate } from './date-string';
import { PASSWORD_MIN_LENGTH } from './constants';
import { isBlank } from './blank';

/** A validation failure: the spec's error key and the user-facing message. */
export interface FieldError {
  key: string;
  message: string;
}

/** A validation rule for one value. */
export type Check<V = unknown> = (value: V) => FieldError | undefined;

/** Errors of a whole form by field name. */
export type FieldErrors<F extends string = string> = Partial<Record<F, FieldError>>;

/** Builds a FieldError (keeps call sites short). */
export function fieldError(key: string, message: string): FieldError {
  return { key, message };
}

/** Runs checks in order and returns the first failure, as the forms show one error per field. */
export function firstError<V>(value: V, checks: readonly Check<V>[]): FieldError | undefined {
  for (const check of checks) {
    const error = check(value);
    if (error) return error;
  }
  return undefined;
}

/** Combines checks into one check that reports the first failure. */
export function composeChecks<V>(...checks: Check<V>[]): Check<V> {
  return (value) => firstError(value, checks);
}

/** Adapts checks to a react-final-form field validator, which wants the message or undefined. */
export function toFieldValidator<V>(...checks: Check<V>[]): (value: V) => string | undefined {
  return (value) => firstError(value, checks)?.message;
}

/** Turns structured errors into react-final-form's record-level `{ field: message }` shape. */
export function toMessages(errors: Readonly<Record<string, FieldError | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, error] of Object.entries(errors)) if (error) out[field] = error.message;
  return out;
}

/** True when an errors record holds at least one error. */
export function hasErrors(errors: Readonly<Record<string, FieldError | undefined>>): boolean {
  return Object.values(errors).some((e) => e !== undefined);
}

// ---- superstruct integration ------------------------------------------------

/** A superstruct failure that carries our error key (superstruct overwrites `refinement` with the refine name). */
type KeyedFailure = Partial<Failure> & { errorKey?: string };

/** Adds a Check to a superstruct struct; the failure carries the check's key and message. */
export function checked<T, S>(struct: Struct<T, S>, check: Check<T>, name = 'check'): Struct<T, S> {
  return refine(struct, name, (value) => {
    const error = check(value);
    return error ? ({ errorKey: error.key, message: error.message } as KeyedFailure) : true;
  });
}

/** Adds a whole-object rule (cross-field) to a struct; each field error becomes a failure at that field's path. */
export function checkedFields<T, S, F extends string>(
  struct: Struct<T, S>,
  name: string,
  validateFields: (value: T) => FieldErrors<F>,
): Struct<T, S> {
  return refine(struct, name, (value: T, context: Context) => {
    const failures: KeyedFailure[] = [];
    for (const [field, error] of Object.entries(validateFields(value)) as [string, FieldError | undefined][]) {
      if (error) failures.push({ errorKey: error.key, message: error.message, path: [...context.path, field], key: field });
    }
    return failures;
  });
}

/** Result of validating a whole object: the coerced value, or errors keyed by dotted path. */
export type ShapeResult<T> = { ok: true; value: T } | { ok: false; errors: Record<string, FieldError> };

/** Validates a value against a struct and reports the first error per field path (server inputs, record-level form validation). */
export function validateShape<T, S>(struct: Struct<T, S>, value: unknown): ShapeResult<T> {
  const [error, result] = validate(value, struct, { coerce: true });
  if (!error) return { ok: true, value: result };
  const errors: Record<string, FieldError> = {};
  for (const failure of error.failures()) {
    const path = failure.path.join('.');
    errors[path] ??= { key: (failure as KeyedFailure).errorKey ?? failure.refinement ?? 'invalid-type', message: failure.message };
  }
  return { ok: false, errors };
}

// ---- shared rules -------------------------------------------------------------


/** Required field: fails with key 'required' and the given message (the spec has one per field, e.g. 'Country is required'). */
export function required(message = 'This field is required'): Check<unknown> {
  return (value) => (isBlank(value) ? fieldError('required', message) : undefined);
}

/** The spec's "required text": null is allowed, otherwise the value must be a non-blank string; else 'required'. */
export const requiredText: Check<unknown> = (value) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() !== '')
    ? undefined
    : fieldError('required', 'This field is required');

/** A whitespace-only string is an empty-string error (key 'string-empty'); the empty string itself is left to `required`. */
export const notWhitespaceOnly: Check<unknown> = (value) =>
  typeof value === 'string' && value !== '' && value.trim() === ''
    ? fieldError('string-empty', 'This field cannot be blank')
    : undefined;

/** Maximum length (trimmed is not applied: the limit is on what is stored); message as the spec words it. */
export function maxLength(max: number): Check<unknown> {
  return (value) =>
    typeof value === 'string' && value.length > max ? fieldError('maxlength', `Length should be less or equal to ${max}`) : undefined;
}

/** Letters, digits, spaces and hyphens. */
export const POSTAL_CODE_PATTERN = /^[A-Za-z0-9 -]+$/;
/** Postal code: letters, digits, spaces and hyphens, else 'postalcode'; empty is left to `required`. */
export const postalCode: Check<unknown> = (value) =>
  isBlank(value) || (typeof value === 'string' && POSTAL_CODE_PATTERN.test(value.trim()))
    ? undefined
    : fieldError('postalcode', 'Invalid Zip/Postal Code');

/** Optional +, 3 digits (optionally in brackets), optional separator (space, dot, hyphen), 3 digits, optional separator, 3-6 digits. */
export const PHONE_PATTERN = /^\+?(?:\d{3}|\(\d{3}\))[ .-]?\d{3}[ .-]?\d{3,6}$/;
/** Phone: empty allowed, else PHONE_PATTERN; key 'phone'. */
export const phone: Check<unknown> = (value) =>
  isBlank(value) || (typeof value === 'string' && PHONE_PATTERN.test(value.trim()))
    ? undefined
    : fieldError('phone', 'Invalid phone number');

/** The standard email pattern (the WHATWG / Angular one); email.ts adds the stricter checks. */
export const EMAIL_PATTERN =
  /^(?=.{1,254}$)(?=.{1,64}@)[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+)*@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
/** Shared email rule: empty allowed, else the standard pattern; key 'email'. */
export const emailFormat: Check<unknown> = (value) =>
  isBlank(value) || (typeof value === 'string' && EMAIL_PATTERN.test(value.trim()))
    ? undefined
    : fieldError('email', 'Not a valid email');

/** Date: empty allowed, else the date-string parser must accept it; key 'invalidDate'. */
export const validDate: Check<unknown> = (value) =>
  isBlank(value) || parseDateString(value) ? undefined : fieldError('invalidDate', 'Invalid date');

/** Minimum date (release date): empty allowed, else a date on or after `min` ('YYYY-MM-DD'); key 'releaseDate'. */
export function minDate(min: string): Check<unknown> {
  return (value) => {
    if (isBlank(value)) return undefined;
    const iso = toIsoDate(value);
    return iso !== null && iso >= min ? undefined : fieldError('releaseDate', `Date must be ${formatUsDate(min)} or later`);
  };
}

/** Territory selection: null, or an object whose countryCodes is a non-empty string or list; key 'missingCountries'. */
export const countriesSelected: Check<unknown> = (value) => {
  if (value === null || value === undefined) return undefined;
  const codes = typeof value === 'object' ? (value as { countryCodes?: unknown }).countryCodes : undefined;
  return isBlank(codes) || (typeof codes !== 'string' && !Array.isArray(codes))
    ? fieldError('missingCountries', 'Select at least one country')
    : undefined;
};

/** DSP (outlet) list: null, or a non-empty list; key 'missingDSP'. */
export const dspSelected: Check<unknown> = (value) =>
  value === null || value === undefined || (Array.isArray(value) && value.length > 0)
    ? undefined
    : fieldError('missingDSP', 'Select at least one store');

/** Number range: when present, numeric and between min and max inclusive; key 'range'. */
export function numberRange(min: number, max: number): Check<unknown> {
  return (value) => {
    if (value === null || value === undefined || value === '') return undefined;
    const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
    return Number.isFinite(n) && n >= min && n <= max ? undefined : fieldError('range', `Must be a number from ${min} to ${max}`);
  };
}

/** State: must equal a known US state value; key 'stateNotSelected'. */
export const stateSelected: Check<unknown> = (value) =>
  isUsState(value) ? undefined : fieldError('stateNotSelected', 'State/Province is required');

/** The payout provider's name pattern: letters (any script), spaces and ' , - . only. */
export const PAYOUT_NAME_PATTERN = /^[\p{L}\p{M} ',.-]*$/u;
/** Payout-provider name rule, with the spec's message. */
export const payoutName: Check<unknown> = (value) =>
  typeof value === 'string' && !PAYOUT_NAME_PATTERN.test(value)
    ? fieldError('pattern', "Allowed letters, space and ',-. symbols")
    : undefined;

/** A confirmation field must equal the field it confirms; key 'isNotMatching'. */
export function matches(other: () => unknown, message = 'Values do not match'): Check<unknown> {
  return (value) => (value === other() ? undefined : fieldError('isNotMatching', message));
}

/** Password: required, at least 8 characters, a lowercase letter, an uppercase letter and a digit. */
export const password: Check<unknown> = (value) => {
  if (typeof value !== 'string' || value === '') return fieldError('required', 'Password is required');
  if (value.length < PASSWORD_MIN_LENGTH) return fieldError('password-min-length', `Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
  if (!/[a-z]/.test(value)) return fieldError('password-lowercase', 'Password must contain a lowercase letter');
  if (!/[A-Z]/.test(value)) return fieldError('password-uppercase', 'Password must contain an uppercase letter');
  if (!/\d/.test(value)) return fieldError('password-digit', 'Password must contain a digit');
  return undefined;
};

/**
 * Artists list (one control per name): at least one non-blank name, else the first control gets
 * 'required'; a later repeat (trimmed, case-insensitive) gets 'ArtistDuplicate'; a name containing a
 * digit gets 'ArtistNoNumber'. Returns one entry per control.
 */
export function validateArtistsList(values: readonly (string | null | undefined)[]): (FieldError | undefined)[] {
  const names = values.map((v) => (v ?? '').trim());
  if (names.every((n) => n === '')) {
    return names.length === 0
      ? [fieldError('required', 'Artist Name is required')]
      : names.map((_, i) => (i === 0 ? fieldError('required', 'Artist Name is required') : undefined));
  }
  const seen = new Set<string>();
  return names.map((name) => {
    if (/\d/.test(name)) return fieldError('ArtistNoNumber', 'Artist names must not contain numbers.');
    const folded = name.toLowerCase();
    if (name !== '' && seen.has(folded)) return fieldError('ArtistDuplicate', 'This name has already been entered in.');
    seen.add(folded);
    return undefined;
  });
}
