import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import cardValidator from 'card-validator';
import { PAYMENT_MESSAGES } from '@cadence/domain/payments';
import { Button, ButtonRow } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { tokenizeCard, type CardDetails, type TokenizeResult } from './card-tokenizer';
import { useSingleFlight } from './use-single-flight';
import './payments.css';

const ACCEPTED = new Set(['visa', 'mastercard', 'discover', 'american-express']);
const EMPTY: CardDetails = { number: '', expirationDate: '', cvv: '', postalCode: '', streetAddress: '' };

/** Checks what the browser can check before tokenizing (the gateway checks CVV and address). */
export function checkCard(card: CardDetails): Partial<Record<keyof CardDetails, string>> {
  const errors: Partial<Record<keyof CardDetails, string>> = {};
  const number = cardValidator.number(card.number.replace(/[\s-]/g, ''));
  if (!card.number.trim()) errors.number = 'Card number is required';
  else if (!number.isValid) errors.number = 'Please enter a valid card number';
  else if (!number.card || !ACCEPTED.has(number.card.type)) errors.number = PAYMENT_MESSAGES.cardNotAccepted;
  if (!cardValidator.expirationDate(card.expirationDate).isValid) errors.expirationDate = 'Please enter a valid expiration date (MM/YY)';
  return errors;
}

export interface CardFormProps {
  /** Names the form for assistive technology ('Card details'). */
  title: string;
  submitLabel: string;
  /** The amount 3D Secure shows the card issuer ('20.00'). */
  amount: string;
  disabled?: boolean;
  /** Uses the nonce (a purchase, a method change); resolves to an error message, or null when done. */
  onNonce: (nonce: string) => Promise<string | null>;
}

/**
 * Our own accessible card form: labelled fields, errors tied to them and announced, keyboard only.
 * Card numbers go to the tokenizer (braintree-web or the sandbox's stand-in), never to our plans
 * endpoints; a 3D Secure challenge is answered in the form itself.
 */
export function CardForm({ title, submitLabel, amount, disabled, onNonce }: CardFormProps) {
  const id = useId();
  const [card, setCard] = useState<CardDetails>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof CardDetails, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const flight = useSingleFlight();
  const busy = flight.busy;
  const [challenge, setChallenge] = useState<((code: string) => Promise<TokenizeResult>) | null>(null);
  const [code, setCode] = useState('');
  const challengeRef = useRef<HTMLInputElement>(null);

  // The challenge replaces the card fields: the focus moves to its code field.
  useEffect(() => {
    if (challenge) challengeRef.current?.focus();
  }, [challenge]);

  const set = (field: keyof CardDetails) => (event: { target: { value: string } }) => setCard((c) => ({ ...c, [field]: event.target.value }));

  async function finish(result: TokenizeResult) {
    if (result.kind === 'challenge') {
      setChallenge(() => result.answer);
      return;
    }
    setChallenge(null);
    setCode('');
    if (result.kind === 'error') {
      if (result.field) setErrors({ [result.field]: result.message });
      else setMessage(result.message);
      return;
    }
    const failed = await onNonce(result.nonce);
    setMessage(failed);
    if (!failed) setCard(EMPTY);
  }

  function run(task: () => Promise<void>) {
    // A double click (or Enter twice) starts one payment.
    return flight.run(async () => {
      setMessage(null);
      await task();
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = checkCard(card);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void run(async () => finish(await tokenizeCard({ ...card, number: card.number.replace(/[\s-]/g, '') }, amount)));
  }

  function answer(event: FormEvent) {
    event.preventDefault();
    const respond = challenge;
    if (!respond) return;
    void run(async () => finish(await respond(code)));
  }

  if (challenge) {
    return (
      <form className="card-form" aria-labelledby={`${id}-3ds`} onSubmit={answer}>
        <h3 id={`${id}-3ds`}>Confirm it is you</h3>
        <p>Your card issuer asks you to confirm this payment of ${amount}. Enter the code your bank sent you.</p>
        <Field id={`${id}-code`} label="Verification code">
          {(p) => <input {...p} ref={challengeRef} value={code} onChange={(e) => setCode(e.target.value)} inputMode="numeric" autoComplete="one-time-code" />}
        </Field>
        <ButtonRow>
          <Button type="submit" disabled={busy}>
            Confirm
          </Button>
          <Button type="button" variant="secondary" onClick={() => setChallenge(null)}>
            Cancel
          </Button>
        </ButtonRow>
      </form>
    );
  }

  return (
    <form className="card-form" aria-label={title} onSubmit={submit} noValidate>
      <Field id={`${id}-number`} label="Card number" hint="Visa, Mastercard, Discover or American Express" error={errors.number}>
        {(p) => <input {...p} value={card.number} onChange={set('number')} inputMode="numeric" autoComplete="cc-number" disabled={disabled} />}
      </Field>
      <div className="card-form__row">
        <Field id={`${id}-exp`} label="Expiration date (MM/YY)" error={errors.expirationDate}>
          {(p) => <input {...p} value={card.expirationDate} onChange={set('expirationDate')} autoComplete="cc-exp" placeholder="MM/YY" disabled={disabled} />}
        </Field>
        <Field id={`${id}-cvv`} label="CVV" error={errors.cvv}>
          {(p) => <input {...p} value={card.cvv} onChange={set('cvv')} inputMode="numeric" autoComplete="cc-csc" disabled={disabled} />}
        </Field>
      </div>
      <Field id={`${id}-street`} label="Billing street address" error={errors.streetAddress}>
        {(p) => <input {...p} value={card.streetAddress} onChange={set('streetAddress')} autoComplete="billing address-line1" disabled={disabled} />}
      </Field>
      <Field id={`${id}-postal`} label="Billing zip/postal code" error={errors.postalCode}>
        {(p) => <input {...p} value={card.postalCode} onChange={set('postalCode')} autoComplete="billing postal-code" disabled={disabled} />}
      </Field>
      {message && (
        <p className="field__error" role="alert">
          {message}
        </p>
      )}
      <Button type="submit" disabled={disabled || busy}>
        {busy ? 'Processing…' : submitLabel}
      </Button>
    </form>
  );
}
