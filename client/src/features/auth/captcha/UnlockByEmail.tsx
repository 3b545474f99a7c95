import { useMutation } from '@apollo/client/react';
import { validateEmail } from '@cadence/domain/email';
import { useId, useState } from 'react';
import { Form } from 'react-final-form';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { graphqlErrorInfo } from '../../../lib/graphql-errors';
import { TextField } from '../../../ui/TextField';
import { lockedUsername } from '../../../lib/session';
import { RequestUnlockLinkMutation } from '../../../lib/captcha/captcha.graphql';
import { Button } from '../../../ui/Button';

/** Worded so that it says nothing about whether the address has an account, or a locked one. */
export const UNLOCK_LINK_SENT_MESSAGE = 'If this account is locked, we have sent an unlock link to its email address. The link works once, within one hour.';

/**
 * "Email me an unlock link": for the account this browser remembers as locked, or the signed-in
 * viewer's; when the server knows neither, it asks for the address.
 */
export function UnlockByEmail() {
  const titleId = useId();
  const [request] = useMutation(RequestUnlockLinkMutation);
  const [askEmail, setAskEmail] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <Form<{ email?: string }>
      onSubmit={async ({ email }) => {
        setFailure(null);
        setSent(false);
        try {
          await request({ variables: { input: { username: askEmail ? email?.trim() : lockedUsername() } } });
          setSent(true);
        } catch (error) {
          const info = graphqlErrorInfo(error);
          if (!askEmail && info.fieldErrors.some((e) => e.field === 'username')) setAskEmail(true);
          else setFailure(info.message);
        }
      }}
      render={({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-labelledby={titleId}>
          <h2 id={titleId}>Unlock by email</h2>
          <p>We can email you a link that unlocks your account, if you cannot use the check above.</p>
          {askEmail && (
            <TextField
              name="email"
              type="email"
              label="Email of your account"
              autoComplete="email"
              autoFocus
              hint="Type the address you sign in with."
              validate={(v) => validateEmail(v)?.message}
            />
          )}
          {failure && <ErrorMessage>{failure}</ErrorMessage>}
          {/* Always in the page, so screen readers announce the text when it appears. */}
          <p role="status">{sent ? UNLOCK_LINK_SENT_MESSAGE : ''}</p>
          <Button type="submit" disabled={submitting}>
            {sent ? 'Send the link again' : 'Email me an unlock link'}
          </Button>
        </form>
      )}
    />
  );
}
