import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { PAYMENT_MESSAGES } from '@cadence/domain/payments';
import { Button, ButtonRow } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import type { TokenizeResult } from './card-tokenizer';
import { startPayPalCheckout, type PayPalStart } from './paypal-checkout';
import { useSingleFlight } from './use-single-flight';

export interface PayPalCheckoutProps {
  /** The amount PayPal shows ('20.00'). */
  amount: string;
  disabled?: boolean;
  /** Uses the nonce (a purchase); resolves to an error message, or null when done. */
  onNonce: (nonce: string) => Promise<string | null>;
}

type Phase = { kind: 'idle' } | { kind: 'approval'; approve: (email: string) => Promise<TokenizeResult> } | { kind: 'buttons'; render: Extract<PayPalStart, { kind: 'buttons' }>['render'] };

/**
 * Paying with PayPal: "Continue to PayPal" starts the checkout; the person approves it in PayPal's
 * window (PayPal's own button with Braintree; with the sandbox, a dialog standing in for it), the
 * approval becomes a nonce and the purchase goes ahead. A cancelled or declined checkout is
 * announced and charges nothing; a double click starts one checkout.
 */
export function PayPalCheckout({ amount, disabled, onNonce }: PayPalCheckoutProps) {
  const id = useId();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const { busy, run } = useSingleFlight();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const buttonsRef = useRef<HTMLDivElement>(null);

  async function finish(result: TokenizeResult) {
    setPhase({ kind: 'idle' });
    if (result.kind === 'error') setError(result.message);
    else if (result.kind === 'nonce') setError(await onNonce(result.nonce));
  }

  function cancel() {
    setPhase({ kind: 'idle' });
    setEmail('');
    setEmailError(undefined);
    setNotice(PAYMENT_MESSAGES.paypalCancelled);
  }

  function start() {
    setError(null);
    setNotice(null);
    void run(async () => {
      const started = await startPayPalCheckout(amount);
      if (started.kind === 'error') setError(started.message);
      else setPhase(started);
    });
  }

  // With Braintree, PayPal's button renders into the container once it is on the page.
  useEffect(() => {
    if (phase.kind !== 'buttons' || !buttonsRef.current) return;
    phase.render(buttonsRef.current, { onResult: (r) => void run(() => finish(r)), onCancel: cancel }).catch((err: { message?: string }) => {
      setPhase({ kind: 'idle' });
      setError(err?.message ?? PAYMENT_MESSAGES.gatewayRejected);
    });
  }, [phase]);

  function approve(event: FormEvent) {
    event.preventDefault();
    if (phase.kind !== 'approval') return;
    if (!/^[^\s@]+@[^\s@]+$/.test(email.trim())) {
      setEmailError('Enter the email address of your PayPal account');
      return;
    }
    setEmailError(undefined);
    const { approve: send } = phase;
    void run(async () => finish(await send(email.trim())));
  }

  return (
    <div className="paypal-checkout">
      <p id={`${id}-how`}>You approve the payment of ${amount} in PayPal, then come back here. PayPal is saved for renewals while auto-renew is on.</p>
      {phase.kind === 'buttons' ? (
        <div ref={buttonsRef} className="paypal-checkout__buttons" aria-label="PayPal" role="group" />
      ) : (
        <Button onClick={start} disabled={disabled || busy} aria-describedby={`${id}-how`}>
          {busy ? 'Processing…' : 'Continue to PayPal'}
        </Button>
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <p role="status">{notice}</p>
      {phase.kind === 'approval' && (
        <Dialog title="PayPal sandbox: approve the payment" onClose={cancel}>
          <form onSubmit={approve} noValidate aria-label="Approve the payment">
            <p>
              Pay ${amount} to Cadence with your PayPal account. This is the sandbox standing in for PayPal&apos;s window: any email approves; an email starting with &quot;declined&quot; is declined.
            </p>
            <Field id={`${id}-email`} label="PayPal account email" error={emailError}>
              {(p) => <input {...p} type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />}
            </Field>
            <ButtonRow>
              <Button type="submit" disabled={busy}>
                Approve payment
              </Button>
              <Button variant="secondary" onClick={cancel}>
                Cancel
              </Button>
            </ButtonRow>
          </form>
        </Dialog>
      )}
    </div>
  );
}
