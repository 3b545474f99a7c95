import { ApolloProvider } from '@apollo/client/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { useMswServer } from '../../../test/msw';
import { api, GRAPHQL_URL } from '../../../test/graphql';
import { createApolloClient } from '../../lib/apollo';
import type { DeliveriesPanel_ReleaseFragment, DeliveriesPanelQuery as DeliveriesPanelQueryData, ReleaseStatus } from '../../gql/graphql';
import { DeliveriesPanel, DeliveriesPanelQuery } from './DeliveriesPanel';

const server = useMswServer();

type Delivery = DeliveriesPanel_ReleaseFragment['deliveries'][number];

const delivery = (over: Partial<Delivery> & { store: string }): Delivery => ({
  id: over.store,
  kind: 'INSERT',
  status: 'SENT',
  sentAt: '2026-11-25T10:00:00.000Z',
  acknowledgedAt: null,
  error: null,
  messageUrl: `/api/releases/r1/ddex?delivery=${over.store}`,
  ...over,
});

/** The answer as the API sends it (with __typename, which the generated types leave out). */
function release(status: ReleaseStatus, deliveries: Delivery[]): DeliveriesPanelQueryData {
  return { release: { __typename: 'Release', id: 'r1', status, deliveries } } as DeliveriesPanelQueryData;
}

function answer(status: ReleaseStatus, deliveries: Delivery[]) {
  server.use(api.query(DeliveriesPanelQuery, () => HttpResponse.json({ data: release(status, deliveries) })));
}

function renderPanel() {
  render(
    <ApolloProvider client={createApolloClient({ uri: GRAPHQL_URL })}>
      <DeliveriesPanel releaseId="r1" />
    </ApolloProvider>,
  );
}

test('shows per store: sent, acknowledged, failed with its reason, with a link to each DDEX message', async () => {
  answer('DELIVERED', [
    delivery({ store: 'Spotify', status: 'ACKNOWLEDGED', acknowledgedAt: '2026-11-26T08:00:00.000Z' }),
    delivery({ store: 'Deezer', status: 'SENT' }),
    delivery({ store: 'Tidal', status: 'FAILED', error: 'The store refused our credentials', messageUrl: null }),
  ]);
  renderPanel();
  const list = await screen.findByRole('list');
  expect(screen.getByRole('heading', { name: 'Stores' })).toBeInTheDocument();
  const items = within(list).getAllByRole('listitem');
  expect(items.map((i) => i.textContent)).toEqual([
    expect.stringMatching(/^DeezerSent on Nov 25, 2026DDEX message sent to Deezer$/),
    expect.stringMatching(/^SpotifyAcknowledged on Nov 26, 2026DDEX message sent to Spotify$/),
    'TidalFailed on Nov 25, 2026Reason: The store refused our credentials',
  ]);
  expect(within(items[0]!).getByRole('link', { name: 'DDEX message sent to Deezer' })).toHaveAttribute('href', '/api/releases/r1/ddex?delivery=Deezer');
});

test('a live release reads Live; a taken-down release reads Taken down per store', async () => {
  answer('TAKEDOWN_COMPLETED', [delivery({ store: 'Spotify', kind: 'TAKEDOWN', status: 'SENT', id: 't1' }), delivery({ store: 'Spotify', status: 'ACKNOWLEDGED', id: 'i1' }), delivery({ store: 'Deezer', status: 'ACKNOWLEDGED' })]);
  renderPanel();
  const list = await screen.findByRole('list');
  expect(within(list).getByText('Spotify').parentElement).toHaveTextContent('Taken down');
  // Deezer has no takedown yet in this answer: acknowledged, not live (the release is no longer live).
  expect(within(list).getByText('Deezer').parentElement).toHaveTextContent('Acknowledged');
});

test('Live when the release is live and the store acknowledged', async () => {
  answer('LIVE', [delivery({ store: 'Spotify', status: 'ACKNOWLEDGED', acknowledgedAt: '2026-11-26T08:00:00.000Z' })]);
  renderPanel();
  expect(await screen.findByText('Live on Nov 26, 2026')).toBeInTheDocument();
});

test('shows nothing before the first delivery', async () => {
  let asked = false;
  server.use(
    api.query(DeliveriesPanelQuery, () => {
      asked = true;
      return HttpResponse.json({ data: release('NOT_COMPLETED', []) });
    }),
  );
  const { container } = render(
    <ApolloProvider client={createApolloClient({ uri: GRAPHQL_URL })}>
      <DeliveriesPanel releaseId="r1" />
    </ApolloProvider>,
  );
  await waitFor(() => expect(asked).toBe(true));
  expect(container).toBeEmptyDOMElement();
});
