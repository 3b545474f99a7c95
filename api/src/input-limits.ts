/**
 * The API side of the length limits (domain/text-limits.ts): a value over its limit is a 400 /
 * BAD_USER_INPUT naming each field and its limit, before any other work is done with it.
 */
import { describeLimitErrors, textLimitErrors } from '@cadence/domain/text-limit-checks';
import { badInput } from './domain-error.ts';

/** Refuses the call when a field is longer (or a list longer) than its limit. */
export function assertWithinLimits(values: object, limits: Readonly<Record<string, number | { each: number; items: number }>>): void {
  const errors = textLimitErrors(values, limits);
  if (errors.length) throw badInput(describeLimitErrors(errors), errors, errors[0]?.key);
}
