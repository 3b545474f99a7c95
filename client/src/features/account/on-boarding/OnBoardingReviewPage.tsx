import { Link, useNavigate } from 'react-router-dom';
import type { PageHandle } from '../../../lib/page-meta';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { Spinner } from '../../../ui/Spinner';
import { Button, ButtonRow, buttonClass } from '../../../ui/Button';
import { formatUsDate } from '@cadence/domain/date-string';
import { preloadViewerProfile, useViewerProfile } from '../../../lib/account/useAccount';
import './on-boarding.css';

export const handle: PageHandle = {
  pageTitle: 'Review your details | {appName}',
  pageDescription: 'Check what you told {appName} before you start distributing.',
};

/** Preloads the profile the steps start from. */
export const loader = preloadViewerProfile;

/** /on-boarding/review: the details once more, as text (each with the step that changes it), then on to the congratulations. */
export default function OnBoardingReviewPage() {
  const { profile, loading, error } = useViewerProfile();
  const navigate = useNavigate();
  if (!profile)
    return (
      <section className="page page--narrow" aria-labelledby="review-title">
        <h1 id="review-title">Review your details</h1>
        {loading && !error ? <Spinner label="Loading your profile" /> : <ErrorMessage>We could not load your profile. Please try again later.</ErrorMessage>}
      </section>
    );
  const address = [profile.address1, profile.address2, profile.city, profile.state, profile.postalCode, profile.country].filter(Boolean).join(', ');
  return (
    <section className="page page--narrow" aria-labelledby="review-title">
      <h1 id="review-title">Review your details</h1>
      <dl className="review-list">
        <dt>Artist Name</dt>
        <dd>{profile.primaryArtists[0]}</dd>
        <dt>First Name</dt>
        <dd>{profile.firstName || '—'}</dd>
        <dt>Last Name</dt>
        <dd>{profile.lastName || '—'}</dd>
        <dt>Birth Date</dt>
        <dd>{(profile.birthday && formatUsDate(profile.birthday)) || '—'}</dd>
        <dt>Email</dt>
        <dd>{profile.email}</dd>
        <dt>Address</dt>
        <dd>{address}</dd>
        {profile.parentEmail && (
          <>
            <dt>Parent/Guardian Email</dt>
            <dd>{profile.parentEmail}</dd>
          </>
        )}
      </dl>
      <p>
        <Link to="/on-boarding">Change your name or birth date</Link> · <Link to="/on-boarding?step=2">Change your address or email</Link>
      </p>
      <ButtonRow>
        <Link className={buttonClass('secondary')} to="/on-boarding?step=3">
          Back
        </Link>
        <Button onClick={() => void navigate('/on-boarding/congrats')}>Confirm</Button>
      </ButtonRow>
    </section>
  );
}
