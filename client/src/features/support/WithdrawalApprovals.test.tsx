import { ApolloProvider } from '@apollo/client/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { api, GRAPHQL_URL } from '../../../test/graphql';
import { useMswServer } from '../../../test/msw';
import { createApolloClient } from '../../lib/apollo';
import type { WithdrawalStatus } from '../../gql/graphql';
import { WithdrawalApprovals } from './WithdrawalApprovals';
import { ApproveWithdrawalMutation, RejectWithdrawalMutation, WithdrawalsAwaitingApprovalQuery } from './withdrawals.graphql';

const server = useMswServer();

const row = (id: string, amount: string, userEmail: string) => ({
  __typename: 'SupportWithdrawal' as const,
  userEmail,
  withdrawal: { __typename: 'Withdrawal' as const, id, amount, currency: 'USD', createdAt: '2026-11-20T10:00:00.000Z' },
});

test('support approves one withdrawal and rejects another; decided ones leave the list', async () => {
  let rows = [row('w1', '6000.00', 'big@example.com'), row('w2', '7500.50', 'bigger@example.com')];
  const decided: string[] = [];
  const decide = (id: string, status: WithdrawalStatus) => {
    decided.push(`${status} ${id}`);
    rows = rows.filter((r) => r.withdrawal.id !== id);
    return { __typename: 'Withdrawal' as const, id, status, awaitingApproval: false };
  };
  server.use(
    api.query(WithdrawalsAwaitingApprovalQuery, () => HttpResponse.json({ data: { withdrawalsAwaitingApproval: rows } })),
    api.mutation(ApproveWithdrawalMutation, ({ variables }) => HttpResponse.json({ data: { approveWithdrawal: { withdrawal: decide(String(variables.input.id), 'PENDING') } } })),
    api.mutation(RejectWithdrawalMutation, ({ variables }) => HttpResponse.json({ data: { rejectWithdrawal: { withdrawal: decide(String(variables.input.id), 'REJECTED') } } })),
  );
  const user = userEvent.setup();
  render(
    <ApolloProvider client={createApolloClient({ uri: GRAPHQL_URL })}>
      <WithdrawalApprovals />
    </ApolloProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'Review withdrawals' }));
  const table = await screen.findByRole('table', { name: 'Withdrawals waiting for approval' });
  expect(within(table).getByText('big@example.com')).toBeInTheDocument();
  await user.click(within(table).getByRole('button', { name: 'Approve $6,000.00' }));
  expect(await screen.findByText('Approved $6,000.00 for big@example.com.')).toBeInTheDocument();
  await user.click(await screen.findByRole('button', { name: 'Reject $7,500.50' }));
  expect(await screen.findByText('No withdrawal is waiting for approval.')).toBeInTheDocument();
  expect(decided).toEqual(['PENDING w1', 'REJECTED w2']);
});
