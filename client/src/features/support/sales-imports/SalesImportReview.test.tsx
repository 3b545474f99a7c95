import { ApolloProvider } from '@apollo/client/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { api, GRAPHQL_URL } from '../../../../test/graphql';
import { useMswServer } from '../../../../test/msw';
import { createApolloClient } from '../../../lib/apollo';
import { SalesImportPanel } from './SalesImportPanel';
import { AttachSalesLineMutation, LeaveSalesLineUnclaimedMutation, SalesImportReviewQuery, SalesImportsQuery } from './sales-imports.graphql';

const server = useMswServer();

const batch = { __typename: 'SalesImportBatch' as const, id: 'b1', source: 'deezer', fileName: 'deezer-2025-01.csv', period: '2025-01', status: 'POSTED' as const, rowsRead: 4, rowsMatched: 1, rowsUnmatched: 2, rowsRejected: 1, postedCents: '100', error: null };
const line = (id: string, lineNo: number, isrc: string | null, storeId: string | null) => ({ __typename: 'SalesImportLine' as const, id, lineNo, serviceName: 'Deezer', isrc, upc: null, storeId, trackTitle: 'Afterglow', artistName: 'Nova Lane', units: 100, payable: '1.00000000' });

test('staff open a report review, attach one line to a track, leave another unclaimed, and read the unreadable lines', async () => {
  let lines = [line('11', 2, 'QZABC2500001', null), line('12', 3, null, 'DZ-9')];
  const calls: string[] = [];
  server.use(
    api.query(SalesImportsQuery, () => HttpResponse.json({ data: { salesImports: [batch] } })),
    api.query(SalesImportReviewQuery, ({ variables }) =>
      HttpResponse.json({ data: { salesImportReview: variables.batchId === 'b1' ? lines : [], salesImportErrors: [{ lineNo: 4, message: 'Line 4: units "many" is not a whole number' }] } }),
    ),
    api.mutation(AttachSalesLineMutation, ({ variables }) => {
      if (variables.input.trackId === 'nope') return HttpResponse.json({ errors: [{ message: 'No such track', extensions: { code: 'BAD_USER_INPUT' } }], data: null });
      calls.push(`attach ${variables.input.lineId} ${variables.input.trackId}`);
      lines = lines.filter((l) => l.id !== variables.input.lineId);
      return HttpResponse.json({ data: { attachSalesLine: { lineId: String(variables.input.lineId), trackId: String(variables.input.trackId) } } });
    }),
    api.mutation(LeaveSalesLineUnclaimedMutation, ({ variables }) => {
      calls.push(`leave ${variables.input.lineId}`);
      lines = lines.filter((l) => l.id !== variables.input.lineId);
      return HttpResponse.json({ data: { leaveSalesLineUnclaimed: { lineId: String(variables.input.lineId) } } });
    }),
  );
  const user = userEvent.setup();
  render(
    <ApolloProvider client={createApolloClient({ uri: GRAPHQL_URL })}>
      <SalesImportPanel />
    </ApolloProvider>,
  );
  const open = await screen.findByRole('button', { name: 'Review deezer-2025-01.csv' });
  expect(open).toHaveAttribute('aria-expanded', 'false');
  await user.click(open);
  expect(screen.getByRole('button', { name: 'Hide deezer-2025-01.csv' })).toHaveAttribute('aria-expanded', 'true');
  const table = await screen.findByRole('table', { name: 'Lines waiting for review in deezer-2025-01.csv' });
  expect(within(table).getByText('ISRC QZABC2500001')).toBeInTheDocument();
  expect(within(screen.getByRole('list', { name: 'Lines of deezer-2025-01.csv that could not be read' })).getByText('Line 4: units "many" is not a whole number')).toBeInTheDocument();

  await user.click(within(table).getByRole('button', { name: 'Attach line 2' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Line 2: enter the track ID to attach it to');
  await user.type(within(table).getByLabelText('Track ID for line 2'), 'nope');
  await user.click(within(table).getByRole('button', { name: 'Attach line 2' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('No such track');
  await user.clear(within(table).getByLabelText('Track ID for line 2'));
  await user.type(within(table).getByLabelText('Track ID for line 2'), 'track-1{Enter}');
  expect(await screen.findByText("Line 2 was attached and posted to the track's owner.")).toBeInTheDocument();
  await user.click(await screen.findByRole('button', { name: 'Leave line 3 unclaimed' }));
  expect(await screen.findByText('No line is waiting for review.')).toBeInTheDocument();
  expect(calls).toEqual(['attach 11 track-1', 'leave 12']);
});
