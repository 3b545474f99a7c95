import { ApolloProvider } from '@apollo/client/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { api, GRAPHQL_URL } from '../../../../test/graphql';
import { useMswServer } from '../../../../test/msw';
import { createApolloClient } from '../../../lib/apollo';
import { Webhooks } from './Webhooks';
import { CreateWebhookEndpointMutation, RedeliverWebhookMutation, WebhookEndpointsQuery } from './settings.graphql';

const server = useMswServer();

const endpoint = (id: string, url: string) => ({
  __typename: 'WebhookEndpoint' as const,
  id,
  url,
  events: ['RELEASE_STATUS_CHANGED' as const],
  description: '',
  enabled: true,
  disabledReason: null,
  deliveries: [
    { __typename: 'WebhookDelivery' as const, id: `${id}-d1`, eventId: 'evt_1', eventType: 'RELEASE_STATUS_CHANGED', status: 'FAILED', attempts: 3, responseStatus: 500, error: 'The endpoint answered 500', createdAt: '2026-01-02T10:00:00.000Z' },
  ],
});

test('adds an endpoint (secret shown once), shows the delivery log and redelivers', async () => {
  let endpoints = [endpoint('e1', 'https://partner.example/hooks')];
  const created: unknown[] = [];
  const redelivered: unknown[] = [];
  server.use(
    api.query(WebhookEndpointsQuery, () => HttpResponse.json({ data: { webhookEndpoints: endpoints } })),
    api.mutation(CreateWebhookEndpointMutation, ({ variables }) => {
      created.push(variables);
      const e = { ...endpoint('e2', String(variables.input.url)), deliveries: [] };
      endpoints = [...endpoints, e];
      return HttpResponse.json({ data: { createWebhookEndpoint: { secret: 'whsec_abc', webhookEndpoint: e } } });
    }),
    api.mutation(RedeliverWebhookMutation, ({ variables }) => {
      redelivered.push(variables);
      return HttpResponse.json({ data: { redeliverWebhook: { webhookDelivery: { id: 'e1-d1', status: 'PENDING' } } } });
    }),
  );
  const user = userEvent.setup();
  render(
    <ApolloProvider client={createApolloClient({ uri: GRAPHQL_URL })}>
      <Webhooks />
    </ApolloProvider>,
  );
  const log = await screen.findByRole('table', { name: 'Delivery log' });
  expect(within(log).getByText('evt_1')).toBeInTheDocument();
  expect(within(log).getByText('500')).toBeInTheDocument();
  await user.click(within(log).getByRole('button', { name: 'Redeliver evt_1' }));
  await screen.findByRole('table', { name: 'Delivery log' });
  expect(redelivered).toEqual([{ input: { id: 'e1-d1' } }]);

  await user.type(screen.getByLabelText('Endpoint URL'), 'https://other.example/in');
  await user.click(screen.getByLabelText('Sales posted to the account (sales.posted)'));
  await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
  expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_abc');
  expect(created).toEqual([{ input: { url: 'https://other.example/in', events: ['RELEASE_STATUS_CHANGED', 'SALES_POSTED'] } }]);
  expect(await screen.findByRole('region', { name: 'Endpoint https://other.example/in' })).toBeInTheDocument();
}, 20_000);
