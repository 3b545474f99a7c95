import type { FragmentType } from '@apollo/client';
import { useFragment } from '@apollo/client/react';
import { WARNING_CODES } from '@cadence/domain/withdrawal';
import { Table } from '../../ui/Table';
import { graphql } from '../../gql';
import type { WithdrawalRow_WithdrawalFragment } from '../../gql/graphql';
import { money } from './money';

/** What one row of the withdrawal history shows; the sales page's query and the withdraw mutation spread it. */
const WithdrawalRowFragment = graphql(`
  fragment WithdrawalRow_withdrawal on Withdrawal {
    id
    amount
    currency
    status
    payoutStatus
    awaitingApproval
    errorCode
    messages {
      code
      message
    }
    createdAt
  }
`);

const STATUS_TEXT: Record<string, string> = { PENDING: 'Pending', APPROVED: 'Approved', REJECTED: 'Rejected' };

function statusText(w: { status: string; awaitingApproval: boolean; payoutStatus?: string | null }): string {
  if (w.status === 'PENDING' && w.awaitingApproval) return 'Pending (waiting for approval)';
  if (w.status === 'PENDING' && w.payoutStatus === 'PROCESSING') return 'Pending (processing)';
  return STATUS_TEXT[w.status] ?? w.status;
}

function Row({ withdrawal }: { withdrawal: FragmentType<WithdrawalRow_WithdrawalFragment> }) {
  const { data: w, complete } = useFragment({ fragment: WithdrawalRowFragment, from: withdrawal });
  if (!complete) return null;
  const warning = w.errorCode !== null && w.errorCode !== undefined && WARNING_CODES.includes(Number(w.errorCode));
  return (
    <tr>
      <td>{w.createdAt.slice(0, 10)}</td>
      <td>{money(w.amount)}</td>
      <td data-testid="withdrawal-status">{statusText(w)}</td>
      <td>
        {w.messages.map((m) => (
          <span key={`${m.code}-${m.message}`} className={warning ? 'notice--warning' : 'notice--error'}>
            {m.message}
          </span>
        ))}
      </td>
    </tr>
  );
}

/** The viewer's withdrawals, newest first, with their statuses and the provider's messages. */
export function WithdrawalHistory({ withdrawals }: { withdrawals: readonly (FragmentType<WithdrawalRow_WithdrawalFragment> & { id: string })[] }) {
  return (
    <section aria-labelledby="sales-withdrawals">
      <h2 id="sales-withdrawals">Withdrawals</h2>
      {withdrawals.length === 0 ? (
        <p>No withdrawals yet.</p>
      ) : (
        <Table labelledBy="sales-withdrawals" region="Withdrawals" columns={['Date', 'Amount', 'Status', 'Details']}>
          {withdrawals.map((w) => (
            <Row key={w.id} withdrawal={w} />
          ))}
        </Table>
      )}
    </section>
  );
}
