import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { graphqlErrorInfo } from '../../lib/graphql-errors';
import { useViewerProfile, type AccountProfile } from '../../lib/account/useAccount';
import { reloadAt } from '../../lib/session';
import { StopActingAsUserMutation } from './support.graphql';
import './support.css';
import { Button } from '../../ui/Button';

/** The name support sees for a user: the shown artist name, else the legal name, else the email. */
export function displayName(profile: Pick<AccountProfile, 'primaryArtists' | 'firstName' | 'lastName' | 'email'>): string {
  const artist = profile.primaryArtists[0]?.trim();
  if (artist) return artist;
  const legal = [profile.firstName, profile.lastName].filter(Boolean).join(' ').trim();
  return legal || profile.email;
}

/** The acting-as text (issue 4: a visible banner saying who is acting as whom). */
export function actingAsText(profile: Pick<AccountProfile, 'primaryArtists' | 'firstName' | 'lastName' | 'email'>): string {
  return `You are acting as ${displayName(profile)} (${profile.email})`;
}

/** Shown on every page while a support agent acts as a user, with the Stop button. */
export function ImpersonationBanner() {
  const { profile } = useViewerProfile();
  const [stop, { loading }] = useMutation(StopActingAsUserMutation);
  const [failure, setFailure] = useState<string | null>(null);
  if (!profile?.impersonatedBy) return null;
  const onStop = async () => {
    try {
      const { data } = await stop();
      reloadAt(data?.stopActingAsUser.restored ? '/support' : '/');
    } catch (error) {
      setFailure(graphqlErrorInfo(error).message);
    }
  };
  return (
    <section className="impersonation-banner" role="region" aria-label="Acting as a user">
      <p>
        <strong>{actingAsText(profile)}</strong> — signed in as {profile.impersonatedBy.name} ({profile.impersonatedBy.email}).
      </p>
      <Button size="small" onClick={() => void onStop()} disabled={loading}>
        Stop
      </Button>
      {failure && <ErrorMessage>{failure}</ErrorMessage>}
    </section>
  );
}
