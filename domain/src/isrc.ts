/**
 * ISRC rules (core spec §5): 2 letters, 3 letters or digits, 2 digits, 5 digits; dashes between the
 * groups allowed; lower case allowed. Stored as the 12-character upper-case form.
 */
import { fieldError, notWhitespaceOnly, type FieldError } from './validators';

/** The ISRC pattern with optional dashes between groups (CC-XXX-YY-NNNNN or CCXXXYYNNNNN). */
export const ISRC_PATTERN = /^[A-Za-z]{2}-?[A-Za-z0-9]{3}-?\d{2}-?\d{5}$/;

/** True when the text is an ISRC in any accepted spelling. */
export function isValidIsrc(value: unknown): value is string {
  return typeof value === 'string' && ISRC_PATTERN.test(value.trim());
}

/** The canonical 12-character upper-case ISRC, or null when the text is not an ISRC. */
export function normalizeIsrc(value: unknown): string | null {
  return isValidIsrc(value) ? value.trim().replaceAll('-', '').toUpperCase() : null;
}

/** The display form CC-XXX-YY-NNNNN of a valid ISRC, or null. */
export function formatIsrc(value: unknown): string | null {
  const isrc = normalizeIsrc(value);
  return isrc && `${isrc.slice(0, 2)}-${isrc.slice(2, 5)}-${isrc.slice(5, 7)}-${isrc.slice(7)}`;
}

/** ISRC field rule: required, not whitespace-only ('string-empty'), and the pattern ('bad-isrc-format'). */
export function validateIsrc(value: unknown): FieldError | undefined {
  if (value === null || value === undefined || value === '') return fieldError('required', 'ISRC is required');
  return notWhitespaceOnly(value) ?? (isValidIsrc(value) ? undefined : fieldError('bad-isrc-format', 'ISRC must look like CC-XXX-YY-NNNNN'));
}
