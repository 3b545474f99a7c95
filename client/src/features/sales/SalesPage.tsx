import type { PageHandle } from '../../lib/page-meta';
import { SalesTable } from './SalesTable';
import { FinancialSummary } from './FinancialSummary';
import './sales.css';

export const handle: PageHandle = {
  pageTitle: 'Sales + Payments | {appName}',
  pageDescription: 'Your earnings, balance and withdrawals on {appName}.',
};

/** Placeholder: the payments team replaces it with sales and withdrawals. */
export default function SalesPage() {
  return (
    <section className="page" aria-labelledby="sales-title">
      <h1 id="sales-title">Sales + Payments</h1>
      <p>Your earnings, balance and withdrawals will be shown here.</p>
      <FinancialSummary />
      <SalesTable />
    </section>
  );
}
