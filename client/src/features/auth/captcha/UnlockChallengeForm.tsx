import { useMutation } from '@apollo/client/react';
import { FORM_ERROR } from 'final-form';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { useViewer } from '../../../lib/viewer';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { Spinner } from '../../../ui/Spinner';
import { graphqlErrorInfo } from '../../../lib/graphql-errors';
import { TextField } from '../../../ui/TextField';
import { SignInMutation } from '../auth.graphql';
import { CaptchaField } from '../../../lib/captcha/CaptchaField';
import { WRONG_CREDENTIALS_MESSAGE } from '../SignInForm';
import { clearLock, lockedUsername } from '../../../lib/session';
import { SolveCaptchaMutation } from '../../../lib/captcha/captcha.graphql';
import { Button } from '../../../ui/Button';

export interface UnlockChallengeFormProps {
  navigate: (to: string) => void;
}

interface UnlockValues {
  username?: string;
  password?: string;
  code?: string;
}

const requiredEmail = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? undefined : 'Email required');
const requiredPassword = (value: unknown) => (typeof value === 'string' && value !== '' ? undefined : 'Password is required');

/**
 * The way back into a locked account with the proof-of-work check ('unlock'). Signed out, the
 * owner signs in with the password and the solved check together (the check alone unlocks nothing,
 * or a stranger could lift the lock and go on guessing). Signed in (the account got locked while
 * a session was open), the solved check is enough. Either way the wanted URL opens afterwards; a
 * refused try starts the check over, since each solution is taken once.
 */
export function UnlockChallengeForm({ navigate }: UnlockChallengeFormProps) {
  const viewer = useViewer();
  const [signIn] = useMutation(SignInMutation);
  const [solve] = useMutation(SolveCaptchaMutation);
  const [generation, setGeneration] = useState(0);
  if (viewer.status === 'loading') return <Spinner label="Loading" />;
  const signedIn = viewer.status === 'signed-in';

  const onSubmit = async ({ username, password, code }: UnlockValues) => {
    try {
      if (signedIn) await solve({ variables: { input: { code: code ?? '', type: 'UNLOCK' } } });
      else await signIn({ variables: { input: { username: (username ?? '').trim(), password: password ?? '', captchaCode: code ?? '' } } });
      navigate(clearLock());
      return undefined;
    } catch (error) {
      setGeneration((g) => g + 1);
      const info = graphqlErrorInfo(error);
      if (info.code === 'UNAUTHENTICATED') return { [FORM_ERROR]: WRONG_CREDENTIALS_MESSAGE };
      return { [FORM_ERROR]: info.message };
    }
  };

  return (
    <Form<UnlockValues>
      onSubmit={onSubmit}
      initialValues={signedIn ? {} : { username: lockedUsername() ?? '' }}
      render={({ handleSubmit, submitting, submitError }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Security check">
          <p>{signedIn ? 'Confirm you are a person to continue.' : 'Sign in again with your password and confirm you are a person.'}</p>
          {!signedIn && (
            <>
              <TextField name="username" label="Email" type="email" autoComplete="username" validate={requiredEmail} errorsAfterSubmit />
              <TextField name="password" label="Password" type="password" autoComplete="current-password" validate={requiredPassword} errorsAfterSubmit />
            </>
          )}
          <CaptchaField name="code" type="unlock" generation={generation} errorsAfterSubmit />
          {submitError && <ErrorMessage>{submitError as string}</ErrorMessage>}
          <Button type="submit" disabled={submitting}>
            {signedIn ? 'Continue' : 'Sign in'}
          </Button>
        </form>
      )}
    />
  );
}
