import { isSettling, storeRows, type DeliveryLike } from './delivery-state';

const d = (over: Partial<DeliveryLike>): DeliveryLike => ({ id: over.store ?? 'x', store: 'Spotify', kind: 'INSERT', status: 'PENDING', sentAt: null, acknowledgedAt: null, error: null, messageUrl: null, ...over });

test.each([
  [d({ status: 'PENDING' }), 'DELIVERED', 'sending', 'Sending', null],
  [d({ status: 'PENDING', error: 'The connection to the store was lost' }), 'APPROVED', 'retrying', 'Retrying', 'The connection to the store was lost'],
  [d({ status: 'SENT', sentAt: '2026-11-25T10:00:00Z' }), 'DELIVERED', 'sent', 'Sent', null],
  [d({ status: 'ACKNOWLEDGED', acknowledgedAt: '2026-11-26T10:00:00Z' }), 'DELIVERED', 'acknowledged', 'Acknowledged', null],
  [d({ status: 'ACKNOWLEDGED' }), 'LIVE', 'live', 'Live', null],
  [d({ status: 'FAILED', error: 'The store refused our credentials' }), 'APPROVED', 'failed', 'Failed', 'The store refused our credentials'],
  [d({ status: 'FAILED' }), 'APPROVED', 'failed', 'Failed', 'No reason was given'],
  [d({ kind: 'TAKEDOWN', status: 'PENDING' }), 'AWAITING_TAKEDOWN', 'taking-down', 'Takedown being sent', null],
  [d({ kind: 'TAKEDOWN', status: 'SENT' }), 'TAKEDOWN_COMPLETED', 'taken-down', 'Taken down', null],
])('%o in a %s release reads %s', (delivery, status, state, label, reason) => {
  expect(storeRows([delivery], status)[0]).toMatchObject({ state, label, reason });
});

test('one row per store from its newest delivery, sorted by store', () => {
  const rows = storeRows(
    [d({ id: '3', store: 'Spotify', kind: 'TAKEDOWN', status: 'SENT' }), d({ id: '2', store: 'Deezer', status: 'SENT' }), d({ id: '1', store: 'Spotify', status: 'ACKNOWLEDGED' })],
    'TAKEDOWN_COMPLETED',
  );
  expect(rows.map((r) => [r.store, r.state])).toEqual([
    ['Deezer', 'sent'],
    ['Spotify', 'taken-down'],
  ]);
  expect(isSettling(rows)).toBe(true);
  expect(isSettling(storeRows([d({ status: 'ACKNOWLEDGED' })], 'LIVE'))).toBe(false);
});
