import type { PageHandle } from '../../lib/page-meta';

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
    </section>
  );
}
