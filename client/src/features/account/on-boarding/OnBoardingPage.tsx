import { isMinor } from '@cadence/domain/age';
import { utcDate } from '@cadence/domain/date-string';
import { resolveOnboardingStep } from '@cadence/domain/onboarding';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, ButtonRow } from '../../../ui/Button';
import type { PageHandle } from '../../../lib/page-meta';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { Spinner } from '../../../ui/Spinner';
import { ProfileAddressForm, ProfileArtistForm, ProfileContactsForm } from '../ProfileForms';
import { preloadViewerProfile, useViewerProfile, type AccountProfile } from '../../../lib/account/useAccount';
import { DistributionStep } from './DistributionStep';
import './on-boarding.css';

export const handle: PageHandle = {
  pageTitle: 'Set up your account | {appName}',
  pageDescription: 'Tell {appName} who you are and how to reach you, then start distributing.',
};

export const STEPS = ['Name', 'Contact', 'Distribution'] as const;
type ShownStep = 1 | 2 | 3;

const stepDone = (profile: AccountProfile, step: ShownStep) =>
  step === 1 ? profile.onboarding.name : step === 2 ? profile.onboarding.contacts : profile.onboarding.distribution;

/** Preloads the profile the steps start from. */
export const loader = preloadViewerProfile;

/** Core §2, §4: the three on-boarding steps, chosen by ?step= (numbers above 1); the guard keeps users from skipping ahead. */
export default function OnBoardingPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { profile, loading, error } = useViewerProfile();
  const minor = profile ? isMinor(profile.birthday, utcDate(new Date())) : false;
  const step = Math.min(resolveOnboardingStep(params.get('step') ?? '1', minor), 3) as ShownStep;
  const goTo = (next: number) => navigate(next > 3 ? '/on-boarding/review' : next === 1 ? '/on-boarding' : `/on-boarding?step=${next}`);
  const done = profile ? stepDone(profile, step) : false;
  // Next is never disabled: a click right after typing leaves the field (which saves it) and moves on
  // as soon as the saved profile says the step is complete; if it does not become complete, say why.
  const [advancing, setAdvancing] = useState(false);
  const [incomplete, setIncomplete] = useState(false);
  useEffect(() => {
    if (!advancing || !done) return;
    setAdvancing(false);
    void goTo(step + 1);
  }, [advancing, done]);
  useEffect(() => {
    if (!advancing) return undefined;
    const timer = window.setTimeout(() => {
      setAdvancing(false);
      setIncomplete(true);
    }, 4000);
    return () => window.clearTimeout(timer);
  }, [advancing]);
  useEffect(() => setIncomplete(false), [step]);
  const onNext = () => {
    if (done) {
      void goTo(step + 1);
      return;
    }
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    setIncomplete(false);
    setAdvancing(true);
  };

  if (!profile)
    return (
      <section className="page page--narrow on-boarding" aria-labelledby="on-boarding-title">
        <h1 id="on-boarding-title">Set up your account</h1>
        {loading && !error ? <Spinner label="Loading your profile" /> : <ErrorMessage>We could not load your profile. Please try again later.</ErrorMessage>}
      </section>
    );


  return (
    <section className="page page--narrow on-boarding" aria-labelledby="on-boarding-title">
      <h1 id="on-boarding-title">Set up your account</h1>
      <ol className="on-boarding__steps" aria-label="Steps">
        {STEPS.map((name, index) => (
          <li key={name} aria-current={index + 1 === step ? 'step' : undefined} className={stepDone(profile, (index + 1) as ShownStep) ? 'is-done' : undefined}>
            {name}
          </li>
        ))}
      </ol>
      <h2>
        Step {step} of {STEPS.length}: {STEPS[step - 1]}
      </h2>
      {step === 1 && <ProfileArtistForm profile={profile} captcha={profile.needsCaptcha} />}
      {step === 2 && (
        <>
          <ProfileAddressForm profile={profile} />
          <ProfileContactsForm profile={profile} askParentEmail={minor} />
        </>
      )}
      {step === 3 && <DistributionStep profile={profile} onDone={() => goTo(4)} />}
      <ButtonRow>
        {step > 1 && (
          <Button variant="secondary" onClick={() => void goTo(step - 1)}>
            Back
          </Button>
        )}
        {step < 3 && (
          <Button onClick={onNext} aria-busy={advancing || undefined} aria-describedby={!done ? 'on-boarding-next-hint' : undefined}>
            {advancing ? 'Saving…' : 'Next'}
          </Button>
        )}
      </ButtonRow>
      {step < 3 && !done && (
        <p id="on-boarding-next-hint" className={incomplete ? 'field__error' : 'field__hint'} role={incomplete ? 'alert' : undefined}>
          {incomplete ? 'Some required fields above are still empty or not valid: fill them in to continue.' : 'Fill in every required field above to continue; your changes are saved as you go.'}
        </p>
      )}
    </section>
  );
}
