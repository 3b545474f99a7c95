import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { api } from '../../../../test/graphql';
import { useMswServer } from '../../../../test/msw';
import { renderRoute } from '../../../../test/render-route';
import { RemoveStoreEndpointMutation, SetStoreEndpointMutation, StoreEndpointsQuery } from './admin.graphql';
import StoreEndpointsPage, { loader } from './StoreEndpointsPage';

const server = useMswServer();

const base = { enabled: true, hasSecret: false, recipientDpid: 'PADPIDA0000000000LOCAL', host: null, port: null, username: null, auth: null };
const localDefault = { ...base, dspId: 1, dspName: 'Spotify', kind: 'LOCAL' as const, isDefault: true, recipientName: 'Spotify', path: '/data/deliveries/spotify' };
const sftpStore = { ...base, dspId: 2, dspName: 'Deezer', kind: 'SFTP' as const, isDefault: false, recipientName: 'Deezer', recipientDpid: 'PADPIDA2011072101T', hasSecret: true, host: 'sftp.deezer.test', port: 22, username: 'cadence', path: '/incoming', auth: 'KEY' as const };

/** The page as the app shows it: its loader preloads the endpoints first. */
function renderPage() {
  return renderRoute(<StoreEndpointsPage />, { path: '/support/store-endpoints', loader });
}

test('lists each store with where its deliveries go; the admin link shows', async () => {
  server.use(api.query(StoreEndpointsQuery, () => HttpResponse.json({ data: { consoleAbilities: { manageStoreEndpoints: true }, storeEndpoints: [localDefault, sftpStore] } })));
  renderPage();
  expect(await screen.findByRole('heading', { level: 2, name: 'Spotify' })).toBeInTheDocument();
  expect(screen.getByText('/data/deliveries/spotify')).toBeInTheDocument();
  expect(screen.getByText('sftp://cadence@sftp.deezer.test:22/incoming')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Store endpoints' })).toBeInTheDocument();
  // the default endpoint cannot be removed; a configured one can
  expect(screen.queryByRole('button', { name: 'Remove the endpoint of Spotify' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Remove the endpoint of Deezer' })).toBeInTheDocument();
});

test('an admin points a store at SFTP with the keyboard: missing fields and the API refusal are announced', async () => {
  const sent: unknown[] = [];
  server.use(
    api.query(StoreEndpointsQuery, () => HttpResponse.json({ data: { consoleAbilities: { manageStoreEndpoints: true }, storeEndpoints: [localDefault] } })),
    api.mutation(SetStoreEndpointMutation, ({ variables }) => {
      sent.push(variables.input);
      if (sent.length === 1) return HttpResponse.json({ errors: [{ message: 'recipientDpid must be PADPIDA followed by letters or digits', extensions: { code: 'BAD_USER_INPUT' } }] });
      return HttpResponse.json({ data: { setStoreEndpoint: { storeEndpoint: { dspId: 1, kind: 'SFTP', isDefault: false, hasSecret: true, host: 'sftp.example.test', port: 2222, username: 'cadence', path: '/in' } } } });
    }),
  );
  const user = userEvent.setup();
  renderPage();
  const change = await screen.findByRole('button', { name: 'Change the endpoint of Spotify' });
  change.focus();
  await user.keyboard('{Enter}');
  expect(change).toHaveAttribute('aria-expanded', 'true');
  const form = screen.getByRole('form', { name: 'Change the endpoint of Spotify' });
  await user.selectOptions(within(form).getByLabelText('Kind'), 'SFTP');
  await user.click(within(form).getByRole('button', { name: 'Save endpoint' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent('Give the SFTP host and user.');
  await user.type(within(form).getByLabelText('Host'), 'sftp.example.test');
  await user.clear(within(form).getByLabelText('Port'));
  await user.type(within(form).getByLabelText('Port'), '2222');
  await user.type(within(form).getByLabelText('User'), 'cadence');
  await user.type(within(form).getByLabelText('Private key (OpenSSH)'), 'KEY');
  await user.type(within(form).getByLabelText('Folder on the server'), '/in');
  await user.click(within(form).getByRole('button', { name: 'Save endpoint' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent('recipientDpid must be PADPIDA');
  await user.click(within(form).getByRole('button', { name: 'Save endpoint' }));
  expect(await screen.findByText('Saved the endpoint of Spotify.')).toBeInTheDocument();
  expect(sent[1]).toEqual({ dspId: 1, kind: 'SFTP', recipientDpid: 'PADPIDA0000000000LOCAL', recipientName: 'Spotify', host: 'sftp.example.test', port: 2222, username: 'cadence', auth: 'KEY', path: '/in', secret: 'KEY' });
});

test('removing an endpoint sends the store back to the local folder', async () => {
  let removed: unknown;
  server.use(
    api.query(StoreEndpointsQuery, () => HttpResponse.json({ data: { consoleAbilities: { manageStoreEndpoints: true }, storeEndpoints: [sftpStore] } })),
    api.mutation(RemoveStoreEndpointMutation, ({ variables }) => {
      removed = variables.input;
      return HttpResponse.json({ data: { removeStoreEndpoint: { storeEndpoint: { dspId: 2, kind: 'LOCAL', isDefault: true } } } });
    }),
  );
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'Remove the endpoint of Deezer' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Removed the endpoint of Deezer: its deliveries go to the local folder.');
  expect(removed).toEqual({ dspId: 2 });
});

test('support is refused with an announced message', async () => {
  server.use(api.query(StoreEndpointsQuery, () => HttpResponse.json({ errors: [{ message: 'Only administrators can manage store endpoints', extensions: { code: 'FORBIDDEN' } }] })));
  renderPage();
  expect(await screen.findByRole('alert')).toHaveTextContent('Only administrators can manage store endpoints');
  expect(screen.queryByRole('link', { name: 'Store endpoints' })).toBeNull();
});
