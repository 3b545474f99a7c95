import { ApolloProvider } from '@apollo/client/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { api, GRAPHQL_URL } from '../../../../test/graphql';
import { useMswServer } from '../../../../test/msw';
import { createApolloClient } from '../../../lib/apollo';
import { PayPalAccountForm } from './PayPalAccountForm';
import { LinkPayPalMutation, PayPalAccountQuery, UnlinkPayPalMutation } from './paypal.graphql';

const server = useMswServer();
const NOT_FOUND = 'Your PayPal account could not be found. Please check if the information below matches the information on your PayPal account and try again.';

const account = (linked: boolean) => ({ __typename: 'PayPalAccount' as const, linked, email: linked ? 'ada@paypal.test' : null, firstName: linked ? 'Ada' : null, lastName: linked ? 'Lovelace' : null });
const viewer = (linked: boolean, withdraw = true) => ({ viewer: { __typename: 'Profile' as const, id: 'u1', viewerCan: { __typename: 'ProfileAbilities' as const, withdraw }, payPalAccount: account(linked) } });

function renderForm() {
  return render(
    <ApolloProvider client={createApolloClient({ uri: GRAPHQL_URL })}>
      <PayPalAccountForm />
    </ApolloProvider>,
  );
}

test('links a verified account: the success notice appears and the fields lock', async () => {
  let linked = false;
  server.use(
    api.query(PayPalAccountQuery, () => HttpResponse.json({ data: viewer(linked) })),
    api.mutation(LinkPayPalMutation, ({ variables }) => {
      expect(variables.input).toEqual({ firstName: 'Ada', lastName: 'Lovelace', emailAddress: 'ada@paypal.test' });
      linked = true;
      return HttpResponse.json({ data: { linkPayPal: { message: 'Your PayPal account has been successfully verified and linked to your Cadence profile.', account: account(true) } } });
    }),
  );
  const user = userEvent.setup();
  renderForm();
  await user.type(await screen.findByLabelText('First Name'), 'Ada');
  await user.type(screen.getByLabelText('Last Name'), 'Lovelace');
  await user.type(screen.getByLabelText('PayPal Email'), 'ada@paypal.test');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Link My PayPal Account' })).toBeEnabled());
  await user.click(screen.getByRole('button', { name: 'Link My PayPal Account' }));
  expect(await screen.findByText('Your PayPal account has been successfully verified and linked to your Cadence profile.')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByLabelText('PayPal Email')).toHaveAttribute('readonly'));
  expect(screen.getByLabelText('First Name')).toHaveValue('Ada');
  expect(screen.getByRole('button', { name: 'Use Another Paypal Account' })).toBeInTheDocument();
});

test('required and invalid fields show the spec messages and send nothing', async () => {
  let sent = false;
  server.use(
    api.query(PayPalAccountQuery, () => HttpResponse.json({ data: viewer(false) })),
    api.mutation(LinkPayPalMutation, () => {
      sent = true;
      return HttpResponse.json({ data: null });
    }),
  );
  const user = userEvent.setup();
  renderForm();
  await user.click(await screen.findByRole('button', { name: 'Link My PayPal Account' }));
  expect(screen.getByText('First Name is required')).toBeInTheDocument();
  expect(screen.getByText('Last Name is required')).toBeInTheDocument();
  expect(screen.getByText('PayPal Email is required')).toBeInTheDocument();
  await user.type(screen.getByLabelText('PayPal Email'), 'nope');
  expect(screen.getByText('Invalid PayPal Email Address')).toBeInTheDocument();
  expect(sent).toBe(false);
});

test('an account PayPal cannot find gives the verify error as a notice and under the field', async () => {
  server.use(
    api.query(PayPalAccountQuery, () => HttpResponse.json({ data: viewer(false) })),
    api.mutation(LinkPayPalMutation, () => HttpResponse.json({ errors: [{ message: NOT_FOUND, extensions: { code: 'BAD_USER_INPUT', key: 'paypal-not-found' } }] })),
  );
  const user = userEvent.setup();
  renderForm();
  await user.type(await screen.findByLabelText('First Name'), 'Ada');
  await user.type(screen.getByLabelText('Last Name'), 'Lovelace');
  await user.type(screen.getByLabelText('PayPal Email'), 'notfound@paypal.test');
  await user.click(screen.getByRole('button', { name: 'Link My PayPal Account' }));
  expect(await screen.findAllByText(NOT_FOUND)).toHaveLength(2);
  expect(screen.getByLabelText('PayPal Email')).toHaveAttribute('aria-invalid', 'true');
});

test('a server failure shows the server error; Use Another Paypal Account unlocks the fields', async () => {
  let linked = true;
  server.use(
    api.query(PayPalAccountQuery, () => HttpResponse.json({ data: viewer(linked) })),
    api.mutation(UnlinkPayPalMutation, () => {
      linked = false;
      return HttpResponse.json({ data: { unlinkPayPal: { account: account(false) } } });
    }),
    api.mutation(LinkPayPalMutation, () => new HttpResponse(null, { status: 500 })),
  );
  const user = userEvent.setup();
  renderForm();
  await user.click(await screen.findByRole('button', { name: 'Use Another Paypal Account' }));
  await waitFor(() => expect(screen.getByLabelText('PayPal Email')).not.toHaveAttribute('readonly'));
  expect(screen.getByLabelText('PayPal Email')).toHaveValue('');
  await user.type(screen.getByLabelText('First Name'), 'Ada');
  await user.type(screen.getByLabelText('Last Name'), 'Lovelace');
  await user.type(screen.getByLabelText('PayPal Email'), 'other@paypal.test');
  await user.click(screen.getByRole('button', { name: 'Link My PayPal Account' }));
  expect(await screen.findByText('Something with server. Please try again later')).toBeInTheDocument();
});

test('while support acts as the user the email-only variant is shown: the linked email, link and unlink inactive', async () => {
  server.use(api.query(PayPalAccountQuery, () => HttpResponse.json({ data: viewer(true, false) })));
  renderForm();
  const form = await screen.findByRole('form', { name: 'PayPal email' });
  expect(screen.queryByLabelText('First Name')).not.toBeInTheDocument();
  const email = within(form).getByLabelText('PayPal Email');
  await waitFor(() => expect(email).toHaveValue('ada@paypal.test'));
  expect(email).toHaveAttribute('readonly');
  expect(email).toHaveAttribute('placeholder', 'PayPal Email Address');
  for (const name of ['Link', 'Unlink']) {
    const button = within(form).getByRole('button', { name });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Not available while acting as this user: only the account owner can link or unlink PayPal.');
  }
});

test('email-only variant without a linked account: the email is required and valid once touched; nothing is sent', async () => {
  let sent = false;
  server.use(
    api.query(PayPalAccountQuery, () => HttpResponse.json({ data: viewer(false, false) })),
    api.mutation(LinkPayPalMutation, () => {
      sent = true;
      return HttpResponse.json({ data: null });
    }),
  );
  const user = userEvent.setup();
  renderForm();
  const email = within(await screen.findByRole('form', { name: 'PayPal email' })).getByLabelText('PayPal Email');
  expect(screen.queryByText('PayPal Email is required')).not.toBeInTheDocument();
  await user.click(email);
  await user.tab();
  expect(await screen.findByText('PayPal Email is required')).toBeInTheDocument();
  await user.type(email, 'not-an-email');
  expect(screen.getByText('Invalid PayPal Email Address')).toBeInTheDocument();
  expect(email).toHaveAttribute('aria-invalid', 'true');
  await user.type(email, '{Enter}');
  expect(sent).toBe(false);
});

test('until the profile arrives the fields take typing but Link waits; acting as the user it never becomes active', async () => {
  let answer: () => void = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  server.use(
    api.query(PayPalAccountQuery, async () => {
      await answered;
      return HttpResponse.json({ data: viewer(false, false) });
    }),
  );
  const user = userEvent.setup();
  renderForm();
  await user.type(await screen.findByLabelText('First Name'), 'Ada');
  expect(screen.getByLabelText('First Name')).toHaveValue('Ada');
  expect(screen.getByRole('button', { name: 'Link My PayPal Account' })).toBeDisabled();
  answer();
  // Support acting as the user: the email-only variant, its actions inactive.
  await waitFor(() => expect(screen.queryByLabelText('First Name')).not.toBeInTheDocument());
  const buttons = screen.getAllByRole('button');
  expect(buttons.length).toBeGreaterThan(0);
  for (const button of buttons) expect(button).toBeDisabled();
});
