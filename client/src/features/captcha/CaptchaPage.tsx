import { useMutation } from '@apollo/client/react';
import { useCallback, useEffect, useState } from 'react';
import { Form } from 'react-final-form';
import type { PageHandle } from '../../app/page-meta';
import type { CreateCaptchaChallengeMutation as CreateCaptchaChallengeResult } from '../../gql/graphql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Spinner } from '../../ui/Spinner';
import { graphqlErrorInfo } from '../account/graphql-errors';
import { TextField } from '../account/TextField';
import { clearLock, lockedUsername, reloadAt } from '../auth/session';
import { CreateCaptchaChallengeMutation, SolveCaptchaMutation } from './captcha.graphql';

export const handle: PageHandle = {
  pageTitle: 'Security check | {appName}',
  pageDescription: 'Confirm you are a person to unlock your {appName} account.',
};

type Challenge = CreateCaptchaChallengeResult['createCaptchaChallenge'];

/** The server's SVG as an image source (no third-party captcha service). */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export interface CaptchaPageProps {
  /** Where to go once solved; the app reloads so the guards see the unlocked account. */
  navigate?: (to: string) => void;
}

/** Core §4 /captcha: a locked user types the characters from the image; solved, they go back to the URL they wanted. */
export default function CaptchaPage({ navigate = reloadAt }: CaptchaPageProps) {
  const [create] = useMutation(CreateCaptchaChallengeMutation);
  const [solve] = useMutation(SolveCaptchaMutation);
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // Each challenge is created on the server: one on arrival, a new one on request or after a wrong answer.
  const refresh = useCallback(async () => {
    try {
      const result = await create({ variables: { type: 'unlock' } });
      setChallenge(result.data?.createCaptchaChallenge ?? null);
      setLoadFailed(false);
    } catch {
      setLoadFailed(true);
    }
  }, [create]);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  return (
    <section className="page page--narrow" aria-labelledby="captcha-title">
      <h1 id="captcha-title">Security check</h1>
      <p>Your account was locked after several sign-in attempts. Type the characters you see in the picture to continue.</p>
      {!challenge && !loadFailed && <Spinner label="Loading the picture" />}
      {loadFailed && <ErrorMessage>We could not load the picture. Please try again.</ErrorMessage>}
      {challenge && (
        <Form<{ code: string }>
          onSubmit={async ({ code }, form) => {
            setFailure(null);
            try {
              const { data: answer } = await solve({ variables: { id: challenge.id, code: code.trim(), type: 'unlock', username: lockedUsername() } });
              if (answer?.solveCaptcha.solved) {
                navigate(clearLock());
                return;
              }
              setFailure('That was not right. Please try the new picture.');
            } catch (error) {
              setFailure(graphqlErrorInfo(error).message);
            }
            // A new picture needs a new answer: empty the field without flagging it as a mistake.
            setTimeout(() => {
              form.change('code', '');
              form.resetFieldState('code');
            });
            await refresh();
          }}
          render={({ handleSubmit, submitting }) => (
            <form onSubmit={handleSubmit} noValidate aria-label="Security check">
              <img className="captcha__image" src={svgDataUrl(challenge.svg)} alt="Characters to type, distorted so that programs cannot read them" width={240} height={80} />
              <button type="button" className="link-button" onClick={() => void refresh()}>
                Show another picture
              </button>
              <TextField name="code" label="Characters in the picture" autoComplete="off" autoCapitalize="characters" validate={(v) => (typeof v === 'string' && v.trim() ? undefined : 'Please type the characters')} />
              {failure && <ErrorMessage>{failure}</ErrorMessage>}
              <button className="button" type="submit" disabled={submitting}>
                Continue
              </button>
            </form>
          )}
        />
      )}
    </section>
  );
}
