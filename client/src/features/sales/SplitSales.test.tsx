import { ApolloProvider } from '@apollo/client/react';
import { render, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { api, GRAPHQL_URL } from '../../../test/graphql';
import { useMswServer } from '../../../test/msw';
import { createApolloClient } from '../../lib/apollo';
import { SplitSales, SplitSalesQuery } from './SplitSales';

const server = useMswServer();

test('a collaborator sees the lines they earn from, each marked as a split with their share', async () => {
  server.use(
    api.query(SplitSalesQuery, () =>
      HttpResponse.json({
        data: {
          viewer: {
            __typename: 'Profile',
            id: 'u1',
            splitSales: [{ __typename: 'SplitSale', id: '7', reportDate: '2026-11-25', releaseTitle: 'Night Drive', trackTitle: 'Afterglow', serviceName: 'Tidal', countryCode: 'NO', units: 1000, basisPoints: 3000 }],
          },
        },
      } as never),
    ),
  );
  render(
    <ApolloProvider client={createApolloClient({ uri: GRAPHQL_URL })}>
      <SplitSales />
    </ApolloProvider>,
  );
  const table = await screen.findByRole('table', { name: 'Sales shared with you, by day, store and country' });
  expect(screen.getByRole('heading', { name: 'Splits you earn from' })).toBeInTheDocument();
  const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell').map((c) => c.textContent);
  expect(cells).toEqual(['2026-11-25', 'Night Drive', 'Afterglow', 'Tidal', 'NO', '1000', 'Split: 30%']);
});
