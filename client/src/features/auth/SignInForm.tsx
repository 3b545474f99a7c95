import { useMutation } from '@apollo/client/react';
import { FORM_ERROR } from 'final-form';
import { Form } from 'react-final-form';
import { Link } from 'react-router-dom';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { graphqlErrorInfo } from '../../lib/graphql-errors';
import { TextField } from '../../ui/TextField';
import { SignInMutation } from './auth.graphql';
import { clearLocalAccountData, rememberLock, takeWantedUrl } from '../../lib/session';
import { Button } from '../../ui/Button';

/** Shown for any wrong email or password: it never says whether the email has an account. */
export const WRONG_CREDENTIALS_MESSAGE = 'Wrong email or password. Please try again.';

interface SignInValues {
  username: string;
  password: string;
}

/** Where the sign-in answer sends the browser. */
export type SignInOutcome = { kind: 'signed-in'; to: string } | { kind: 'locked' } | { kind: 'blocked' };

export interface SignInFormProps {
  /** Follows the outcome; the dialog passes a full-page navigation. */
  onOutcome: (outcome: SignInOutcome) => void;
}

const requiredEmail = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? undefined : 'Email required');
const requiredPassword = (value: unknown) => (typeof value === 'string' && value !== '' ? undefined : 'Password is required');

/** Core §4 sign-in: 401 shows one neutral message; a locked account goes to /captcha, a blocked one to /disabled. */
export function SignInForm({ onOutcome }: SignInFormProps) {
  const [signIn] = useMutation(SignInMutation);
  const onSubmit = async ({ username, password }: SignInValues) => {
    try {
      const { data } = await signIn({ variables: { input: { username: username.trim(), password } } });
      const profile = data?.signIn.viewer;
      const wanted = takeWantedUrl();
      const home = profile && profile.role !== 'USER' ? '/support' : profile?.onboarding.firstIncompleteStep ? '/on-boarding' : '/releases';
      onOutcome({ kind: 'signed-in', to: wanted ?? home });
      return undefined;
    } catch (error) {
      const info = graphqlErrorInfo(error);
      clearLocalAccountData();
      if (info.code === 'LOCKED') {
        rememberLock(username.trim(), takeWantedUrl() ?? '/releases');
        onOutcome({ kind: 'locked' });
        return undefined;
      }
      if (info.code === 'FORBIDDEN') {
        onOutcome({ kind: 'blocked' });
        return undefined;
      }
      if (info.code === 'UNAUTHENTICATED') return { [FORM_ERROR]: WRONG_CREDENTIALS_MESSAGE };
      return { [FORM_ERROR]: info.message };
    }
  };
  return (
    <Form<SignInValues>
      onSubmit={onSubmit}
      render={({ handleSubmit, submitError, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Sign in">
          <TextField name="username" label="Email" type="email" autoComplete="username" validate={requiredEmail} errorsAfterSubmit />
          <TextField name="password" label="Password" type="password" autoComplete="current-password" validate={requiredPassword} errorsAfterSubmit />
          {submitError && <ErrorMessage>{submitError as string}</ErrorMessage>}
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Signing in…' : 'Sign in'}
          </Button>
          <p>
            <Link to="/reset-password">Forgot your password?</Link>
          </p>
        </form>
      )}
    />
  );
}
