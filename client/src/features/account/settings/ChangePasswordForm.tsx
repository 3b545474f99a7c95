import { useMutation } from '@apollo/client/react';
import { matches, password as passwordRule, toFieldValidator } from '@cadence/domain/validators';
import { FORM_ERROR, type FormApi } from 'final-form';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { fieldErrorsByName, graphqlErrorInfo } from '../../../lib/graphql-errors';
import { TextField } from '../../../ui/TextField';
import { ChangePasswordMutation } from './settings.graphql';
import { Button } from '../../../ui/Button';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Issue 4: a new password (the domain rule, typed twice) needs the current one. */
export function ChangePasswordForm({ disabled = false }: { disabled?: boolean }) {
  const [change] = useMutation(ChangePasswordMutation);
  const [done, setDone] = useState(false);
  const onSubmit = async (values: PasswordValues, form: FormApi<PasswordValues>) => {
    setDone(false);
    try {
      await change({ variables: { input: { currentPassword: values.currentPassword, newPassword: values.newPassword } } });
      setDone(true);
      setTimeout(() => form.restart());
      return undefined;
    } catch (error) {
      const info = graphqlErrorInfo(error);
      const byField = fieldErrorsByName(info);
      return Object.keys(byField).length > 0 ? byField : { [FORM_ERROR]: info.message };
    }
  };
  return (
    <Form<PasswordValues>
      onSubmit={onSubmit}
      render={({ handleSubmit, submitError, submitting, values }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Change password">
          <TextField name="currentPassword" label="Current password" type="password" autoComplete="current-password" disabled={disabled} validate={(v) => (v ? undefined : 'Password is required')} />
          <TextField name="newPassword" label="New password" type="password" autoComplete="new-password" disabled={disabled} validate={toFieldValidator(passwordRule)} hint="At least 8 characters, with a lowercase letter, an uppercase letter and a digit." />
          <TextField name="confirmPassword" label="Repeat the new password" type="password" autoComplete="new-password" disabled={disabled} validate={toFieldValidator(matches(() => values.newPassword, 'Passwords do not match'))} />
          {submitError && <ErrorMessage>{submitError as string}</ErrorMessage>}
          {done && <p role="status">Your password has been changed.</p>}
          <Button type="submit" disabled={disabled || submitting}>
            Change password
          </Button>
        </form>
      )}
    />
  );
}
