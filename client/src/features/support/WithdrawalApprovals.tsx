import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { formatUsd, parseMoney } from '@cadence/domain/money';
import { graphqlErrorInfo } from '../../lib/graphql-errors';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Spinner } from '../../ui/Spinner';
import { Table } from '../../ui/Table';
import { ApproveWithdrawalMutation, RejectWithdrawalMutation, WithdrawalsAwaitingApprovalQuery } from './withdrawals.graphql';
import { Button } from '../../ui/Button';

const usd = (amount: string) => {
  const minor = parseMoney(amount);
  return minor === null ? amount : formatUsd(minor);
};

/** Support: withdrawals above the approval threshold, loaded on demand (like the in-app messages). */
export function WithdrawalApprovals() {
  const [shown, setShown] = useState(false);
  return (
    <section aria-labelledby="support-withdrawals-title">
      <h2 id="support-withdrawals-title">Withdrawals waiting for approval</h2>
      <Button variant="secondary" aria-expanded={shown} aria-controls="support-withdrawals" onClick={() => setShown((v) => !v)}>
        {shown ? 'Hide withdrawals' : 'Review withdrawals'}
      </Button>
      <div id="support-withdrawals">{shown && <ApprovalList />}</div>
    </section>
  );
}

/** The list: approve (the payout is sent) or reject (the money is released). */
export function ApprovalList() {
  const { data, loading, error } = useQuery(WithdrawalsAwaitingApprovalQuery);
  const refetch = { refetchQueries: [WithdrawalsAwaitingApprovalQuery], awaitRefetchQueries: true };
  const [approve] = useMutation(ApproveWithdrawalMutation, refetch);
  const [reject] = useMutation(RejectWithdrawalMutation, refetch);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const rows = data?.withdrawalsAwaitingApproval ?? [];

  const decide = async (label: string, run: () => Promise<unknown>) => {
    setFailure(null);
    setDone(null);
    try {
      await run();
      setDone(`${label}.`);
    } catch (e) {
      setFailure(graphqlErrorInfo(e).message);
    }
  };

  return (
    <div>
      {loading && <Spinner label="Loading withdrawals" />}
      {error && <ErrorMessage>We could not load the withdrawals.</ErrorMessage>}
      {failure && <ErrorMessage>{failure}</ErrorMessage>}
      <p role="status">{done}</p>
      {!loading && !error && rows.length === 0 && <p>No withdrawal is waiting for approval.</p>}
      {rows.length > 0 && (
        <Table labelledBy="support-withdrawals-title" region="Withdrawals awaiting approval" columns={['Requested', 'Account', 'Amount', 'Decision']}>
          {rows.map(({ withdrawal: w, userEmail }) => (
            <tr key={w.id}>
              <td>{w.createdAt.slice(0, 10)}</td>
              <td>{userEmail ?? '—'}</td>
              <td>{usd(w.amount)}</td>
              <td>
                <Button size="small" onClick={() => void decide(`Approved ${usd(w.amount)} for ${userEmail ?? 'the account'}`, () => approve({ variables: { input: { id: w.id } } }))}>
                  Approve {usd(w.amount)}
                </Button>{' '}
                <Button variant="secondary" size="small" onClick={() => void decide(`Rejected ${usd(w.amount)} for ${userEmail ?? 'the account'}`, () => reject({ variables: { input: { id: w.id, reason: 'Rejected by support' } } }))}>
                  Reject {usd(w.amount)}
                </Button>
              </td>
            </tr>
          ))}
        </Table>
      )}
    </div>
  );
}
