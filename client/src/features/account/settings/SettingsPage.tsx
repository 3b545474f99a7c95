import { useFragment, useMutation, useReadQuery } from '@apollo/client/react';
import { formatUsDate } from '@cadence/domain/date-string';
import { Link } from 'react-router-dom';
import { Button } from '../../../ui/Button';
import type { PageHandle } from '../../../lib/page-meta';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { ProfileAddressForm, ProfileArtistForm, ProfileContactsForm } from '../ProfileForms';
import { AccountProfileFragment, ViewerProfileQuery } from '../../../lib/account/account.graphql';
import { appPreloader, usePreloaded } from '../../../lib/preload';
import { ApiTokens } from './ApiTokens';
import { Webhooks } from './Webhooks';
import { ChangePasswordForm } from './ChangePasswordForm';
import { DeleteAccount } from './DeleteAccount';
import { Sessions } from './Sessions';
import { PayPalAccountForm } from './PayPalAccountForm';
import { PlanSettings } from './PlanSettings';
import { AcceptAgreementMutation } from './settings.graphql';

export const handle: PageHandle = {
  pageTitle: 'Profile + Preferences | {appName}',
  pageDescription: 'Your {appName} profile, address, payment details and preferences.',
};

const TAX_STATUS_TEXT: Record<string, string> = {
  NOT_REQUIRED: 'No tax information is needed.',
  REQUIRED: 'Please verify your tax information.',
  FAILED: 'Your tax information could not be verified. Please check it again.',
  UNDER_REVIEW: 'Your tax information is being reviewed.',
  VERIFIED: 'Your tax information is verified.',
};

const REFUSED_WHILE_ACTING = 'Not available while acting as this user.';

/** Preloads the profile every form of the page starts from. */
export async function loader() {
  const preloadQuery = appPreloader();
  return { profile: await preloadQuery.toPromise(preloadQuery(ViewerProfileQuery, { errorPolicy: 'all' })) };
}

/** /settings (Profile + Preferences): the profile forms, password, API tokens, tax status and agreement, account deletion. */
export default function SettingsPage() {
  const viewer = useReadQuery(usePreloaded<typeof loader>().profile).data?.viewer ?? null;
  // The viewer is masked: the page reads AccountProfile_profile from the cache, where the forms' saves land.
  const fragment = useFragment({ fragment: AccountProfileFragment, from: viewer });
  const profile = fragment.complete ? fragment.data : null;
  const [accept, { loading: accepting }] = useMutation(AcceptAgreementMutation);
  if (!profile)
    return (
      <section className="page settings" aria-labelledby="settings-title">
        <h1 id="settings-title">Profile + Preferences</h1>
        <ErrorMessage>We could not load your profile. Please try again later.</ErrorMessage>
      </section>
    );
  const can = profile.viewerCan;
  return (
    <section className="page settings" aria-labelledby="settings-title">
      <h1 id="settings-title">Profile + Preferences</h1>

      <section aria-labelledby="settings-profile">
        <h2 id="settings-profile">Profile</h2>
        <ProfileArtistForm profile={profile} hideExplanations />
      </section>

      <section aria-labelledby="settings-address">
        <h2 id="settings-address">Address</h2>
        <ProfileAddressForm profile={profile} />
      </section>

      <section aria-labelledby="settings-contacts">
        <h2 id="settings-contacts">Email</h2>
        {!can.changeEmail && <p>{REFUSED_WHILE_ACTING}</p>}
        <ProfileContactsForm profile={profile} />
      </section>

      <section aria-labelledby="settings-password">
        <h2 id="settings-password">Password</h2>
        {!can.changePassword && <p>{REFUSED_WHILE_ACTING}</p>}
        <ChangePasswordForm disabled={!can.changePassword} />
      </section>

      <section aria-labelledby="settings-sessions">
        <h2 id="settings-sessions">Signed-in browsers</h2>
        <Sessions />
      </section>

      <section aria-labelledby="settings-tokens">
        <h2 id="settings-tokens">API tokens</h2>
        <ApiTokens disabled={profile.impersonatedBy != null} />
        <p>
          <a href="/api/docs">Read the API reference</a>
        </p>
      </section>

      <section aria-labelledby="settings-webhooks" id="webhooks">
        <h2 id="settings-webhooks">Webhooks</h2>
        <Webhooks disabled={profile.impersonatedBy != null} />
      </section>

      <PlanSettings />

      <PayPalAccountForm />

      <section aria-labelledby="settings-tax">
        <h2 id="settings-tax">Tax status and agreement</h2>
        <p>Tax status: {TAX_STATUS_TEXT[profile.taxVerificationStatus] ?? profile.taxVerificationStatus}</p>
        <p id="settings-agreement-about">
          The <Link to="/distribution-terms">distribution agreement</Link> sets out how we deliver your releases to stores and pay you what they earn. Read it, then accept it
          here: we record the date you agreed.
        </p>
        {profile.agreementAcceptedAt ? (
          <p>You accepted the agreement on {formatUsDate(profile.agreementAcceptedAt) ?? profile.agreementAcceptedAt.slice(0, 10)}.</p>
        ) : (
          <Button disabled={accepting} aria-describedby="settings-agreement-about" onClick={() => void accept().catch(() => undefined)}>
            Accept the agreement
          </Button>
        )}
      </section>

      <section aria-labelledby="settings-delete">
        <h2 id="settings-delete">Delete account</h2>
        {!can.deleteAccount && <p>{profile.impersonatedBy ? REFUSED_WHILE_ACTING : 'Your account cannot be deleted while it has releases that were submitted.'}</p>}
        <DeleteAccount disabled={!can.deleteAccount} />
      </section>
    </section>
  );
}
