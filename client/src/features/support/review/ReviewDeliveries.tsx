import type { FragmentType } from '@apollo/client';
import { useFragment, useMutation } from '@apollo/client/react';
import { useId, useState } from 'react';
import { graphql } from '../../../gql';
import type { ReviewDeliveries_ReleaseFragment } from '../../../gql/graphql';
import { graphqlErrorInfo } from '../../../lib/graphql-errors';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { AcknowledgeDeliveryMutation } from '../console.graphql';
import { formatInstant, statusLabel } from '../console-format';
import { Button } from '../../../ui/Button';

/** The release's messages to stores. */
export const ReviewDeliveriesReleaseFragment = graphql(`
  fragment ReviewDeliveries_release on ReviewRelease {
    id
    deliveries {
      id
      store
      kind
      status
      sentAt
      acknowledgedAt
      error
    }
  }
`);

type Delivery = ReviewDeliveries_ReleaseFragment['deliveries'][number];

/** Issue 14: a release's messages to stores; staff mark a sent one acknowledged when the store confirmed another way. */
export function ReviewDeliveries({ release, onDone }: { release: FragmentType<ReviewDeliveries_ReleaseFragment>; onDone: (message: string) => void }) {
  const { data, complete } = useFragment({ fragment: ReviewDeliveriesReleaseFragment, from: release });
  const titleId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [acknowledge, acknowledging] = useMutation(AcknowledgeDeliveryMutation);
  const deliveries = complete ? data.deliveries : [];
  if (deliveries.length === 0) return null;

  const onAcknowledge = async (d: Delivery) => {
    setProblem(null);
    try {
      await acknowledge({ variables: { input: { deliveryId: d.id } } });
      onDone(`Marked acknowledged: ${d.store}.`);
    } catch (failure) {
      setProblem(graphqlErrorInfo(failure).message);
    }
  };

  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>Deliveries</h2>
      {problem && <ErrorMessage>{problem}</ErrorMessage>}
      <ul className="review__deliveries">
        {deliveries.map((d) => (
          <li key={d.id}>
            {d.store}: {statusLabel(d.kind)}, {statusLabel(d.status)}
            {d.sentAt ? `, sent ${formatInstant(d.sentAt as string)}` : ''}
            {d.acknowledgedAt ? `, acknowledged ${formatInstant(d.acknowledgedAt as string)}` : ''}
            {d.error ? ` (${d.error})` : ''}{' '}
            {d.status === 'SENT' && (
              <Button variant="secondary" disabled={acknowledging.loading} onClick={() => void onAcknowledge(d)} aria-label={`Mark acknowledged: ${d.store} (${statusLabel(d.kind)})`}>
                Mark acknowledged
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
