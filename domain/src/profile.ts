/**
 * Profile form rules (core spec §5, supporting spec §4-§5): artist name, first and last name,
 * birthday; the artist profile form's save rule and the short profile form's draft rule.
 */
import { nullable, optional, string, type } from 'superstruct';
import { ARTIST_NAME_MAX_LENGTH, NAME_MAX_LENGTH } from './constants';
import { parseDateString, toIsoDate } from './date-string';
import { checkedFields, fieldError, maxLength, payoutName, required, type FieldError, type FieldErrors } from './validators';

export const PROFILE_MESSAGES = {
  artistName: 'Artist Name is required',
  firstName: 'First Name is required',
  lastName: 'Last Name is required',
  birthday: 'Birth Date is required',
  birthdayInvalid: 'Invalid Birth Date',
} as const;

/** Shown instead of the date picker when the birthday is locked. */
export const LOCKED_BIRTHDAY_TEXT = 'contact us to change this date';

const nameMax = maxLength(NAME_MAX_LENGTH);
const artistMax = maxLength(ARTIST_NAME_MAX_LENGTH);
const firstNameRequired = required(PROFILE_MESSAGES.firstName);
const lastNameRequired = required(PROFILE_MESSAGES.lastName);
const artistNameRequired = required(PROFILE_MESSAGES.artistName);
const birthdayRequired = required(PROFILE_MESSAGES.birthday);

/** First name: required, at most 50, the payout provider's name pattern. */
export function validateFirstName(value: unknown): FieldError | undefined {
  return firstNameRequired(value) ?? nameMax(value) ?? payoutName(value);
}

/** Last name: required, at most 50, the payout provider's name pattern. */
export function validateLastName(value: unknown): FieldError | undefined {
  return lastNameRequired(value) ?? nameMax(value) ?? payoutName(value);
}

/** Profile artist name: required ('Artist Name is required'), at most 50. */
export function validateProfileArtistName(value: unknown): FieldError | undefined {
  return artistNameRequired(value) ?? artistMax(value);
}

/** Birthday: required ('Birth Date is required') and a valid date ('Invalid Birth Date'). */
export function validateBirthday(value: unknown): FieldError | undefined {
  return birthdayRequired(value) ?? (parseDateString(value) ? undefined : fieldError('invalidDate', PROFILE_MESSAGES.birthdayInvalid));
}

/** Placeholder of the birthday input: 'Birthdate' when locked, else 'Enter or Select MM/DD/YYYY'. */
export function birthdayPlaceholder(locked: boolean): string {
  return locked ? 'Birthdate' : 'Enter or Select MM/DD/YYYY';
}

export interface ShortProfileValues {
  firstName?: string | null;
  lastName?: string | null;
  birthday?: string | null;
}
export interface ArtistProfileValues extends ShortProfileValues {
  artistName?: string | null;
}

/** Short profile form errors (first name, last name, birthday). */
export function validateShortProfile(values: ShortProfileValues): FieldErrors<keyof ShortProfileValues> {
  const errors: FieldErrors<keyof ShortProfileValues> = {};
  const first = validateFirstName(values.firstName);
  const last = validateLastName(values.lastName);
  const birthday = validateBirthday(values.birthday);
  if (first) errors.firstName = first;
  if (last) errors.lastName = last;
  if (birthday) errors.birthday = birthday;
  return errors;
}

/** Artist profile form errors (artist name plus the short profile fields). */
export function validateArtistProfile(values: ArtistProfileValues): FieldErrors<keyof ArtistProfileValues> {
  const artistName = validateProfileArtistName(values.artistName);
  return { ...(artistName ? { artistName } : {}), ...validateShortProfile(values) };
}

const text = () => optional(nullable(string()));
/** Short profile shape for the API, reusing validateShortProfile. */
export const ShortProfileStruct = checkedFields(type({ firstName: text(), lastName: text(), birthday: text() }), 'shortProfile', validateShortProfile);
/** Artist profile shape for the API, reusing validateArtistProfile. */
export const ArtistProfileStruct = checkedFields(
  type({ artistName: text(), firstName: text(), lastName: text(), birthday: text() }),
  'artistProfile',
  validateArtistProfile,
);

export interface SavedProfile {
  primaryArtists: readonly string[];
  firstName?: string | null;
  lastName?: string | null;
  birthday?: string | null;
}

export interface ProfilePatch {
  primaryArtists?: string[];
  firstName?: string;
  lastName?: string;
  birthday?: string;
}

const PATCHED_FIELDS = ['firstName', 'lastName', 'birthday'] as const;

/** Changed name and birthday fields of values that passed validation (names trimmed, birthday as yyyy-MM-dd). */
function namesAndBirthdayPatch(saved: SavedProfile, values: ShortProfileValues): ProfilePatch {
  const next = { firstName: String(values.firstName).trim(), lastName: String(values.lastName).trim(), birthday: String(toIsoDate(values.birthday)) };
  const patch: ProfilePatch = {};
  for (const field of PATCHED_FIELDS) if (next[field] !== (saved[field] ?? '')) patch[field] = next[field];
  return patch;
}

/**
 * The artist profile form saves only when the whole form is valid and something changed. An artist
 * name already among primaryArtists is not re-sent; a new one replaces the shown (first) name.
 * Returns the fields to send, or null when nothing should be sent.
 */
export function artistProfilePatch(saved: SavedProfile, values: ArtistProfileValues): ProfilePatch | null {
  if (Object.keys(validateArtistProfile(values)).length > 0) return null;
  const patch = namesAndBirthdayPatch(saved, values);
  const artistName = String(values.artistName).trim();
  if (!saved.primaryArtists.includes(artistName)) patch.primaryArtists = [artistName, ...saved.primaryArtists.slice(1)];
  return Object.keys(patch).length > 0 ? patch : null;
}

export type ShortProfileOutcome = { action: 'none' } | { action: 'draft' } | { action: 'save'; patch: ProfilePatch };

/** The short profile form after its 500 ms debounce: nothing changed -> none; changed but invalid -> keep a local draft; valid -> save the changes. */
export function shortProfileOutcome(saved: SavedProfile, values: ShortProfileValues): ShortProfileOutcome {
  if (PATCHED_FIELDS.every((field) => (values[field] ?? '') === (saved[field] ?? ''))) return { action: 'none' };
  if (Object.keys(validateShortProfile(values)).length > 0) return { action: 'draft' };
  const patch = namesAndBirthdayPatch(saved, values);
  return Object.keys(patch).length > 0 ? { action: 'save', patch } : { action: 'none' };
}
