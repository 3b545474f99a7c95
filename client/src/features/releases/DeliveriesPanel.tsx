import { useFragment, useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { graphql } from '../../gql';
import { isSettling, storeRows } from './delivery-state';
import './deliveries.css';

const DeliveriesPanelReleaseFragment = graphql(`
  fragment DeliveriesPanel_release on Release {
    id
    status
    deliveries {
      id
      store
      kind
      status
      sentAt
      acknowledgedAt
      error
      messageUrl
    }
  }
`);

export const DeliveriesPanelQuery = graphql(`
  query DeliveriesPanel($id: ID!) {
    release(id: $id) {
      id
      ...DeliveriesPanel_release
    }
  }
`);

/** How often the panel looks again while a store has not answered yet. */
export const DELIVERIES_POLL_MS = 30_000;

function when(iso: string | null): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/**
 * The release page's stores panel: for each store, whether the release was sent, acknowledged,
 * is live, failed (with the reason) or was taken down, and a link to the DDEX message sent.
 * Fetches its own data, so the release page only places it; shows nothing before any delivery.
 */
export function DeliveriesPanel({ releaseId }: { releaseId: string }) {
  const { data, startPolling, stopPolling } = useQuery(DeliveriesPanelQuery, { variables: { id: releaseId }, skip: !releaseId });
  // The query's release is masked: the panel reads its own fragment from the cache.
  const fragment = useFragment({ fragment: DeliveriesPanelReleaseFragment, from: data?.release ?? null });
  const release = fragment.complete ? fragment.data : null;
  const rows = release ? storeRows(release.deliveries, release.status) : [];
  const settling = isSettling(rows);
  useEffect(() => {
    if (settling) startPolling(DELIVERIES_POLL_MS);
    else stopPolling();
    return () => stopPolling();
  }, [settling, startPolling, stopPolling]);
  if (rows.length === 0) return null;
  return (
    <section className="page deliveries-panel" aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">Stores</h2>
      <ul className="deliveries-panel__list" aria-live="polite">
        {rows.map((row) => (
          <li key={row.store} className="deliveries-panel__item">
            <span className="deliveries-panel__store">{row.store}</span>
            <span className={`deliveries-panel__state deliveries-panel__state--${row.state}`}>
              {row.label}
              {when(row.at) ? ` on ${when(row.at)}` : ''}
            </span>
            {row.messageUrl && (
              <a href={row.messageUrl} target="_blank" rel="noreferrer">
                DDEX message<span className="visually-hidden"> sent to {row.store}</span>
              </a>
            )}
            {row.reason && <p className="deliveries-panel__reason">Reason: {row.reason}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
