import { jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { PAYMENT_MESSAGES } from '@cadence/domain/payments';
import { useMswServer } from '../../../test/msw';
import { PayPalCheckout } from './PayPalCheckout';

const ORIGIN = 'http://localhost';
const server = useMswServer();
jest.setTimeout(30_000);

/** The sandbox's stand-in for PayPal: create, approve (by email), tokenize; records what the browser sent. */
function sandbox() {
  const calls: { path: string; body: unknown }[] = [];
  const record = async (path: string, request: Request) => {
    const body = (await request.json()) as Record<string, string>;
    calls.push({ path, body });
    return body;
  };
  server.use(
    http.get(`${ORIGIN}/api/braintree/token`, () => HttpResponse.json({ clientToken: 'sbx_client.x.y', gateway: 'sandbox' })),
    http.post(`${ORIGIN}/api/payments-sandbox/paypal/create-payment`, async ({ request }) => {
      await record('create-payment', request);
      return HttpResponse.json({ paymentId: `pp-${calls.length}` });
    }),
    http.post(`${ORIGIN}/api/payments-sandbox/paypal/approve`, async ({ request }) => {
      const { paymentId } = await record('approve', request);
      return HttpResponse.json({ paymentId, payerId: 'payer-1' });
    }),
    http.post(`${ORIGIN}/api/payments-sandbox/paypal/tokenize`, async ({ request }) => {
      await record('tokenize', request);
      return HttpResponse.json({ nonce: 'paypal-nonce', type: 'PayPalAccount', details: { email: 'buyer@example.com' } });
    }),
  );
  return calls;
}

test('approving in the PayPal window (keyboard only) pays with the PayPal nonce; a double click starts one checkout', async () => {
  const calls = sandbox();
  const onNonce = jest.fn<(nonce: string) => Promise<string | null>>().mockResolvedValue(null);
  render(<PayPalCheckout amount="15.00" onNonce={onNonce} />);
  const user = userEvent.setup({ delay: null });
  const start = screen.getByRole('button', { name: 'Continue to PayPal' });
  expect(start).toHaveAccessibleDescription(/You approve the payment of \$15.00 in PayPal/);
  await user.dblClick(start);
  const dialog = await screen.findByRole('dialog', { name: 'PayPal sandbox: approve the payment' }, { timeout: 5000 });
  expect(dialog).toBeInTheDocument();
  const email = screen.getByLabelText('PayPal account email');
  expect(email).toHaveFocus();
  // The approval is asynchronous: nothing is tokenized until the person approves.
  expect(calls.map((c) => c.path)).toEqual(['create-payment']);
  await user.keyboard('{Enter}');
  expect(email).toHaveAccessibleDescription(/Enter the email address of your PayPal account/);
  await user.type(email, 'buyer@example.com{Enter}');
  await waitFor(() => expect(onNonce.mock.calls).toEqual([['paypal-nonce']]));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(calls).toEqual([
    { path: 'create-payment', body: { amount: '15.00', flow: 'vault' } },
    { path: 'approve', body: { paymentId: 'pp-1', email: 'buyer@example.com' } },
    { path: 'tokenize', body: { paymentId: 'pp-1', payerId: 'payer-1' } },
  ]);
});

test('cancelling the PayPal window (Escape) is announced, charges nothing, and gives focus back', async () => {
  const calls = sandbox();
  const onNonce = jest.fn<(nonce: string) => Promise<string | null>>();
  render(<PayPalCheckout amount="20.00" onNonce={onNonce} />);
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('button', { name: 'Continue to PayPal' }));
  await screen.findByRole('dialog');
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent(PAYMENT_MESSAGES.paypalCancelled);
  expect(screen.getByRole('button', { name: 'Continue to PayPal' })).toHaveFocus();
  // The Cancel button does the same.
  await user.click(screen.getByRole('button', { name: 'Continue to PayPal' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
  expect(screen.getByRole('status')).toHaveTextContent(PAYMENT_MESSAGES.paypalCancelled);
  expect(onNonce).not.toHaveBeenCalled();
  expect(calls.map((c) => c.path)).toEqual(['create-payment', 'create-payment']);
});

test('a PayPal account the processor declines shows the message as an alert; the sandbox being off says so', async () => {
  sandbox();
  const onNonce = jest.fn<(nonce: string) => Promise<string | null>>().mockResolvedValue(PAYMENT_MESSAGES.paypalDeclined);
  const { unmount } = render(<PayPalCheckout amount="20.00" onNonce={onNonce} />);
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('button', { name: 'Continue to PayPal' }));
  await user.type(await screen.findByLabelText('PayPal account email'), 'declined@example.com{Enter}');
  expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.paypalDeclined);
  unmount();
  server.use(http.post(`${ORIGIN}/api/payments-sandbox/paypal/create-payment`, () => HttpResponse.json({ message: 'The payment sandbox is not enabled' }, { status: 404 })));
  render(<PayPalCheckout amount="20.00" onNonce={onNonce} />);
  await user.click(screen.getByRole('button', { name: 'Continue to PayPal' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The payment sandbox is not enabled');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('read-only (support acting as the person): the PayPal button is disabled', () => {
  render(<PayPalCheckout amount="20.00" disabled onNonce={jest.fn<(nonce: string) => Promise<string | null>>()} />);
  expect(screen.getByRole('button', { name: 'Continue to PayPal' })).toBeDisabled();
});
