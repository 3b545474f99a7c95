import { money } from './money';
import { downloads } from '../../lib/rest';
import { Table } from '../../ui/Table';

interface Line {
  id: string;
  kind: string;
  description?: string | null;
  amount: string;
  runningBalance: string;
  createdAt: string;
}

const KIND_TEXT: Record<string, string> = {
  SALES_POSTING: 'Sales',
  WITHDRAWAL: 'Withdrawal',
  WITHDRAWAL_REVERSAL: 'Withdrawal reversed',
  BALANCE_PAYMENT: 'Plan payment',
  FEE: 'Fee',
  REFUND: 'Refund',
  ADJUSTMENT: 'Adjustment',
};

/** The statement of account (newest first) with each line's running balance, and its CSV download. */
export function Statement({ lines, totalCount }: { lines: readonly Line[]; totalCount: number }) {
  return (
    <section aria-labelledby="sales-statement">
      <h2 id="sales-statement">Statement of account</h2>
      <p>
        <a href={downloads.statementCsv} download="statement.csv">
          Download the statement (CSV)
        </a>
        {totalCount > lines.length && ` Showing the latest ${lines.length} of ${totalCount} lines; the download has up to 500.`}
      </p>
      {lines.length === 0 ? (
        <p>No earnings yet.</p>
      ) : (
        <Table labelledBy="sales-statement" region="Statement of account" columns={['Date', 'Type', 'Description', 'Amount', 'Balance']}>
          {lines.map((l) => (
            <tr key={l.id}>
              <td>{l.createdAt.slice(0, 10)}</td>
              <td>{KIND_TEXT[l.kind] ?? l.kind}</td>
              <td>{l.description ?? ''}</td>
              <td>{money(l.amount)}</td>
              <td>{money(l.runningBalance)}</td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}
