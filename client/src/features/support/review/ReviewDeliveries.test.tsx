import { jest } from '@jest/globals';
import { ApolloProvider } from '@apollo/client/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { api, fragmentRef, GRAPHQL_URL } from '../../../../test/graphql';
import { useMswServer } from '../../../../test/msw';
import { createApolloClient } from '../../../lib/apollo';
import { AcknowledgeDeliveryMutation } from '../console.graphql';
import { ReviewDeliveries, ReviewDeliveriesReleaseFragment } from './ReviewDeliveries';

const server = useMswServer();

const release = { __typename: 'ReviewRelease' as const, id: 'r1' };

test('reads its own fragment from the cache: the acknowledgement lands on the delivery and shows without asking for the release again', async () => {
  server.use(
    api.mutation(AcknowledgeDeliveryMutation, () =>
      HttpResponse.json({ data: { acknowledgeDelivery: { delivery: { __typename: 'ReleaseDelivery', id: 'd1', status: 'ACKNOWLEDGED', acknowledgedAt: '2031-01-03T10:00:00.000Z' } } } } as never),
    ),
  );
  const client = createApolloClient({ uri: GRAPHQL_URL });
  client.writeFragment({
    fragment: ReviewDeliveriesReleaseFragment,
    data: {
      ...release,
      deliveries: [{ __typename: 'ReleaseDelivery', id: 'd1', store: 'Spotify', kind: 'INSERT', status: 'SENT', sentAt: '2031-01-02T10:00:00.000Z', acknowledgedAt: null, error: null }],
    } as never,
  });
  const onDone = jest.fn<(message: string) => void>();
  render(
    <ApolloProvider client={client}>
      <ReviewDeliveries release={fragmentRef(release)} onDone={onDone} />
    </ApolloProvider>,
  );
  const deliveries = screen.getByRole('region', { name: 'Deliveries' });
  expect(within(deliveries).getByText(/Spotify: Insert, Sent/)).toBeInTheDocument();
  await userEvent.click(within(deliveries).getByRole('button', { name: 'Mark acknowledged: Spotify (Insert)' }));
  expect(await within(deliveries).findByText(/Spotify: Insert, Acknowledged/)).toBeInTheDocument();
  expect(onDone).toHaveBeenCalledWith('Marked acknowledged: Spotify.');
});
