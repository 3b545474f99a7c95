/**
 * "How would you like to pay?": card or PayPal, then the matching form. Used by the checkout and
 * by /settings when the renewal's payment method changes; both hand the nonce to the same callback.
 */
import { useId, useState } from 'react';
import { CardForm } from './CardForm';
import { PayPalCheckout } from './PayPalCheckout';

interface Props {
  /** The amount the method will be charged (shown by the card form and PayPal). */
  amount: string;
  disabled?: boolean;
  /** The card form's heading and button text. */
  cardTitle: string;
  cardSubmitLabel: string;
  /** Receives the tokenized method; resolves to an error message to show, or null. */
  onNonce: (nonce: string) => Promise<string | null>;
}

export function PaymentMethodChoice({ amount, disabled, cardTitle, cardSubmitLabel, onNonce }: Props) {
  const id = useId();
  const [method, setMethod] = useState<'card' | 'paypal'>('card');
  return (
    <>
      <fieldset className="plan-checkout__method">
        <legend>How would you like to pay?</legend>
        {(
          [
            ['card', 'Card'],
            ['paypal', 'Pay with PayPal'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="field--inline">
            <input type="radio" name={`${id}-method`} value={value} checked={method === value} onChange={() => setMethod(value)} disabled={disabled} /> {label}
          </label>
        ))}
      </fieldset>
      {method === 'card' ? <CardForm title={cardTitle} submitLabel={cardSubmitLabel} amount={amount} disabled={disabled} onNonce={onNonce} /> : <PayPalCheckout amount={amount} disabled={disabled} onNonce={onNonce} />}
    </>
  );
}
