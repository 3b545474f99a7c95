import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useId, useState } from 'react';
import { PAYPAL_MESSAGES, validatePayPalForm, type PayPalFormValues } from '@cadence/domain/paypal';
import { graphqlErrorInfo } from '../../../lib/graphql-errors';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { Field } from '../../../ui/Field';
import { Spinner } from '../../../ui/Spinner';
import { LinkPayPalMutation, PayPalAccountQuery, UnlinkPayPalMutation } from './paypal.graphql';
import { PayPalEmailForm } from './PayPalEmailForm';
import type { PayPalFormStatus } from './paypal-status';
import { Button } from '../../../ui/Button';


const IDLE: PayPalFormStatus = { linkedSuccess: null, serverError: null, verifyError: null, busy: false };

/**
 * The payment-account (PayPal) form of /settings: first name, last name and PayPal email; a linked
 * account fills and locks the fields. 'Link My PayPal Account' verifies the account with PayPal and
 * links it; 'Use Another Paypal Account' unlocks the fields for another account.
 */
export function PayPalAccountForm() {
  const ids = { first: useId(), last: useId(), email: useId() };
  const { data } = useQuery(PayPalAccountQuery);
  const [link] = useMutation(LinkPayPalMutation);
  const [unlink] = useMutation(UnlinkPayPalMutation);
  const account = data?.viewer?.payPalAccount;
  // Until the profile arrives the form takes typing, but its buttons wait to know whether the viewer
  // may link (support acting as the user may not).
  const allowed = data?.viewer?.viewerCan.withdraw ?? true;
  const [values, setValues] = useState<{ firstName: string; lastName: string; email: string }>({ firstName: '', lastName: '', email: '' });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [status, setStatus] = useState<PayPalFormStatus>(IDLE);
  const linked = Boolean(account?.linked);

  // A linked account on the profile fills the form (when it loads and after linking); an unlinked
  // one leaves alone what the person may already have typed while it loaded.
  useEffect(() => {
    if (account?.linked) setValues({ firstName: account.firstName ?? '', lastName: account.lastName ?? '', email: account.email ?? '' });
  }, [account]);

  const errors = validatePayPalForm(values);
  const shown = (field: keyof PayPalFormValues) => (touched[field] ? errors[field]?.message : undefined);
  const set = (field: keyof PayPalFormValues) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [field]: e.target.value }));

  const onLink = async () => {
    setTouched({ firstName: true, lastName: true, email: true });
    if (Object.keys(errors).length) return;
    setStatus({ ...IDLE, busy: true });
    try {
      const result = await link({ variables: { input: { firstName: values.firstName.trim(), lastName: values.lastName.trim(), emailAddress: values.email.trim() } }, refetchQueries: [PayPalAccountQuery], awaitRefetchQueries: true });
      setStatus({ ...IDLE, linkedSuccess: result.data?.linkPayPal.message ?? null });
    } catch (e) {
      const info = graphqlErrorInfo(e);
      if (info.key === 'paypal-not-found') setStatus({ ...IDLE, verifyError: info.message });
      else setStatus({ ...IDLE, serverError: info.code === 'BAD_USER_INPUT' || info.code === 'FORBIDDEN' ? info.message : 'Something with server. Please try again later' });
    }
  };

  const onUseAnother = async () => {
    setStatus({ ...IDLE, busy: true });
    try {
      await unlink({ refetchQueries: [PayPalAccountQuery], awaitRefetchQueries: true });
      setValues({ firstName: '', lastName: '', email: '' });
      setTouched({});
      setStatus(IDLE);
    } catch (e) {
      setStatus({ ...IDLE, serverError: graphqlErrorInfo(e).message });
    }
  };

  // Acting as the user (support): the email-only variant, whose link and unlink are inactive.
  if (!allowed) {
    return <PayPalEmailForm key={account?.email ?? ''} email={account?.email ?? ''} linked={linked} status={status} reason="Not available while acting as this user: only the account owner can link or unlink PayPal." />;
  }
  const locked = linked || status.busy;
  return (
    <section aria-labelledby="settings-paypal" className="paypal-form">
      <h2 id="settings-paypal">PayPal account</h2>
      <p>Withdrawals are paid to this PayPal account.</p>
      <div role="status" aria-live="polite">
        {status.linkedSuccess && <p className="notice notice--success">{status.linkedSuccess}</p>}
        {status.verifyError && <p className="notice notice--info">{status.verifyError}</p>}
      </div>
      {status.serverError && <ErrorMessage>{status.serverError}</ErrorMessage>}
      <form
        aria-label="PayPal account"
        aria-busy={status.busy}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onLink();
        }}
      >
        <Field id={ids.first} label="First Name" error={shown('firstName')}>
          {(a) => <input {...a} value={values.firstName} onChange={set('firstName')} onBlur={() => setTouched((t) => ({ ...t, firstName: true }))} readOnly={locked} autoComplete="given-name" />}
        </Field>
        <Field id={ids.last} label="Last Name" error={shown('lastName')}>
          {(a) => <input {...a} value={values.lastName} onChange={set('lastName')} onBlur={() => setTouched((t) => ({ ...t, lastName: true }))} readOnly={locked} autoComplete="family-name" />}
        </Field>
        <Field id={ids.email} label="PayPal Email" error={shown('email') ?? (status.verifyError ? PAYPAL_MESSAGES.notFound : undefined)}>
          {(a) => <input {...a} type="email" placeholder="PayPal Email Address" value={values.email} onChange={set('email')} onBlur={() => setTouched((t) => ({ ...t, email: true }))} readOnly={locked} autoComplete="email" />}
        </Field>
        {linked ? (
          <Button variant="link" disabled={status.busy || !data} onClick={() => void onUseAnother()}>
            Use Another Paypal Account
          </Button>
        ) : (
          <Button variant="link" type="submit" disabled={status.busy || !data}>
            Link My PayPal Account
          </Button>
        )}
      </form>
      {status.busy && (
        <div className="spinner-overlay">
          <Spinner label="Checking your PayPal account" />
        </div>
      )}
    </section>
  );
}
