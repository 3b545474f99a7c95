/** On-boarding completion (core spec §2, §4): three steps Name, Contact, Distribution, and where to send an incomplete user. */
import { ADULT_AGE } from './constants';
import { ageOn } from './age';
import { requiresState } from './countries';
import { isBlank } from './blank';
import type { OnboardingState } from './onboarding-steps';

/** The profile fields the completion flags read. */
export interface OnboardingProfile {
  primaryArtists?: readonly string[] | null;
  firstName?: string | null;
  lastName?: string | null;
  birthday?: string | null;
  email?: string | null;
  country?: string | null;
  state?: string | null;
  city?: string | null;
  address1?: string | null;
  postalCode?: string | null;
  distributionAgreement?: boolean | null;
  privacyPolicyAgreement?: boolean | null;
  parentEmail?: string | null;
  /** A sign-up captcha is asked of this account and not yet answered (it belongs to the Name step). */
  captchaPending?: boolean | null;
}


const filled = (value: unknown): boolean => !isBlank(value);

/**
 * Completion flags. Name: a primary artist, first and last name, birthday, and no pending captcha. Contacts: email, country,
 * state (US only), city, address line 1, postal code. Distribution: the distribution agreement and
 * either age 18+ or the privacy policy agreement plus a parent email.
 */
export function onboardingState(profile: OnboardingProfile, today: string): OnboardingState {
  const age = ageOn(profile.birthday, today);
  return {
    name:
      (profile.primaryArtists ?? []).some(filled) && filled(profile.firstName) && filled(profile.lastName) && filled(profile.birthday) && profile.captchaPending !== true,
    contacts:
      filled(profile.email) &&
      filled(profile.country) &&
      (!requiresState(profile.country) || filled(profile.state)) &&
      filled(profile.city) &&
      filled(profile.address1) &&
      filled(profile.postalCode),
    distribution:
      profile.distributionAgreement === true &&
      ((age !== null && age >= ADULT_AGE) || (profile.privacyPolicyAgreement === true && filled(profile.parentEmail))),
  };
}

export type OnboardingStep = 1 | 2 | 3 | 4;

/**
 * The step to show for a requested ?step value: not a whole number or below 1 -> 1; above 4 -> 4;
 * step 4 is skipped (becomes 3) for users under 18.
 */
export function resolveOnboardingStep(requested: unknown, isMinor: boolean): OnboardingStep {
  const n = typeof requested === 'number' ? requested : typeof requested === 'string' && /^\d+$/.test(requested) ? Number(requested) : NaN;
  if (!Number.isInteger(n) || n < 1) return 1;
  const step = Math.min(n, 4) as OnboardingStep;
  return step === 4 && isMinor ? 3 : step;
}
