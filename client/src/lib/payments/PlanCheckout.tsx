import { useId, useRef, useState, type FormEvent } from 'react';
import type { FragmentType } from '@apollo/client';
import { useFragment, useLazyQuery, useMutation } from '@apollo/client/react';
import { formatUsd, parseMoney } from '@cadence/domain/money';
import { formatUsDate } from '@cadence/domain/date-string';
import { Button } from '../../ui/Button';
import { Checkbox, Field } from '../../ui/Field';
import { graphql } from '../../gql';
import type { PlanCheckout_SubscriptionFragment, PurchasePlanMutation as PurchasePlanResult } from '../../gql/graphql';
import { graphqlErrorInfo } from '../graphql-errors';
import { PaymentMethodChoice } from './PaymentMethodChoice';
import { CheckPromoCodeQuery, PurchasePlanMutation } from './payments.graphql';

/** A dollar amount from the API's decimal string ('15.00' -> '$15.00'). */
export function dollars(amount: string | null | undefined): string {
  const minor = parseMoney(amount ?? '');
  return minor === null ? '' : formatUsd(minor);
}

/** What the confirmation says about the subscription just bought. */
const PlanCheckoutSubscriptionFragment = graphql(`
  fragment PlanCheckout_subscription on PlanSubscription {
    id
    autoRenew
    currentPeriodEnd
    plan {
      displayName
    }
  }
`);

function newKey(): string {
  return `plan-${crypto.randomUUID()}`;
}

export interface PlanCheckoutProps {
  plan: { name: string; displayName: string; price: string };
  /** Support acting as the person: paying is refused, so the form is shown disabled. */
  readOnly?: boolean;
  onPaid?: () => void;
}

/**
 * Buying a plan: the price, a promo code that lowers it before paying, auto-renew, and the way to
 * pay (the card form, or PayPal). One idempotency key per attempt, so a repeated click charges once; a refused card gets a
 * new key for the next try.
 */
export function PlanCheckout({ plan, readOnly, onPaid }: PlanCheckoutProps) {
  const id = useId();
  const [promoInput, setPromoInput] = useState('');
  const [autoRenew, setAutoRenew] = useState(true);
  const [check, { data: promoData, loading: checking }] = useLazyQuery(CheckPromoCodeQuery, { fetchPolicy: 'network-only' });
  const [purchase, { data: paid }] = useMutation(PurchasePlanMutation, { refetchQueries: ['PlanSettings', 'PlansPage'] });
  const key = useRef(newKey());
  const promo = promoData?.checkPromoCode;
  const applied = promo?.valid ? promo : null;
  const total = applied?.total ?? plan.price;

  function applyPromo(event: FormEvent) {
    event.preventDefault();
    if (promoInput.trim()) void check({ variables: { promoCode: promoInput.trim(), planName: plan.name } });
  }

  async function pay(nonce: string): Promise<string | null> {
    try {
      await purchase({ variables: { input: { planName: plan.name, paymentMethodNonce: nonce, promoCode: applied?.code ?? null, autoRenew, idempotencyKey: key.current } } });
      onPaid?.();
      return null;
    } catch (err) {
      key.current = newKey();
      return graphqlErrorInfo(err).message;
    }
  }

  if (paid) return <CheckoutDone subscription={paid.purchasePlan.subscription} payment={paid.purchasePlan.payment} />;

  return (
    <div className="plan-checkout">
      <p className="plan-checkout__price" aria-live="polite">
        {plan.displayName}, 1 year:{' '}
        {applied && Number(applied.discount) > 0 ? (
          <>
            <s>{dollars(plan.price)}</s> <strong data-testid="checkout-total">{dollars(total)}</strong> (promo code {applied.code}: -{dollars(applied.discount)})
          </>
        ) : (
          <strong data-testid="checkout-total">{dollars(total)}</strong>
        )}
      </p>
      <form className="plan-checkout__promo" aria-label="Promo code" onSubmit={applyPromo}>
        <Field id={`${id}-promo`} label="Promo code" error={promo && !promo.valid ? (promo.message ?? undefined) : undefined}>
          {(p) => <input {...p} value={promoInput} onChange={(e) => setPromoInput(e.target.value)} maxLength={50} autoComplete="off" />}
        </Field>
        <Button type="submit" variant="secondary" disabled={checking || !promoInput.trim()}>
          Apply
        </Button>
      </form>
      <Checkbox id={`${id}-renew`} label="Renew automatically every year (you can turn this off any time)" checked={autoRenew} onChange={setAutoRenew} disabled={readOnly} />
      {readOnly && <p>Payments are not available while acting as another user.</p>}
      <PaymentMethodChoice amount={total} disabled={readOnly} cardTitle="Card details" cardSubmitLabel={`Pay ${dollars(total)}`} onNonce={pay} />
    </div>
  );
}

/** The confirmation: the plan now active (read from the cache, where the payload's subscription landed) and the receipt. */
function CheckoutDone({ subscription, payment }: { subscription: FragmentType<PlanCheckout_SubscriptionFragment>; payment: PurchasePlanResult['purchasePlan']['payment'] }) {
  const { data, complete } = useFragment({ fragment: PlanCheckoutSubscriptionFragment, from: subscription });
  if (!complete) return null;
  const end = data.currentPeriodEnd;
  return (
    <div className="plan-checkout__done" role="status">
      <h3>Your {data.plan.displayName} plan is active</h3>
      <p>
        It runs until {end ? formatUsDate(end) : 'further notice'}
        {data.autoRenew ? ' and renews automatically.' : '.'}
      </p>
      <dl className="plan-checkout__receipt" aria-label="Receipt">
        <dt>Amount paid</dt>
        <dd data-testid="receipt-amount">{dollars(payment.amount)}</dd>
        <dt>Paid with</dt>
        <dd>{payment.method}</dd>
        <dt>Receipt number</dt>
        <dd>{payment.id}</dd>
      </dl>
      <p>We have emailed you the receipt. Your receipts are listed in your settings.</p>
    </div>
  );
}
