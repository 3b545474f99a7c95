import { File as NodeFile } from 'node:buffer';
import { ApolloProvider } from '@apollo/client/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { api, GRAPHQL_URL } from '../../../../test/graphql';
import { useMswServer } from '../../../../test/msw';
import { createApolloClient } from '../../../lib/apollo';
import { SalesImportPanel } from './SalesImportPanel';
import type { SalesImportStatus } from '../../../gql/graphql';
import { ImportSalesReportMutation, SalesImportsQuery } from './sales-imports.graphql';

const server = useMswServer();

/** The new batch as the mutation's payload carries it. */
const pending = { __typename: 'SalesImportBatch' as const, id: 'b1', status: 'PENDING' as const };

const batch = { __typename: 'SalesImportBatch' as const, id: 'b1', source: 'deezer', fileName: 'deezer-2025-01.csv', period: '2025-01', status: 'PENDING' as SalesImportStatus, rowsRead: 0, rowsMatched: 0, rowsUnmatched: 0, rowsRejected: 0, postedCents: '0', error: null };

test('staff upload a report through importSalesReport; the same report again says nothing changed; a refusal is announced', async () => {
  let batches: (typeof batch)[] = [];
  const sent: { file: string; period: string; source: string }[] = [];
  server.use(
    api.query(SalesImportsQuery, () => HttpResponse.json({ data: { salesImports: batches } })),
    api.mutation(ImportSalesReportMutation, ({ variables: { input } }) => {
      if (input.source === 'Nowhere') return HttpResponse.json({ data: null, errors: [{ message: 'Only staff import sales reports', extensions: { code: 'FORBIDDEN' } }] });
      sent.push({ file: (input.file as File).name, period: input.period, source: input.source });
      const created = batches.length === 0;
      batches = [{ ...batch, status: 'POSTED' }];
      return HttpResponse.json({ data: { importSalesReport: { created, batch: pending } } });
    }),
  );
  const user = userEvent.setup();
  render(
    <ApolloProvider client={createApolloClient({ uri: GRAPHQL_URL })}>
      <SalesImportPanel />
    </ApolloProvider>,
  );
  await user.upload(screen.getByLabelText('Report file (CSV, TSV, DDEX DSR or gzip)'), new NodeFile(['isrc,units\n'], 'deezer-2025-01.csv', { type: 'text/csv' }) as unknown as File);
  await user.clear(screen.getByLabelText('Period'));
  await user.type(screen.getByLabelText('Period'), '2025-01');
  await user.type(screen.getByLabelText('Source'), 'deezer');
  await user.click(screen.getByRole('button', { name: 'Import report' }));
  expect(await screen.findByText('Report received: the import has started.')).toBeInTheDocument();
  expect(sent).toEqual([{ file: 'deezer-2025-01.csv', period: '2025-01', source: 'deezer' }]);
  expect(await within(screen.getByRole('table', { name: 'Recent imports' })).findByText('deezer-2025-01.csv')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Import report' }));
  expect(await screen.findByText('This report was already imported: nothing changed.')).toBeInTheDocument();

  await user.clear(screen.getByLabelText('Source'));
  await user.type(screen.getByLabelText('Source'), 'Nowhere');
  await user.click(screen.getByRole('button', { name: 'Import report' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Only staff import sales reports');
});
