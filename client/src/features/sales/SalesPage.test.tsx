import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import type { TaxVerificationStatus } from '../../gql/graphql';
import { api } from '../../../test/graphql';
import { useMswServer } from '../../../test/msw';
import SalesPage, { loader } from './SalesPage';
import { renderRoute } from '../../../test/render-route';
import { SplitSalesQuery } from './SplitSales';
import { AnnualSalesQuery, SalesPageQuery, SalesTableQuery, WithdrawMutation } from './sales.graphql';

const server = useMswServer();

// The sales reports on the same page (their own tests are in SalesReports.test.tsx): nothing sold yet.
beforeEach(() => {
  server.use(
    api.query(AnnualSalesQuery, () => HttpResponse.json({ data: { annualSales: [], salesTransactionDates: [] } })),
    api.query(SplitSalesQuery, () => HttpResponse.json({ data: { viewer: { __typename: 'Profile', id: 'u1', splitSales: [] } } } as never)),
    api.query(SalesTableQuery, () =>
      HttpResponse.json({ data: { sales: { count: 0, transactions: [], filters: { artists: [], services: [], releases: [], tracks: [] } } } }),
    ),
  );
});

const withdrawal = (id: string, status: 'PENDING' | 'APPROVED' | 'REJECTED', amount: string, extra: Record<string, unknown> = {}) => ({
  __typename: 'Withdrawal' as const,
  id,
  amount,
  currency: 'USD',
  status,
  payoutStatus: null,
  awaitingApproval: false,
  errorCode: null,
  messages: [],
  createdAt: '2026-11-01T10:00:00.000Z',
  ...extra,
});

function page(balance: { amount: string; lockedAmount: string; availableAmount: string }, withdrawals: ReturnType<typeof withdrawal>[], tax: TaxVerificationStatus = 'NOT_REQUIRED') {
  return {
    viewer: {
      __typename: 'Profile' as const,
      id: 'u1',
      viewerCan: { __typename: 'ProfileAbilities' as const, withdraw: true },
      balance: { __typename: 'Balance' as const, ...balance, currency: 'USD', isWalletExist: true, hasWithdrawals: withdrawals.length > 0 },
      payPalAccount: { __typename: 'PayPalAccount' as const, linked: true, email: 'me@paypal.test' },
      withdrawals,
      ledgerEntries: {
        __typename: 'LedgerPage' as const,
        totalCount: 1,
        nodes: [{ __typename: 'LedgerLine' as const, id: '1', kind: 'SALES_POSTING' as const, description: 'Demo sales', amount: '120.00', runningBalance: '120.00', currency: 'USD', createdAt: '2026-10-01T00:00:00.000Z' }],
      },
    },
    taxStatus: { __typename: 'TaxStatus' as const, status: tax, taxFormUrl: 'https://tax.example/form', providerName: 'HyperWallet' },
  };
}

function renderPage() {
  return renderRoute(<SalesPage />, { loader });
}

test('shows balance, history, statement, PayPal and tax; withdrawing asks for confirmation naming the amount', async () => {
  let state = page({ amount: '120.00', lockedAmount: '0.00', availableAmount: '120.00' }, [withdrawal('w0', 'REJECTED', '40.00', { errorCode: 'RETURNED', messages: [{ __typename: 'ProviderMessage', code: 'RETURNED', message: 'The PayPal account returned the payment' }] })]);
  let sent: unknown = null;
  server.use(
    api.query(SalesPageQuery, () => HttpResponse.json({ data: state })),
    api.mutation(WithdrawMutation, ({ variables }) => {
      sent = variables.input;
      const w = withdrawal('w1', 'PENDING', '120.00');
      state = page({ amount: '120.00', lockedAmount: '120.00', availableAmount: '0.00' }, [w, ...state.viewer.withdrawals]);
      return HttpResponse.json({ data: { withdraw: { created: true, withdrawal: w } } });
    }),
  );
  const user = userEvent.setup();
  renderPage();
  expect(await screen.findByTestId('balance-available')).toHaveTextContent('$120.00');
  expect(screen.getByTestId('balance-locked')).toHaveTextContent('$0.00');
  expect(screen.getByTestId('paypal-state')).toHaveTextContent('PayPal: me@paypal.test');
  expect(screen.getByTestId('tax-state')).toHaveTextContent('No tax information is needed.');
  const history = screen.getByRole('table', { name: 'Withdrawals' });
  expect(within(history).getByText('Rejected')).toBeInTheDocument();
  expect(within(history).getByText('The PayPal account returned the payment')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Download the statement (CSV)' })).toHaveAttribute('href', '/api/financial/statement.csv');

  await user.click(screen.getByRole('button', { name: 'Withdraw' }));
  const dialog = await screen.findByRole('dialog', { name: 'Confirm your withdrawal' });
  expect(dialog).toHaveTextContent('Withdraw $120.00 to your PayPal account me@paypal.test?');
  await user.click(within(dialog).getByRole('button', { name: 'Withdraw $120.00' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Your withdrawal of $120.00 was requested.');
  expect(sent).toMatchObject({ amount: '120.00', idempotencyKey: expect.any(String) });
  await waitFor(() => expect(screen.getByTestId('balance-locked')).toHaveTextContent('$120.00'));
  expect(screen.getAllByTestId('withdrawal-status')[0]).toHaveTextContent('Pending');
}, 20_000); // many steps: over 5 s on a loaded machine

test('a refusal under tax REQUIRED shows the provider message and the tax form link', async () => {
  server.use(
    api.query(SalesPageQuery, () => HttpResponse.json({ data: page({ amount: '80.00', lockedAmount: '0.00', availableAmount: '80.00' }, [], 'REQUIRED') })),
    api.mutation(WithdrawMutation, () =>
      HttpResponse.json({ errors: [{ message: 'Verify your tax information at HyperWallet', extensions: { code: 'BAD_USER_INPUT', withdrawalCode: 'TAX_VERIFICATION', taxFormUrl: 'https://tax.example/form' } }] }),
    ),
  );
  const user = userEvent.setup();
  renderPage();
  expect(await screen.findByTestId('tax-state')).toHaveTextContent('Tax information is required before you can withdraw.');
  await user.click(screen.getByRole('button', { name: 'Withdraw' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw $80.00' }));
  const status = await screen.findByText('Verify your tax information at HyperWallet', { selector: 'p' });
  expect(within(status).getByRole('link', { name: 'Open the tax form' })).toHaveAttribute('href', 'https://tax.example/form');
});

test.each([
  ['33', 'The payment is held for review by the payout provider', 'warning'],
  ['34', 'The daily payout limit of this payee is reached', 'warning'],
  ['35', 'The payee\u2019s PayPal account is waiting for confirmation', 'warning'],
  ['41', 'The payee\u2019s PayPal account cannot receive payments', 'error'],
])('provider code %s: the message and the provider\u2019s details, announced with the right level', async (code, detail, level) => {
  server.use(
    api.query(SalesPageQuery, () => HttpResponse.json({ data: page({ amount: '12.00', lockedAmount: '0.00', availableAmount: '12.00' }, []) })),
    api.mutation(WithdrawMutation, () =>
      HttpResponse.json({ errors: [{ message: 'HyperWallet did not accept the withdrawal.', extensions: { code: 'BAD_USER_INPUT', withdrawalCode: code, detailMessage: detail } }] }),
    ),
  );
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'Withdraw' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw $12.00' }));
  const notice = await screen.findByTestId('withdraw-notice');
  expect(notice).toHaveClass(`notice--${level}`);
  expect(notice).toHaveTextContent(`${level === 'warning' ? 'Warning:' : 'Error:'} HyperWallet did not accept the withdrawal. ${detail}`);
  expect(screen.getByRole('status')).toContainElement(notice);
});

test('our own refusal is said once; a failed server shows the temporary-unavailable message', async () => {
  let answer: () => Response = () =>
    HttpResponse.json({ errors: [{ message: 'The requested amount exceeds the available balance', extensions: { code: 'BAD_USER_INPUT', withdrawalCode: 'AMOUNT_EXCEEDS_BALANCE', detailMessage: 'The requested amount exceeds the available balance' } }] });
  server.use(
    api.query(SalesPageQuery, () => HttpResponse.json({ data: page({ amount: '12.00', lockedAmount: '0.00', availableAmount: '12.00' }, []) })),
    api.mutation(WithdrawMutation, () => answer()),
  );
  const user = userEvent.setup();
  renderPage();
  const attempt = async () => {
    await user.click(await screen.findByRole('button', { name: 'Withdraw' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw $12.00' }));
    return screen.findByTestId('withdraw-notice');
  };
  const first = await attempt();
  expect(first).toHaveTextContent(/^Error: The requested amount exceeds the available balance$/);
  expect(first).toHaveClass('notice--error');
  answer = () => HttpResponse.json({ errors: [{ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] });
  await attempt();
  await waitFor(() => expect(screen.getByTestId('withdraw-notice')).toHaveTextContent('Error: Service is temporarily unavailable, please try again later'));
});

test('a balance that cannot be loaded shows the temporary-unavailable message', async () => {
  server.use(api.query(SalesPageQuery, () => new HttpResponse(null, { status: 503 })));
  renderPage();
  expect(await screen.findByText('Service is temporarily unavailable, please try again later')).toBeInTheDocument();
});

test('nothing to withdraw: the Withdraw button is disabled', async () => {
  server.use(api.query(SalesPageQuery, () => HttpResponse.json({ data: page({ amount: '0.00', lockedAmount: '0.00', availableAmount: '0.00' }, []) })));
  renderPage();
  expect(await screen.findByRole('button', { name: 'Withdraw' })).toBeDisabled();
});
