/** What the release page says about each store: the latest message to it, in words. */

export type DeliveryKind = 'INSERT' | 'UPDATE' | 'TAKEDOWN';
export type DeliveryStatus = 'PENDING' | 'SENT' | 'ACKNOWLEDGED' | 'FAILED';

export interface DeliveryLike {
  id: string;
  store: string;
  kind: DeliveryKind;
  status: DeliveryStatus;
  sentAt?: string | null;
  acknowledgedAt?: string | null;
  error?: string | null;
  messageUrl?: string | null;
}

export type StoreState = 'sending' | 'retrying' | 'sent' | 'acknowledged' | 'live' | 'failed' | 'taking-down' | 'taken-down';

export interface StoreRow {
  store: string;
  state: StoreState;
  /** The status as shown: 'Sent', 'Acknowledged', 'Live', 'Failed', 'Taken down'... */
  label: string;
  /** The reason for a failure or a retry, from the server (already in plain words). */
  reason: string | null;
  /** When it happened (ISO), for the date shown beside the label. */
  at: string | null;
  messageUrl: string | null;
}

const LABELS: Record<StoreState, string> = {
  sending: 'Sending',
  retrying: 'Retrying',
  sent: 'Sent',
  acknowledged: 'Acknowledged',
  live: 'Live',
  failed: 'Failed',
  'taking-down': 'Takedown being sent',
  'taken-down': 'Taken down',
};

function stateOf(d: DeliveryLike, releaseStatus: string): StoreState {
  if (d.kind === 'TAKEDOWN') {
    if (d.status === 'FAILED') return 'failed';
    return d.status === 'PENDING' ? 'taking-down' : 'taken-down';
  }
  switch (d.status) {
    case 'PENDING':
      return d.error ? 'retrying' : 'sending';
    case 'SENT':
      return 'sent';
    case 'ACKNOWLEDGED':
      return releaseStatus === 'LIVE' ? 'live' : 'acknowledged';
    case 'FAILED':
      return 'failed';
  }
}

/** One row per store from its latest delivery (deliveries come newest first), sorted by store name. */
export function storeRows(deliveries: readonly DeliveryLike[], releaseStatus: string): StoreRow[] {
  const latest = new Map<string, DeliveryLike>();
  for (const d of deliveries) if (!latest.has(d.store)) latest.set(d.store, d);
  return [...latest.values()]
    .map((d) => {
      const state = stateOf(d, releaseStatus);
      return {
        store: d.store,
        state,
        label: LABELS[state],
        reason: state === 'failed' || state === 'retrying' ? (d.error ?? 'No reason was given') : null,
        at: state === 'acknowledged' || state === 'live' ? (d.acknowledgedAt ?? null) : (d.sentAt ?? null),
        messageUrl: d.messageUrl ?? null,
      };
    })
    .sort((a, b) => a.store.localeCompare(b.store));
}

/** Whether anything is still on its way (the panel then refreshes itself). */
export function isSettling(rows: readonly StoreRow[]): boolean {
  return rows.some((r) => r.state === 'sending' || r.state === 'retrying' || r.state === 'sent' || r.state === 'taking-down');
}
