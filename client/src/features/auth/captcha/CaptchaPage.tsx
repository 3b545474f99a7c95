import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { PageHandle } from '../../../lib/page-meta';
import { reloadAt } from '../../../lib/session';
import { UnlockByEmail } from './UnlockByEmail';
import { UnlockChallengeForm } from './UnlockChallengeForm';
import { UnlockLinkStatus } from './UnlockLinkStatus';

export const handle: PageHandle = {
  pageTitle: 'Security check | {appName}',
  pageDescription: 'Confirm you are a person to unlock your {appName} account.',
};

export interface CaptchaPageProps {
  /** Where to go once unlocked; the app reloads so the guards see the unlocked account. */
  navigate?: (to: string) => void;
}

/**
 * Core §4 /captcha: a locked user passes the proof-of-work check (signed out, together with the
 * password), or asks for an unlock link by mail (which opens this page again with ?unlock=<token>,
 * the one page a locked user may reach). Unlocked, they go back to the URL they wanted.
 */
export default function CaptchaPage({ navigate = reloadAt }: CaptchaPageProps) {
  const [params] = useSearchParams();
  const unlockToken = params.get('unlock');
  const [unlockedByLink, setUnlockedByLink] = useState(false);

  return (
    <section className="page page--narrow" aria-labelledby="captcha-title">
      <h1 id="captcha-title">Security check</h1>
      {unlockToken !== null && <UnlockLinkStatus token={unlockToken} navigate={navigate} onUnlocked={() => setUnlockedByLink(true)} />}
      {!unlockedByLink && (
        <>
          <p>Your account was locked after several sign-in attempts.</p>
          <UnlockChallengeForm navigate={navigate} />
          <UnlockByEmail />
        </>
      )}
    </section>
  );
}
