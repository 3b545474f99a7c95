import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { useMswServer } from '../../../test/msw';
import { api } from '../../../test/graphql';
import { StoresListDocument } from '../../gql/graphql';
import { StoresList } from './StoresList';

const server = useMswServer();

const dsp = (id: string, name: string) => ({ __typename: 'Dsp' as const, id, name });

function renderStoresList() {
  return render(<StoresList />);
}

test('lists the names of the stores flagged for the public list', async () => {
  let showList: unknown;
  server.use(
    api.query(StoresListDocument, ({ variables, query }) => {
      showList = /dsps\(showList: true\)/.test(query) ? true : variables;
      return HttpResponse.json({ data: { dsps: [dsp('1', 'Spotify'), dsp('2', 'Apple Music'), dsp('3', 'Deezer')] } });
    }),
  );

  renderStoresList();

  expect(screen.getByRole('status')).toHaveTextContent('Loading the list of stores');
  const list = await screen.findByRole('list', { name: 'Stores we deliver to' });
  expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Spotify',
    'Apple Music',
    'Deezer',
  ]);
  expect(showList).toBe(true);
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

test('announces an error when the stores cannot be loaded, and can try again', async () => {
  server.use(api.query(StoresListDocument, () => HttpResponse.json({ errors: [{ message: 'boom' }] })));

  renderStoresList();

  expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the list of stores.');
  expect(screen.queryByRole('list')).not.toBeInTheDocument();

  server.use(api.query(StoresListDocument, () => HttpResponse.json({ data: { dsps: [dsp('9', 'TIDAL')] } })));
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

  expect(await screen.findByRole('list', { name: 'Stores we deliver to' })).toHaveTextContent('TIDAL');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('shows an error when the network fails', async () => {
  server.use(api.query(StoresListDocument, () => HttpResponse.error()));
  renderStoresList();
  expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the list of stores.');
});
