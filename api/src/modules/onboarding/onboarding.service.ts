/** On-boarding progress of a profile (core §4), derived from its fields by the domain rules. */
import { onboardingState, type OnboardingProfile } from '@cadence/domain/onboarding';
import { firstIncompleteStep } from '@cadence/domain/onboarding-steps';

export interface OnboardingView {
  name: boolean;
  contacts: boolean;
  distribution: boolean;
  /** 1 Name, 2 Contact, 3 Distribution; null when complete. */
  firstIncompleteStep: number | null;
}

/** The completion flags and the step the guard sends the user to. */
export function onboardingOf(profile: OnboardingProfile, today: string): OnboardingView {
  const state = onboardingState(profile, today);
  return { ...state, firstIncompleteStep: firstIncompleteStep(state) };
}
