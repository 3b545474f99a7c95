import { ApolloProvider } from '@apollo/client/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { useMswServer } from '../../../test/msw';
import { api, GRAPHQL_URL } from '../../../test/graphql';
import { createApolloClient } from '../../lib/apollo';
import { SplitsPanel, SplitsPanelQuery } from './SplitsPanel';

const server = useMswServer();

function splitsAnswer(owner: boolean, parties: { email: string; basisPoints: number; status: 'INVITED' | 'ACCEPTED' | 'DECLINED' }[]) {
  const version = parties.length
    ? [{ __typename: 'SplitVersion', id: 'v1', trackId: 't1', trackTitle: 'Afterglow', version: 1, effectiveFrom: '2026-11-25', ownerBasisPoints: 10_000 - parties.reduce((a, p) => a + p.basisPoints, 0), parties: parties.map((p, i) => ({ __typename: 'SplitParty', collaboratorId: `c${i}`, ...p })) }]
    : [];
  return {
    data: {
      release: {
        __typename: 'Release',
        id: 'r1',
        tracks: [{ __typename: 'Track', id: 't1', title: 'Afterglow' }],
        splits: {
          __typename: 'ReleaseSplits',
          releaseId: 'r1',
          viewerIsOwner: owner,
          current: version,
          versions: version,
          collaborators: parties.map((p, i) => ({ __typename: 'SplitCollaborator', id: `c${i}`, email: p.email, status: p.status, accrued: '3.00' })),
        },
      },
    },
  };
}

function renderPanel() {
  render(
    <ApolloProvider client={createApolloClient({ uri: GRAPHQL_URL })}>
      <SplitsPanel releaseId="r1" />
    </ApolloProvider>,
  );
}

test('the owner sees each collaborator with status and accrued amount, every version and the split sheet link', async () => {
  server.use(api.query(SplitsPanelQuery, () => HttpResponse.json(splitsAnswer(true, [{ email: 'band@example.com', basisPoints: 3000, status: 'ACCEPTED' }]))));
  renderPanel();
  const panel = await screen.findByRole('region', { name: 'Splits' });
  await userEvent.selectOptions(within(panel).getByLabelText('Split applies to'), 'Track: Afterglow');
  expect(within(panel).getByLabelText('Collaborator 1 email')).toHaveValue('band@example.com');
  expect(within(panel).getByLabelText('Collaborator 1 share (%)')).toHaveValue('30');
  expect(within(panel).getByText('Accepted, accrued $3.00')).toBeInTheDocument();
  expect(within(panel).getByText('You keep 70%.')).toBeInTheDocument();
  expect(within(panel).getByRole('table', { name: 'Split versions' })).toHaveTextContent('You 70%, band@example.com 30% (Accepted)');
  expect(within(panel).getByRole('link', { name: 'Download split sheet (CSV)' })).toHaveAttribute('href', '/api/releases/r1/splits.csv');
});

test('a collaborator who declined and was invited again shows as invited; the history keeps the declined version', async () => {
  const party = (collaboratorId: string, basisPoints: number, status: 'INVITED' | 'DECLINED') => ({ __typename: 'SplitParty', collaboratorId, email: 'band@example.com', basisPoints, status });
  const v2 = { __typename: 'SplitVersion', id: 'v2', trackId: null, trackTitle: null, version: 2, effectiveFrom: '2026-11-25', ownerBasisPoints: 6000, parties: [party('c2', 4000, 'INVITED')] };
  const v1 = { __typename: 'SplitVersion', id: 'v1', trackId: null, trackTitle: null, version: 1, effectiveFrom: '2026-11-20', ownerBasisPoints: 7500, parties: [party('c1', 2500, 'DECLINED')] };
  const base = splitsAnswer(true, []).data.release;
  const splits = {
    ...base.splits,
    current: [v2],
    versions: [v2, v1],
    collaborators: [
      { __typename: 'SplitCollaborator', id: 'c1', email: 'band@example.com', status: 'DECLINED' as const, accrued: '0.00' },
      { __typename: 'SplitCollaborator', id: 'c2', email: 'band@example.com', status: 'INVITED' as const, accrued: '0.00' },
    ],
  };
  server.use(api.query(SplitsPanelQuery, () => HttpResponse.json({ data: { release: { ...base, splits } } })));
  renderPanel();
  const panel = await screen.findByRole('region', { name: 'Splits' });
  expect(within(panel).getByLabelText('Collaborator 1 email')).toHaveValue('band@example.com');
  expect(within(panel).getByText('Invited, accrued $0.00')).toBeInTheDocument();
  const rows = within(within(panel).getByRole('table', { name: 'Split versions' })).getAllByRole('row');
  expect(rows[1]).toHaveTextContent('You 60%, band@example.com 40% (Invited)');
  expect(rows[2]).toHaveTextContent('You 75%, band@example.com 25% (Declined)');
});

test('a refused save announces the field errors and keeps what was typed', async () => {
  server.use(
    api.query(SplitsPanelQuery, () => HttpResponse.json(splitsAnswer(true, []))),
    api.mutation('SetReleaseSplits', () =>
      HttpResponse.json({ errors: [{ message: 'Shares add up to more than 100%', extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'shares', key: 'total', message: 'Shares add up to more than 100%' }] } }] }),
    ),
  );
  renderPanel();
  const panel = await screen.findByRole('region', { name: 'Splits' });
  expect(within(panel).getByText('No collaborators: you keep 100%.')).toBeInTheDocument();
  await userEvent.click(within(panel).getByRole('button', { name: 'Add collaborator' }));
  await userEvent.type(within(panel).getByLabelText('Collaborator 1 email'), 'band@example.com');
  await userEvent.type(within(panel).getByLabelText('Collaborator 1 share (%)'), 'abc');
  await userEvent.click(within(panel).getByRole('button', { name: 'Save splits' }));
  expect(await within(panel).findByRole('alert')).toHaveTextContent('Enter a percentage such as 30 or 12.5');
  await userEvent.clear(within(panel).getByLabelText('Collaborator 1 share (%)'));
  await userEvent.type(within(panel).getByLabelText('Collaborator 1 share (%)'), '101');
  await userEvent.click(within(panel).getByRole('button', { name: 'Save splits' }));
  const alerts = await within(panel).findAllByRole('alert');
  expect(alerts.map((a) => a.textContent)).toEqual(['Shares add up to more than 100%', 'The splits were not saved: fix the marked fields.']);
  expect(within(panel).getByLabelText('Collaborator 1 email')).toHaveValue('band@example.com');
}, 30_000);

test('a collaborator (not the owner) sees no editing panel', async () => {
  let answered = 0;
  server.use(
    api.query(SplitsPanelQuery, () => {
      answered += 1;
      return HttpResponse.json(splitsAnswer(false, [{ email: 'me@example.com', basisPoints: 3000, status: 'INVITED' }]));
    }),
  );
  renderPanel();
  await waitFor(() => expect(answered).toBe(1));
  await new Promise((r) => setTimeout(r, 20));
  expect(screen.queryByRole('region', { name: 'Splits' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Save splits' })).not.toBeInTheDocument();
});
