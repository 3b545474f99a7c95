import { jest } from '@jest/globals';
import { ApolloProvider } from '@apollo/client/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { api, GRAPHQL_URL } from '../../../../test/graphql';
import { useMswServer } from '../../../../test/msw';
import { createApolloClient } from '../../../lib/apollo';
import { ApiTokens } from './ApiTokens';
import { ApiTokensQuery, CreateApiTokenMutation, RevokeApiTokenMutation } from './settings.graphql';

const server = useMswServer();

const token = (id: string, name: string, revokedAt: string | null = null) => ({
  __typename: 'ApiToken' as const,
  id,
  name,
  prefix: `cad_${id}`,
  createdAt: '2026-01-02T10:00:00.000Z',
  lastUsedAt: null as string | null,
  lastUsedIp: null as string | null,
  revokedAt,
  expiresAt: null as string | null,
  scopes: ['RELEASES_READ' as const],
});

function renderTokens() {
  return render(
    <ApolloProvider client={createApolloClient({ uri: GRAPHQL_URL })}>
      <ApiTokens />
    </ApolloProvider>,
  );
}

test('lists tokens; a new token is shown once with a copy button', async () => {
  let tokens = [token('a1', 'Label feed')];
  server.use(
    api.query(ApiTokensQuery, () => HttpResponse.json({ data: { apiTokens: tokens } })),
    api.mutation(CreateApiTokenMutation, ({ variables }) => {
      const created = token('b2', String(variables.input.name));
      tokens = [...tokens, created];
      return HttpResponse.json({ data: { createApiToken: { token: 'cad_secret_value', apiToken: created } } });
    }),
  );
  // user-event installs its own navigator.clipboard; watch the call on it.
  const user = userEvent.setup();
  const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
  renderTokens();
  const table = await screen.findByRole('table', { name: 'Your API tokens' });
  expect(within(table).getByText('Label feed')).toBeInTheDocument();

  await user.type(screen.getByLabelText('Token name'), 'Reporting');
  await user.click(screen.getByRole('button', { name: 'Create token' }));
  expect(await screen.findByTestId('api-token-secret')).toHaveTextContent('cad_secret_value');
  expect(screen.getByText('Copy your new token now: it will not be shown again.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Copy' }));
  expect(writeText).toHaveBeenCalledWith('cad_secret_value');
  expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
  await waitFor(() => expect(screen.getByText('Reporting')).toBeInTheDocument());
});

test('revoking removes the token from the list', async () => {
  server.use(
    api.query(ApiTokensQuery, () => HttpResponse.json({ data: { apiTokens: [token('a1', 'Label feed')] } })),
    api.mutation(RevokeApiTokenMutation, ({ variables }) => HttpResponse.json({ data: { revokeApiToken: { apiToken: token(String(variables.input.id), 'Label feed', '2026-02-01T00:00:00.000Z') } } })),
  );
  const user = userEvent.setup();
  renderTokens();
  await user.click(await screen.findByRole('button', { name: 'Revoke Label feed' }));
  await waitFor(() => expect(screen.queryByText('Label feed')).not.toBeInTheDocument());
  expect(screen.getByText('You have no API tokens.')).toBeInTheDocument();
});

test('a token is created with the chosen scopes and expiry, and its scopes and last use are listed', async () => {
  const sent: unknown[] = [];
  const used = { ...token('c3', 'Label feed'), lastUsedAt: '2026-01-03T10:00:00.000Z', lastUsedIp: '203.0.113.7', scopes: ['RELEASES_READ' as const, 'SALES_READ' as const] };
  server.use(
    api.query(ApiTokensQuery, () => HttpResponse.json({ data: { apiTokens: [used] } })),
    api.mutation(CreateApiTokenMutation, ({ variables }) => {
      sent.push(variables.input);
      return HttpResponse.json({ data: { createApiToken: { token: 'cad_x', apiToken: token('d4', 'Sales bot') } } });
    }),
  );
  const user = userEvent.setup();
  renderTokens();
  const table = await screen.findByRole('table', { name: 'Your API tokens' });
  expect(within(table).getByText('releases:read, sales:read')).toBeInTheDocument();
  expect(within(table).getByText(/from 203\.0\.113\.7/)).toBeInTheDocument();

  await user.type(screen.getByLabelText('Token name'), 'Sales bot');
  await user.click(screen.getByLabelText('Read the profile (profile:read)'));
  await user.click(screen.getByLabelText('Read sales (sales:read)'));
  await user.type(screen.getByLabelText('Expires on (optional)'), '2031-02-03');
  await user.click(screen.getByRole('button', { name: 'Create token' }));
  await screen.findByTestId('api-token-secret');
  expect(sent).toEqual([{ name: 'Sales bot', scopes: ['RELEASES_READ', 'SALES_READ'], expiresAt: '2031-02-03T23:59:59.000Z' }]);
});
