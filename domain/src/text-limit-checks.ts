/** The length checks built on the limits in text-limits.ts (forms, services, the API's input limits). */
import { TEXT_LIMITS, type TextLimitName } from './text-limits';
import { fieldError, maxLength, type Check, type FieldError } from './validators';

/** Check for one free-text field: longer than its limit is 'maxlength' with the spec's wording. */
export function textLimit(name: TextLimitName): Check<unknown> {
  return maxLength(TEXT_LIMITS[name]);
}

/** Check for a list input: more items than allowed is 'maxitems'. */
export function listLimit(max: number): Check<unknown> {
  return (value) => (Array.isArray(value) && value.length > max ? fieldError('maxitems', `At most ${max} items`) : undefined);
}

/**
 * The length errors of a set of fields: strings longer than their limit, and lists with too many
 * items or an item too long. Fields absent from `values` are skipped.
 */
export function textLimitErrors(values: object, limits: Readonly<Record<string, number | { each: number; items: number }>>): (FieldError & { field: string })[] {
  const errors: (FieldError & { field: string })[] = [];
  for (const [field, limit] of Object.entries(limits)) {
    const value = (values as Record<string, unknown>)[field];
    if (typeof limit === 'number') {
      const e = maxLength(limit)(value);
      if (e) errors.push({ field, ...e });
      continue;
    }
    if (!Array.isArray(value)) continue;
    const tooMany = listLimit(limit.items)(value);
    const tooLong = value.map(maxLength(limit.each)).find(Boolean);
    const e = tooMany ?? tooLong;
    if (e) errors.push({ field, ...e });
  }
  return errors;
}

/** One line naming each field and its limit, for the error's top-level message. */
export function describeLimitErrors(errors: readonly (FieldError & { field: string })[]): string {
  return errors.map((e) => `${e.field}: ${e.message}`).join('; ');
}
