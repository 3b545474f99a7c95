import { useId, useState } from 'react';
import { validatePayPalEmail } from '@cadence/domain/paypal';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { Field } from '../../../ui/Field';
import { Spinner } from '../../../ui/Spinner';
import type { PayPalFormStatus } from './paypal-status';
import { Button } from '../../../ui/Button';

/**
 * The email-only variant of the payment-account form (supporting §2, §4): one PayPal email input
 * (required and valid when touched), link and unlink buttons, the server error text and a spinner.
 * Its link and unlink actions are inactive (supporting §7: payment verification from the profile
 * form variants is inactive): it is shown where the PayPal account may be seen but not changed.
 */
export function PayPalEmailForm({ email, linked, status, reason }: { email: string; linked: boolean; status: PayPalFormStatus; reason: string }) {
  const id = useId();
  const [value, setValue] = useState(email);
  const [touched, setTouched] = useState(false);
  const error = touched ? validatePayPalEmail(value)?.message : undefined;
  return (
    <section aria-labelledby={`${id}-title`} className="paypal-form paypal-form--email-only">
      <h2 id={`${id}-title`}>PayPal account</h2>
      <p id={`${id}-reason`}>{reason}</p>
      {status.serverError && <ErrorMessage>{status.serverError}</ErrorMessage>}
      <form aria-label="PayPal email" aria-busy={status.busy} noValidate onSubmit={(e) => e.preventDefault()}>
        <Field id={id} label="PayPal Email" error={error}>
          {(a) => <input {...a} type="email" placeholder="PayPal Email Address" value={value} onChange={(e) => setValue(e.target.value)} onBlur={() => setTouched(true)} readOnly={linked} autoComplete="email" />}
        </Field>
        <Button variant="link" type="submit" disabled aria-describedby={`${id}-reason`}>
          Link
        </Button>
        <Button variant="link" disabled aria-describedby={`${id}-reason`}>
          Unlink
        </Button>
      </form>
      {status.busy && (
        <div className="spinner-overlay">
          <Spinner label="Loading the PayPal account" />
        </div>
      )}
    </section>
  );
}
