import { DEBOUNCE_ADDRESS_FORM_MS } from '@cadence/domain/constants';
import { canSaveEmail, emailChangeErrorMessage, emailChangeSentMessage, isSameEmail, validateEmail, validateParentEmail } from '@cadence/domain/email';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { useEnvironment } from '../../lib/environment';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { TextField } from '../../ui/TextField';
import { useDebouncedTask } from './useDebouncedTask';
import { Button, ButtonRow } from '../../ui/Button';

export interface ContactsProfile {
  email: string;
  emailVerified: boolean;
  parentEmail?: string | null;
}

/** How an email change request failed: an HTTP-like status (0 for no answer) and the server's body or message. */
export interface EmailChangeFailure {
  status: number;
  body: unknown;
}

export interface ContactsFormProps {
  profile: ContactsProfile;
  /** Asks for the change; resolves when the confirmation mail is on its way, rejects with an EmailChangeFailure. */
  onChangeEmail: (newEmail: string) => Promise<unknown>;
  onResendVerification: () => Promise<unknown>;
  /** Shows the parent/guardian email (only when the caller asks for it), required for minors. */
  askParentEmail?: boolean;
  isMinor?: boolean;
  onSaveParentEmail?: (parentEmail: string) => Promise<unknown>;
  /** Disables the whole form (e.g. while support acts as the user). */
  disabled?: boolean;
  /** Named in the verification notice ('Please check your email to verify your {brand} account.'). */
  brandName?: string;
}

interface ContactsValues {
  email: string;
  parentEmail: string;
}

/**
 * Supporting §4 contacts form: Save is disabled when the email is empty, unchanged (ignoring case)
 * or invalid; a sent request shows 'Change Email request has been sent. Please check your {email}
 * email'; Cancel restores the current email; resend verification shows only for an unverified email
 * and works once.
 */
export function ContactsForm({ profile, onChangeEmail, onResendVerification, askParentEmail = false, isMinor = false, onSaveParentEmail, disabled = false, brandName = 'Cadence' }: ContactsFormProps) {
  const { blackDomainList } = useEnvironment();
  const options = { blockedDomains: blackDomainList };
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const [savedParent, setSavedParent] = useState(profile.parentEmail ?? '');
  const [savingParent, setSavingParent] = useState(false);
  const debounce = useDebouncedTask(DEBOUNCE_ADDRESS_FORM_MS);

  const submit = async ({ email }: ContactsValues) => {
    setServerError(null);
    setSentTo(null);
    try {
      await onChangeEmail(email.trim());
      setSentTo(email.trim());
    } catch (failure) {
      const { status, body } = (failure ?? {}) as Partial<EmailChangeFailure>;
      setServerError(emailChangeErrorMessage(status ?? 0, body) ?? 'Something with server. Please try again later');
    }
  };

  return (
    <Form<ContactsValues>
      onSubmit={submit}
      initialValues={{ email: profile.email, parentEmail: profile.parentEmail ?? '' }}
      initialValuesEqual={() => true}
      render={({ handleSubmit, values, form, submitting }) => {
        const saveParent = () =>
          debounce(() => {
            const parentEmail = form.getState().values.parentEmail?.trim() ?? '';
            if (!onSaveParentEmail || isSameEmail(parentEmail, savedParent)) return;
            if (parentEmail === '' || validateParentEmail(parentEmail, isMinor, options)) return;
            setSavingParent(true);
            void onSaveParentEmail(parentEmail)
              .then(() => setSavedParent(parentEmail))
              .catch(() => undefined)
              .finally(() => setSavingParent(false));
          });
        return (
          <form onSubmit={handleSubmit} noValidate aria-label="Contacts">
            <TextField
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              disabled={disabled || submitting}
              validate={(value) => (isSameEmail(String(value ?? ''), profile.email) ? undefined : validateEmail(value, options)?.message)}
            />
            {serverError && <ErrorMessage>{serverError}</ErrorMessage>}
            {sentTo && <p role="status">{emailChangeSentMessage(sentTo)}</p>}
            <ButtonRow>
              <Button type="submit" disabled={disabled || submitting || !canSaveEmail(values.email, profile.email, options)}>
                Save Changes
              </Button>
              <Button
                variant="secondary"
                disabled={disabled}
                onClick={() => {
                  form.change('email', profile.email);
                  form.resetFieldState('email');
                  setServerError(null);
                }}
              >
                CANCEL
              </Button>
              {!profile.emailVerified && (
                <Button
                  variant="secondary"
                  disabled={disabled || resent}
                  onClick={() => {
                    setResent(true);
                    void onResendVerification().catch(() => undefined);
                  }}
                >
                  Resend verification email
                </Button>
              )}
            </ButtonRow>
            {resent && <p role="status">{`Please check your email to verify your ${brandName} account.`}</p>}
            {askParentEmail && (
              <TextField
                name="parentEmail"
                label="Parent/Guardian Email"
                type="email"
                disabled={disabled}
                saving={savingParent}
                validate={(value) => validateParentEmail(value, isMinor, options)?.message}
                onAfterBlur={saveParent}
              />
            )}
          </form>
        );
      }}
    />
  );
}
