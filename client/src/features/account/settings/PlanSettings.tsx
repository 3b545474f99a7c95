import { useState } from 'react';
import type { FragmentType } from '@apollo/client';
import { useFragment, useMutation, useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { formatUsDate } from '@cadence/domain/date-string';
import { Checkbox } from '../../../ui/Field';
import { Button } from '../../../ui/Button';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { Table } from '../../../ui/Table';
import { graphqlErrorInfo } from '../../../lib/graphql-errors';
import { PaymentMethodChoice } from '../../../lib/payments/PaymentMethodChoice';
import { dollars } from '../../../lib/payments/PlanCheckout';
import { PlanSettingsQuery, PlanSubscriptionFragment, SetAutoRenewMutation, UpdatePaymentMethodMutation } from '../../../lib/payments/payments.graphql';
import type { PlanSettings_SubscriptionFragment } from '../../../gql/graphql';

const STATUS_TEXT: Record<string, string> = { ACTIVE: 'Active', PAST_DUE: 'Payment due', CANCELED: 'Canceled', EXPIRED: 'Expired', INCOMPLETE: 'Incomplete', SUCCEEDED: 'Paid', FAILED: 'Declined', PENDING: 'Processing', REFUNDED: 'Refunded' };

interface PlanDetailsProps {
  /** The viewer's subscription, masked: the details read their own fragment from the cache (mutations update it there). */
  subscription: FragmentType<PlanSettings_SubscriptionFragment>;
  acting: boolean;
  switching: boolean;
  changing: boolean;
  onToggle: (on: boolean) => void;
  onChange: (nonce: string) => Promise<string | null>;
  onStartChange: () => void;
}

/** The plan, its status and renewal, the auto-renew switch and the payment method. */
function PlanDetails({ subscription, acting, switching, changing, onToggle, onChange, onStartChange }: PlanDetailsProps) {
  const { data: sub, complete } = useFragment({ fragment: PlanSubscriptionFragment, from: subscription });
  if (!complete) return null;
  return (
    <>
      <dl className="plan-checkout__receipt">
        <dt>Plan</dt>
        <dd data-testid="plan-name">{sub.plan.displayName}</dd>
        <dt>Status</dt>
        <dd data-testid="plan-status">{STATUS_TEXT[sub.status] ?? sub.status}</dd>
        <dt>{sub.autoRenew ? 'Renews on' : 'Ends on'}</dt>
        <dd>{sub.currentPeriodEnd ? formatUsDate(sub.currentPeriodEnd) : '—'}</dd>
        <dt>Payment method</dt>
        <dd data-testid="plan-method">{sub.paymentMethod?.label ?? 'None'}</dd>
      </dl>
      <Checkbox id="plan-auto-renew" label="Renew my plan automatically" checked={sub.autoRenew} onChange={onToggle} disabled={acting || switching} />
      {acting ? (
        <p>Payment details are not available while acting as another user.</p>
      ) : changing ? (
        <PaymentMethodChoice amount={sub.plan.price} cardTitle="New card" cardSubmitLabel="Save card" onNonce={onChange} />
      ) : (
        <Button variant="secondary" onClick={onStartChange}>
          Change payment method
        </Button>
      )}
    </>
  );
}

/** /settings: the plan, its renewal date, the auto-renew switch, the payment method (change it) and the receipts. */
export function PlanSettings() {
  const { data, error } = useQuery(PlanSettingsQuery);
  const [setAutoRenew, { loading: switching }] = useMutation(SetAutoRenewMutation);
  const [updateMethod] = useMutation(UpdatePaymentMethodMutation, { refetchQueries: ['PlanSettings'] });
  const [changing, setChanging] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  if (error) return <ErrorMessage>We could not load your plan. Please try again later.</ErrorMessage>;
  if (!data?.viewer) return null;
  const sub = data.viewer.subscription;
  const acting = data.viewer.impersonatedBy != null;
  const receipts = data.viewer.payments.filter((p) => p.status === 'SUCCEEDED');

  async function toggle(on: boolean) {
    setNotice(null);
    try {
      await setAutoRenew({ variables: { input: { autoRenew: on } } });
      setNotice(on ? 'Your plan will renew automatically.' : 'Auto-renew is off: your plan ends on its renewal date.');
    } catch (err) {
      setNotice(graphqlErrorInfo(err).message);
    }
  }

  async function change(nonce: string): Promise<string | null> {
    try {
      await updateMethod({ variables: { input: { paymentMethodNonce: nonce } } });
      setChanging(false);
      setNotice('Your payment method was changed.');
      return null;
    } catch (err) {
      return graphqlErrorInfo(err).message;
    }
  }

  return (
    <section aria-labelledby="settings-plan">
      <h2 id="settings-plan">Plan</h2>
      {sub ? (
        <PlanDetails subscription={sub} acting={acting} switching={switching} changing={changing} onToggle={(on) => void toggle(on)} onChange={change} onStartChange={() => setChanging(true)} />
      ) : (
        <p>
          You are on the Free plan. <Link to="/choose-your-plan">Choose a plan</Link>
        </p>
      )}
      {notice && <p role="status">{notice}</p>}
      <h3 id="settings-receipts">Receipts</h3>
      {receipts.length === 0 ? (
        <p>No receipts yet.</p>
      ) : (
        <Table caption="Receipts" columns={['Date', 'Plan', 'Amount', 'Paid with', 'Receipt number']}>
          {receipts.map((p) => (
            <tr key={p.id}>
              <td>{formatUsDate(p.createdAt)}</td>
              <td>{p.planName ?? ''}</td>
              <td>{dollars(p.amount)}</td>
              <td>{p.method}</td>
              <td>{p.id}</td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}
