/**
 * Where on-boarding stands (core spec §2, §4) once its three flags are known: the first incomplete
 * step and where the guard sends the person. Apart from onboarding.ts (which computes the flags
 * from a profile) so the route guards, in every page's first load, do not bring the country lists.
 */

/** The three steps' completion flags (onboarding.ts `onboardingState`; the API's viewer.onboarding). */
export interface OnboardingState {
  name: boolean;
  contacts: boolean;
  distribution: boolean;
}

/** The first incomplete step (1 Name, 2 Contact, 3 Distribution), or null when on-boarding is complete. */
export function firstIncompleteStep(state: OnboardingState): 1 | 2 | 3 | null {
  if (!state.name) return 1;
  if (!state.contacts) return 2;
  return state.distribution ? null : 3;
}

/** Where the guard sends a signed-in user with incomplete on-boarding ('/on-boarding' for step 1, '?step=N' above 1), or null. */
export function onboardingRedirect(state: OnboardingState): string | null {
  const step = firstIncompleteStep(state);
  if (step === null) return null;
  return step === 1 ? '/on-boarding' : `/on-boarding?step=${step}`;
}
