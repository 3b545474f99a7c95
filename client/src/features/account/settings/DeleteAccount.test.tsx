import { jest } from '@jest/globals';
import { ApolloProvider } from '@apollo/client/react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { api, GRAPHQL_URL } from '../../../../test/graphql';
import { useMswServer } from '../../../../test/msw';
import { createApolloClient } from '../../../lib/apollo';
import { DeleteAccount } from './DeleteAccount';
import { DeleteAccountMutation } from './settings.graphql';

const server = useMswServer();

function renderDelete(navigate: (to: string) => void) {
  render(
    <ApolloProvider client={createApolloClient({ uri: GRAPHQL_URL })}>
      <button type="button">Elsewhere</button>
      <DeleteAccount navigate={navigate} />
    </ApolloProvider>,
  );
}

test('asks for confirmation; keeping the account sends nothing and returns focus', async () => {
  let calls = 0;
  server.use(
    api.mutation(DeleteAccountMutation, () => {
      calls += 1;
      return HttpResponse.json({ data: { deleteAccount: { deletedUserId: 'u1' } } });
    }),
  );
  const user = userEvent.setup();
  renderDelete(jest.fn());
  const open = screen.getByRole('button', { name: 'Delete my account' });
  await user.click(open);
  expect(screen.getByRole('dialog', { name: 'Delete your account?' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Keep my account' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(open).toHaveFocus();
  expect(calls).toBe(0);
});

test('confirmed, the account is deleted and the person leaves for the start page', async () => {
  server.use(api.mutation(DeleteAccountMutation, () => HttpResponse.json({ data: { deleteAccount: { deletedUserId: 'u1' } } })));
  const navigate = jest.fn();
  const user = userEvent.setup();
  renderDelete(navigate);
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
  await user.click(screen.getByRole('button', { name: 'Yes, delete it' }));
  await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
});

test('a refusal (submitted releases) is shown and nothing else happens', async () => {
  server.use(
    api.mutation(DeleteAccountMutation, () =>
      HttpResponse.json({ data: null, errors: [{ message: 'Your account can be deleted only while every release is a draft. Please contact support.', extensions: { code: 'CONFLICT' } }] }),
    ),
  );
  const navigate = jest.fn();
  const user = userEvent.setup();
  renderDelete(navigate);
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
  await user.click(screen.getByRole('button', { name: 'Yes, delete it' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Your account can be deleted only while every release is a draft.');
  expect(navigate).not.toHaveBeenCalled();
});
