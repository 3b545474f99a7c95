import { jest } from '@jest/globals';
import { ApolloProvider } from '@apollo/client/react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import { api, GRAPHQL_URL } from '../../../../test/graphql';
import { useMswServer } from '../../../../test/msw';
import { createApolloClient } from '../../../lib/apollo';
import { PlanSettingsQuery, UpdatePaymentMethodMutation } from '../../../lib/payments/payments.graphql';
import { PlanSettings } from './PlanSettings';

const ORIGIN = 'http://localhost';
const server = useMswServer();
jest.setTimeout(30_000);

test('the renewal payment method changes to a PayPal account through the same PayPal approval as the checkout', async () => {
  let method = { __typename: 'PaymentMethod' as const, id: 'pm-card', label: 'Visa ending 1111' };
  const subscription = () => ({
    __typename: 'PlanSubscription' as const,
    id: 's1',
    status: 'ACTIVE' as const,
    autoRenew: true,
    currentPeriodEnd: '2027-01-31T00:00:00.000Z',
    renewalDate: '2027-01-31',
    plan: { __typename: 'Plan' as const, name: 'VIP', displayName: 'VIP', price: '19.99' },
    paymentMethod: method,
  });
  const nonces: string[] = [];
  server.use(
    api.query(PlanSettingsQuery, () => HttpResponse.json({ data: { viewer: { id: 'u1', impersonatedBy: null, subscription: subscription(), payments: [] } } })),
    api.mutation(UpdatePaymentMethodMutation, ({ variables }) => {
      nonces.push(String(variables.input.paymentMethodNonce));
      method = { __typename: 'PaymentMethod', id: 'pm-paypal', label: 'PayPal buyer@example.com' };
      return HttpResponse.json({ data: { updatePaymentMethod: { paymentMethod: method, subscription: subscription() } } });
    }),
    http.get(`${ORIGIN}/api/braintree/token`, () => HttpResponse.json({ clientToken: 'sbx_client.x.y', gateway: 'sandbox' })),
    http.post(`${ORIGIN}/api/payments-sandbox/paypal/create-payment`, () => HttpResponse.json({ paymentId: 'pp-1' })),
    http.post(`${ORIGIN}/api/payments-sandbox/paypal/approve`, () => HttpResponse.json({ paymentId: 'pp-1', payerId: 'payer-1' })),
    http.post(`${ORIGIN}/api/payments-sandbox/paypal/tokenize`, () => HttpResponse.json({ nonce: 'paypal-nonce', type: 'PayPalAccount', details: { email: 'buyer@example.com' } })),
  );
  const user = userEvent.setup({ delay: null });
  render(
    <ApolloProvider client={createApolloClient({ uri: GRAPHQL_URL })}>
      <MemoryRouter>
        <PlanSettings />
      </MemoryRouter>
    </ApolloProvider>,
  );
  expect(await screen.findByTestId('plan-method')).toHaveTextContent('Visa ending 1111');
  await user.click(screen.getByRole('button', { name: 'Change payment method' }));
  expect(screen.getByRole('group', { name: 'How would you like to pay?' })).toBeInTheDocument();
  expect(screen.getByRole('form', { name: 'New card' })).toBeInTheDocument();
  await user.click(screen.getByRole('radio', { name: 'Pay with PayPal' }));
  await user.click(screen.getByRole('button', { name: 'Continue to PayPal' }));
  await user.type(await screen.findByLabelText('PayPal account email', {}, { timeout: 5000 }), 'buyer@example.com{Enter}');
  expect(await screen.findByText('Your payment method was changed.')).toBeInTheDocument();
  expect(nonces).toEqual(['paypal-nonce']);
  await waitFor(() => expect(screen.getByTestId('plan-method')).toHaveTextContent('PayPal buyer@example.com'));
});
