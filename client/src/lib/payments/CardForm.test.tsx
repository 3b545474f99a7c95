import { jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useMswServer } from '../../../test/msw';
import { CardForm } from './CardForm';

const ORIGIN = 'http://localhost';
const server = useMswServer();
jest.setTimeout(30_000);

function sandbox(lookup: { status: string | null; challenge: string | null }) {
  const seen: unknown[] = [];
  server.use(
    http.get(`${ORIGIN}/api/braintree/token`, () => HttpResponse.json({ clientToken: 'sbx_client.x.y', gateway: 'sandbox' })),
    http.post(`${ORIGIN}/api/payments-sandbox/tokenize`, async ({ request }) => {
      seen.push(await request.json());
      return HttpResponse.json({ nonce: 'nonce-1' });
    }),
    http.post(`${ORIGIN}/api/payments-sandbox/3ds/lookup`, () => HttpResponse.json({ nonce: 'nonce-1', ...lookup })),
    http.post(`${ORIGIN}/api/payments-sandbox/3ds/authenticate`, async ({ request }) => {
      const { code } = (await request.json()) as { code: string };
      return HttpResponse.json(code === '1234' ? { nonce: 'nonce-3ds', status: 'authenticate_successful' } : { nonce: 'nonce-3ds', status: 'authenticate_failed' });
    }),
  );
  return seen;
}

async function fill(number: string) {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiration date (MM/YY)'), '12/30');
  await user.type(screen.getByLabelText('CVV'), '123');
  return user;
}

test('the browser checks the number and expiry first, and says what is wrong next to each field', async () => {
  const onNonce = jest.fn<(nonce: string) => Promise<string | null>>();
  render(<CardForm title="Card details" submitLabel="Pay $20.00" amount="20.00" onNonce={onNonce} />);
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText('Card number'), '4111 1111 1111 1112');
  await user.click(screen.getByRole('button', { name: 'Pay $20.00' }));
  expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription(/Please enter a valid card number/);
  expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Please enter a valid card number', 'Please enter a valid expiration date (MM/YY)']);
  await user.clear(screen.getByLabelText('Card number'));
  await user.type(screen.getByLabelText('Card number'), '3530111333300000');
  await user.click(screen.getByRole('button', { name: 'Pay $20.00' }));
  expect(screen.getAllByRole('alert')[0]).toHaveTextContent('This card type is not accepted. Please use Visa, Mastercard, Discover or American Express');
  expect(onNonce).not.toHaveBeenCalled();
});

test('a card is tokenized at the sandbox (never sent to onNonce), a double click pays once, and a refusal is announced', async () => {
  const seen = sandbox({ status: null, challenge: null });
  const onNonce = jest.fn<(nonce: string) => Promise<string | null>>().mockResolvedValue('Your card was declined by your bank. Please use another card or contact your bank');
  render(<CardForm title="Card details" submitLabel="Pay $20.00" amount="20.00" onNonce={onNonce} />);
  const user = await fill('4111 1111 1111 1111');
  await user.dblClick(screen.getByRole('button', { name: 'Pay $20.00' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined by your bank. Please use another card or contact your bank');
  expect(onNonce.mock.calls).toEqual([['nonce-1']]);
  expect(seen).toEqual([{ number: '4111111111111111', expirationDate: '12/30', cvv: '123', postalCode: '', streetAddress: '' }]);
});

test('a 3D Secure challenge is answered in the form with the keyboard; a wrong code shows the issuer message', async () => {
  sandbox({ status: null, challenge: 'challenge-1' });
  const onNonce = jest.fn<(nonce: string) => Promise<string | null>>().mockResolvedValue(null);
  render(<CardForm title="Card details" submitLabel="Pay $20.00" amount="20.00" onNonce={onNonce} />);
  const user = await fill('4000000000001091');
  await user.click(screen.getByRole('button', { name: 'Pay $20.00' }));
  const code = await screen.findByLabelText('Verification code');
  expect(code).toHaveFocus();
  await user.keyboard('0000{Enter}');
  expect(await screen.findByRole('alert')).toHaveTextContent('Your bank could not confirm it is you. Please check your card password or code and try again');
  // The card details stay filled in for the next try.
  await user.click(screen.getByRole('button', { name: 'Pay $20.00' }));
  await user.type(await screen.findByLabelText('Verification code'), '1234{Enter}');
  await screen.findByRole('button', { name: 'Pay $20.00' });
  expect(onNonce.mock.calls).toEqual([['nonce-3ds']]);
});
