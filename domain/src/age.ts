/** Age rules (core spec §1, §4, §9): age from the birthday in UTC; under 13 blocked, 18 and over adult. */
import { ADULT_AGE, BLOCKED_BELOW_AGE } from './constants';
import { parseDateString } from './date-string';

/** Full years between a birthday and `today` (both calendar dates), minus one if this year's birthday is still ahead; null when the birthday is not a date. */
export function ageOn(birthday: string | null | undefined, today: string): number | null {
  const born = parseDateString(birthday);
  const now = parseDateString(today);
  if (!born || !now) return null;
  const hadBirthday = now.month > born.month || (now.month === born.month && now.day >= born.day);
  return now.year - born.year - (hadBirthday ? 0 : 1);
}

export type AgeGroup = 'blocked' | 'minor' | 'adult';

/** Under 13 is blocked, 13 to 17 is a minor (needs a parent's email and privacy agreement), 18 and over is an adult. */
export function ageGroup(age: number): AgeGroup {
  if (age < BLOCKED_BELOW_AGE) return 'blocked';
  return age < ADULT_AGE ? 'minor' : 'adult';
}

/** True for users under 18 (an unknown birthday is not treated as a minor). */
export function isMinor(birthday: string | null | undefined, today: string): boolean {
  const age = ageOn(birthday, today);
  return age !== null && age < ADULT_AGE;
}

/** True for users under 13, who may not use the product. */
export function isBlockedByAge(birthday: string | null | undefined, today: string): boolean {
  const age = ageOn(birthday, today);
  return age !== null && age < BLOCKED_BELOW_AGE;
}

/** With the age_restricted cookie only /disabled may be visited. */
export function isPathAllowedWhenAgeRestricted(path: string): boolean {
  return /^\/disabled(?:[/?#]|$)/.test(path);
}
