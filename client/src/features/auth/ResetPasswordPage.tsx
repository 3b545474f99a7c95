import { useMutation } from '@apollo/client/react';
import { matches, password as passwordRule, toFieldValidator } from '@cadence/domain/validators';
import { FORM_ERROR } from 'final-form';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { Link, useSearchParams } from 'react-router-dom';
import type { PageHandle } from '../../lib/page-meta';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { fieldErrorsByName, graphqlErrorInfo } from '../../lib/graphql-errors';
import { TextField } from '../../ui/TextField';
import { RequestPasswordResetMutation, ResetPasswordMutation } from './auth.graphql';
import { Button } from '../../ui/Button';

export const handle: PageHandle = {
  pageTitle: 'Reset your password | {appName}',
  pageDescription: 'Choose a new password for your {appName} account.',
};

/** The same answer whether or not the address has an account (issue 4: resets reveal nothing). */
export const RESET_REQUESTED_MESSAGE = 'If an account uses this address, we have sent it a link to reset the password.';

function RequestResetForm() {
  const [request] = useMutation(RequestPasswordResetMutation);
  const [sent, setSent] = useState(false);
  if (sent) return <p role="status">{RESET_REQUESTED_MESSAGE}</p>;
  return (
    <Form<{ email: string }>
      onSubmit={async ({ email }) => {
        try {
          await request({ variables: { input: { email: email.trim() } } });
          setSent(true);
          return undefined;
        } catch (error) {
          return { [FORM_ERROR]: graphqlErrorInfo(error).message };
        }
      }}
      render={({ handleSubmit, submitError, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Request a password reset">
          <TextField name="email" label="Email" type="email" autoComplete="email" validate={(v) => (typeof v === 'string' && v.trim() ? undefined : 'Email required')} />
          {submitError && <ErrorMessage>{submitError as string}</ErrorMessage>}
          <Button type="submit" disabled={submitting}>
            Send reset link
          </Button>
        </form>
      )}
    />
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const [reset] = useMutation(ResetPasswordMutation);
  const [done, setDone] = useState(false);
  if (done)
    return (
      <p role="status">
        Your password has been changed. <Link to="/?login=login">Sign in</Link>
      </p>
    );
  return (
    <Form<{ password: string; confirm: string }>
      onSubmit={async ({ password }) => {
        try {
          await reset({ variables: { input: { token, password } } });
          setDone(true);
          return undefined;
        } catch (error) {
          const info = graphqlErrorInfo(error);
          const byField = fieldErrorsByName(info);
          return byField.password ? { password: byField.password } : { [FORM_ERROR]: info.message };
        }
      }}
      render={({ handleSubmit, submitError, submitting, values }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Choose a new password">
          <TextField name="password" label="New password" type="password" autoComplete="new-password" validate={toFieldValidator(passwordRule)} />
          <TextField name="confirm" label="Repeat the new password" type="password" autoComplete="new-password" validate={toFieldValidator(matches(() => values.password, 'Passwords do not match'))} />
          {submitError && <ErrorMessage>{submitError as string}</ErrorMessage>}
          <Button type="submit" disabled={submitting}>
            Change password
          </Button>
        </form>
      )}
    />
  );
}

/** The page the reset mail links to (/reset-password?token=…); without a token it asks for the email. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <section className="page page--narrow" aria-labelledby="reset-title">
      <h1 id="reset-title">Reset your password</h1>
      {token ? <NewPasswordForm token={token} /> : <RequestResetForm />}
    </section>
  );
}
