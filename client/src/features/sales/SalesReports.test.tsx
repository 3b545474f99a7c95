import { ApolloProvider } from '@apollo/client/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { useMswServer } from '../../../test/msw';
import { api, GRAPHQL_URL } from '../../../test/graphql';
import { createApolloClient } from '../../lib/apollo';
import { SalesTable } from './SalesTable';
import { FinancialSummary } from './FinancialSummary';
import { AnnualSalesQuery, SalesByServiceQuery, SalesTableQuery } from './sales.graphql';

const server = useMswServer();

function row(id: string, serviceName: string, payable: string, units = 10) {
  return { __typename: 'SaleTransaction' as const, id, period: '2025-03', artistName: 'Nova Lane', releaseTitle: 'Night Drive', serviceName, trackTitle: 'Afterglow', units, countryCode: 'US', payable };
}

const filters = {
  __typename: 'SalesFilters' as const,
  artists: ['Nova Lane'],
  services: ['Apple Music', 'Spotify'],
  releases: [{ __typename: 'SalesFilterOption' as const, id: 'r1', title: 'Night Drive' }],
  tracks: [{ __typename: 'SalesFilterOption' as const, id: 't1', title: 'Afterglow' }],
};

function renderWith(ui: React.ReactNode) {
  render(<ApolloProvider client={createApolloClient({ uri: GRAPHQL_URL })}>{ui}</ApolloProvider>);
}

test('the table shows the columns, sorts from the header and filters by service; the export link follows', async () => {
  const asked: Record<string, unknown>[] = [];
  server.use(
    api.query(SalesTableQuery, ({ variables }) => {
      asked.push(variables);
      const all = [row('1', 'Spotify', '1.25', 100), row('2', 'Apple Music', '4.5')];
      const services = (variables.filter as { services?: string[] } | undefined)?.services;
      const rows = services ? all.filter((r) => services.includes(r.serviceName)) : all;
      if (variables.sortColumn === 'payable') rows.sort((a, b) => (variables.sortDirection === 'asc' ? 1 : -1) * (Number(a.payable) - Number(b.payable)));
      return HttpResponse.json({ data: { sales: { count: rows.length, transactions: rows, filters } } });
    }),
  );
  renderWith(<SalesTable />);
  const table = await screen.findByRole('table');
  expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Period', 'Artist', 'Release', 'Service', 'Track Title', 'Units', 'Country', 'Payable USD']);
  await screen.findByText('$1.25');
  // Only the active column has an arrow.
  expect(table.querySelectorAll('.sort-arrow')).toHaveLength(1);
  expect(screen.getByRole('columnheader', { name: 'Period' })).toHaveAttribute('aria-sort', 'descending');

  await userEvent.click(screen.getByRole('button', { name: 'Payable USD' }));
  expect(screen.getByRole('columnheader', { name: 'Payable USD' })).toHaveAttribute('aria-sort', 'ascending');
  const arrow = screen.getByRole('columnheader', { name: 'Payable USD' }).querySelector('svg')!;
  expect(arrow).toHaveAttribute('data-direction', 'asc');
  expect(arrow).toHaveAttribute('width', '14');
  await screen.findByText('$4.50');
  expect(asked.at(-1)).toMatchObject({ sortColumn: 'payable', sortDirection: 'asc', page: 1 });
  const cells = () => within(screen.getByRole('table')).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[7]!.textContent);
  expect(cells()).toEqual(['$1.25', '$4.50']);

  await userEvent.selectOptions(screen.getByLabelText('Service'), 'Spotify');
  expect(await screen.findByText('1 rows, page 1 of 1')).toBeInTheDocument();
  expect(asked.at(-1)).toMatchObject({ filter: { services: ['Spotify'] } });
  expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/sales/export.csv?services=Spotify&sortColumn=payable&sortDirection=asc');
});

test('a failed sales fetch shows the empty result', async () => {
  server.use(api.query(SalesTableQuery, () => HttpResponse.json({ errors: [{ message: 'boom' }] })));
  renderWith(<SalesTable />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Sales could not be loaded.');
  expect(screen.getByText('No sales yet.')).toBeInTheDocument();
});

test('the financial summary draws twelve months with a table, and the month view per service', async () => {
  const year = new Date().getUTCFullYear();
  server.use(
    api.query(AnnualSalesQuery, () =>
      HttpResponse.json({
        data: {
          annualSales: Array.from({ length: 12 }, (_, i) => ({ __typename: 'AnnualSale', financialMonth: `${year}-${String(i + 1).padStart(2, '0')}`, monthRevenue: i === 1 ? '12.5' : '0' })),
          salesTransactionDates: [`${year}-02`],
        },
      }),
    ),
    api.query(SalesByServiceQuery, () => HttpResponse.json({ data: { salesByService: [{ serviceName: 'Spotify', revenue: '12.5' }] } })),
  );
  renderWith(<FinancialSummary />);
  const table = await screen.findByRole('table', { name: `Revenue per month in ${year}` });
  expect(within(table).getAllByRole('row')).toHaveLength(13);
  expect(within(table).getByRole('row', { name: 'Feb $12.50' })).toBeInTheDocument();
  expect(screen.getAllByTestId('bar')).toHaveLength(12);
  expect(screen.getByRole('img', { name: /Revenue per month/ })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Month' }));
  const month = await screen.findByRole('table', { name: /Revenue per service in February/ });
  expect(within(month).getByRole('row', { name: 'Spotify $12.50' })).toBeInTheDocument();
});
