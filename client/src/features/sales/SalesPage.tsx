import { useApolloClient, useMutation, useReadQuery } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { parseMoney } from '@cadence/domain/money';
import { WITHDRAWAL_MESSAGES, withdrawalErrorNotice } from '@cadence/domain/withdrawal';
import type { PageHandle } from '../../lib/page-meta';
import { graphqlErrorInfo, type GraphqlErrorInfo } from '../../lib/graphql-errors';
import { useEnvironment } from '../../lib/environment';
import { Dialog } from '../../ui/Dialog';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { appPreloader, usePreloaded } from '../../lib/preload';
import { SalesPageQuery, WithdrawMutation } from './sales.graphql';
import { WithdrawalHistory } from './WithdrawalHistory';
import { Statement } from './Statement';
import { money } from './money';
import { SalesTable } from './SalesTable';
import { FinancialSummary } from './FinancialSummary';
import { SplitSales } from './SplitSales';
import './sales.css';
import { Button } from '../../ui/Button';

export const handle: PageHandle = {
  pageTitle: 'Sales + Payments | {appName}',
  pageDescription: 'Your earnings, balance and withdrawals on {appName}.',
};


const TAX_TEXT: Record<string, string> = {
  NOT_REQUIRED: 'No tax information is needed.',
  REQUIRED: 'Tax information is required before you can withdraw.',
  FAILED: 'Your tax information could not be verified.',
  UNDER_REVIEW: 'Your tax information is being reviewed.',
  VERIFIED: 'Your tax information is verified.',
};

interface Notice {
  level: 'warning' | 'error' | 'success';
  message: string;
  taxFormUrl?: string;
}

const NOTICE_LABEL: Record<Notice['level'], string> = { warning: 'Warning:', error: 'Error:', success: '' };

/**
 * A refused withdrawal mutation as the status and body of the legacy call (supporting §8), so the one
 * rule in the domain reads both: a refusal is a 400 {Message, Details {Code, Message}}; a server
 * failure or no answer is a 5xx; anything else (not signed in, not allowed) is neither.
 */
function legacyWithdrawalError(info: GraphqlErrorInfo, extensions: Record<string, unknown>): [number, unknown] {
  if (info.code === 'BAD_USER_INPUT') return [400, { Message: info.message, Details: { Code: extensions.withdrawalCode, Message: extensions.detailMessage } }];
  if (info.code === null || info.code === 'INTERNAL_SERVER_ERROR' || info.code === 'SERVICE_UNAVAILABLE' || info.code === 'UNAVAILABLE') return [503, null];
  return [403, null];
}

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `wd-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

const SALES_PAGE_VARIABLES = { first: 50 };

/** Preloads the balance, withdrawals and statement with the navigation. */
export async function loader() {
  const preloadQuery = appPreloader();
  return { sales: await preloadQuery.toPromise(preloadQuery(SalesPageQuery, { variables: SALES_PAGE_VARIABLES, errorPolicy: 'all' })) };
}

/** /sales: balance, withdraw to PayPal, withdrawal history, statement of account, PayPal and tax state. */
export default function SalesPage() {
  const { data } = useReadQuery(usePreloaded<typeof loader>().sales);
  const client = useApolloClient();
  // Asks the server again; the preloaded query follows the cache, so the page updates without suspending.
  const refetch = () => client.query({ query: SalesPageQuery, variables: SALES_PAGE_VARIABLES, fetchPolicy: 'network-only' });
  const [withdraw, { loading: withdrawing }] = useMutation(WithdrawMutation);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const { disableWithdrawals } = useEnvironment();
  const keyRef = useRef<string>(newKey());
  const viewer = data?.viewer;
  const pending = viewer?.withdrawals.some((w) => w.status === 'PENDING') ?? false;
  // While a withdrawal is pending, follow the provider's progress.
  useEffect(() => {
    if (!pending) return undefined;
    const timer = setInterval(() => void client.query({ query: SalesPageQuery, variables: SALES_PAGE_VARIABLES, fetchPolicy: 'network-only' }).catch(() => undefined), 2000);
    return () => clearInterval(timer);
  }, [pending, client]);

  if (!viewer) {
    return (
      <section className="page sales" aria-labelledby="sales-title">
        <h1 id="sales-title">Sales + Payments</h1>
        <ErrorMessage>{WITHDRAWAL_MESSAGES.unavailable}</ErrorMessage>
      </section>
    );
  }

  const balance = viewer.balance;
  const tax = data?.taxStatus;
  const available = parseMoney(balance.availableAmount) ?? 0n;
  const canWithdraw = viewer.viewerCan.withdraw && available > 0n && !disableWithdrawals;

  const onConfirm = async () => {
    setNotice(null);
    try {
      await withdraw({ variables: { input: { amount: balance.availableAmount, idempotencyKey: keyRef.current } } });
      setNotice({ level: 'success', message: `Your withdrawal of ${money(balance.availableAmount)} was requested. It is pending with ${tax?.providerName ?? 'the payout provider'}.` });
      keyRef.current = newKey();
      await refetch();
    } catch (e) {
      const err = (e as { errors?: { extensions?: Record<string, unknown> }[] }).errors?.[0]?.extensions ?? {};
      const { level, message } = withdrawalErrorNotice(...legacyWithdrawalError(graphqlErrorInfo(e), err));
      setNotice({ level, message, taxFormUrl: typeof err.taxFormUrl === 'string' ? err.taxFormUrl : undefined });
      // A refused request may be retried with the same key; a new request after a refusal gets a new one.
      keyRef.current = newKey();
    } finally {
      setConfirming(false);
    }
  };

  return (
    <section className="page sales" aria-labelledby="sales-title">
      <h1 id="sales-title">Sales + Payments</h1>

      <section aria-labelledby="sales-balance" className="sales__balance">
        <h2 id="sales-balance">Balance</h2>
        <dl>
          <div>
            <dt>Available</dt>
            <dd data-testid="balance-available">{money(balance.availableAmount)}</dd>
          </div>
          <div>
            <dt>Locked by pending withdrawals</dt>
            <dd data-testid="balance-locked">{money(balance.lockedAmount)}</dd>
          </div>
          <div>
            <dt>Currency</dt>
            <dd>{balance.currency}</dd>
          </div>
        </dl>
        <Button disabled={!canWithdraw || withdrawing} onClick={() => setConfirming(true)}>
          Withdraw
        </Button>
        {!viewer.viewerCan.withdraw && <p>Withdrawals are not available while acting as this user.</p>}
        {disableWithdrawals && <p>{WITHDRAWAL_MESSAGES.disabled}.</p>}
        <div aria-live="polite" role="status" className="sales__notice">
          {notice && (
            <p className={`notice notice--${notice.level}`} data-testid="withdraw-notice">
              {NOTICE_LABEL[notice.level] && <strong>{NOTICE_LABEL[notice.level]} </strong>}
              {notice.message}
              {notice.taxFormUrl && (
                <>
                  {' '}
                  <a href={notice.taxFormUrl} target="_blank" rel="noreferrer">
                    Open the tax form
                  </a>
                </>
              )}
            </p>
          )}
        </div>
      </section>

      {confirming && (
        <Dialog title="Confirm your withdrawal" onClose={() => setConfirming(false)}>
          <p>
            Withdraw {money(balance.availableAmount)} to {viewer.payPalAccount.linked ? `your PayPal account ${viewer.payPalAccount.email ?? ''}` : 'your PayPal account'}?
          </p>
          <div className="dialog__actions">
            <Button disabled={withdrawing} onClick={() => void onConfirm()}>
              Withdraw {money(balance.availableAmount)}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </Dialog>
      )}

      <section aria-labelledby="sales-payout" className="sales__payout">
        <h2 id="sales-payout">Payout account and tax</h2>
        <p data-testid="paypal-state">
          {viewer.payPalAccount.linked ? `PayPal: ${viewer.payPalAccount.email ?? ''}` : 'PayPal: not linked.'} <Link to="/settings">Manage in settings</Link>
        </p>
        {tax && (
          <p data-testid="tax-state">
            Tax status: {TAX_TEXT[tax.status] ?? tax.status}
            {['REQUIRED', 'FAILED', 'UNDER_REVIEW'].includes(tax.status) && (
              <>
                {' '}
                <a href={tax.taxFormUrl} target="_blank" rel="noreferrer">
                  Verify your tax information at {tax.providerName}
                </a>
              </>
            )}
          </p>
        )}
      </section>

      <WithdrawalHistory withdrawals={viewer.withdrawals} />
      <Statement lines={viewer.ledgerEntries.nodes} totalCount={viewer.ledgerEntries.totalCount} />

      <FinancialSummary />
      <SalesTable />
      <SplitSales />
    </section>
  );
}
