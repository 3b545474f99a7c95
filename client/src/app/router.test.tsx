import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { useMswServer } from '../../test/msw';
import { act } from 'react';
import { createMemoryRouter } from 'react-router-dom';
import { api, GRAPHQL_URL } from '../../test/graphql';
import { createApolloClient } from '../lib/apollo';
import { App } from './App';
import { routes } from './router';

/** A signed-in person with on-boarding done, so the guards let every page show. */
const completeViewer = {
  __typename: 'Profile',
  id: 'u1',
  role: 'USER',
  status: 'ACTIVE',
  isLocked: false,
  isAnalyticsDisabled: false,
  onboarding: { __typename: 'Onboarding', name: true, contacts: true, distribution: true },
};

const server = useMswServer(
  api.query('GuardViewer', () => HttpResponse.json({ data: { viewer: completeViewer } })),
  api.query('ViewerProfile', () => HttpResponse.json({ data: { viewer: null } })),
  // The releases page's loader waits for its queries (an empty account).
  api.query('ReleasesPage', () =>
    HttpResponse.json({
      data: { releases: { __typename: 'QueryReleasesConnection', totalCount: 0, edges: [], pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null } } },
    }),
  ),
  api.query('ReleaseCounts', () => HttpResponse.json({ data: { releaseCounts: { __typename: 'ReleaseCounts', releases: 0, tracks: 0, byDisplayStatus: [] } } })),
  api.query('AppBrand', () =>
    HttpResponse.json({
      data: {
        clientConfig: { __typename: 'ClientConfig', brandName: 'Cadence Dev', supportEmail: 'dev@cadence.test' },
      },
    }),
  ),
);
afterEach(() => {
  delete window.__CADENCE__;
});

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<App client={createApolloClient({ uri: GRAPHQL_URL })} router={router} />);
  return router;
}

test('/splash shows "Just a sec..." and a spinner, without navigation or footer', async () => {
  renderAt('/splash');

  expect(await screen.findByRole('heading', { level: 1, name: 'Just a sec...' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Loading');
  expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
});

test('an unknown path redirects to the start page', async () => {
  const router = renderAt('/no/such/page');
  await waitFor(() => expect(router.state.location.pathname).toBe('/'));
});

test('paths match exactly: a path below a public page redirects too', async () => {
  const router = renderAt('/about/team');
  await waitFor(() => expect(router.state.location.pathname).toBe('/'));
});

test('the title and description come from the route, with the server-injected brand filled in', async () => {
  window.__CADENCE__ = { brandName: 'Cadence France', brandId: 'fr', supportEmail: 'aide@cadence.test' };
  renderAt('/releases');

  // The page shows with its preloaded list: the data layer, the page and its queries, cold.
  await screen.findByRole('heading', { level: 1, name: 'Releases' }, { timeout: 5000 });
  await waitFor(() => expect(document.title).toBe('Releases | Cadence France'));
  expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
    'content',
    'Your releases on Cadence France: drafts, submissions and what is live.',
  );
  const footer = screen.getByRole('contentinfo');
  expect(within(footer).getByRole('link', { name: 'Support' })).toHaveAttribute('href', 'mailto:aide@cadence.test');
  expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Cadence France`);
});

test('without an injected brand, the brand comes from the clientConfig query', async () => {
  renderAt('/settings');
  await waitFor(() => expect(document.title).toBe('Profile + Preferences | Cadence Dev'));
  expect(await screen.findByRole('link', { name: 'Support' })).toHaveAttribute('href', 'mailto:dev@cadence.test');
});

test('each navigation updates the title from the deepest route', async () => {
  window.__CADENCE__ = { brandName: 'Cadence' };
  const router = renderAt('/releases');
  await waitFor(() => expect(document.title).toBe('Releases | Cadence'));

  await act(() => router.navigate('/releases/submitted'));
  await waitFor(() => expect(document.title).toBe('Release submitted | Cadence'));
  await act(() => router.navigate('/releases/42'));
  await waitFor(() => expect(document.title).toBe('Release | Cadence'));
});

test('the visitors navigation links to features, about and sign in; the skip link comes first', async () => {
  window.__CADENCE__ = { brandName: 'Cadence' };
  const router = renderAt('/sales');
  await screen.findByRole('heading', { level: 1, name: 'Sales + Payments' });

  const nav = await screen.findByRole('navigation', { name: 'Main' });
  expect(within(nav).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/?login=login');

  await userEvent.tab();
  expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveFocus();
  expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');

  await userEvent.click(within(nav).getByRole('link', { name: 'Features' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/features'));
  await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
});

test('/disabled shows the blocked-user text with a link to support, and no navigation or footer', async () => {
  window.__CADENCE__ = { supportEmail: 'help@cadence.test' };
  renderAt('/disabled');

  expect(await screen.findByText("Sorry, we're unable to process your request at this time.")).toBeInTheDocument();
  expect(screen.getByText(/If you feel you are seeing this page in error, please/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'contact us' })).toHaveAttribute('href', 'mailto:help@cadence.test');
  expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
});

test.each([
  ['/captcha', 'Security check'],
  ['/on-boarding', 'Set up your account'],
  ['/on-boarding/review', 'Review your details'],
  ['/on-boarding/congrats', 'You are all set'],
  ['/releases/edit', 'New release'],
  ['/trends', 'Analytics'],
  ['/single-signup', 'Sign up'],
  ['/choose-your-plan', 'Choose your plan'],
])('%s shows its page', async (path, heading) => {
  window.__CADENCE__ = { brandName: 'Cadence' };
  renderAt(path);
  expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  await waitFor(() => expect(document.title).toBe(`${heading} | Cadence`));
});

/** Holds the guards' question until `open` is called: a first load whose guards and page are still on their way. */
function holdGuards() {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  server.use(
    api.query('GuardViewer', async () => {
      await gate;
      return HttpResponse.json({ data: { viewer: completeViewer } });
    }),
  );
  return open;
}

test('a first load of /releases shows the frame with the list skeleton until the guards and the page are in', async () => {
  window.__CADENCE__ = { brandName: 'Cadence' };
  const open = holdGuards();
  renderAt('/releases');

  const status = await screen.findByText('Loading your releases…');
  expect(status.closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
  expect(screen.getByRole('main')).toContainElement(status);
  expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();

  open();
  expect(await screen.findByRole('heading', { level: 1, name: 'Releases' }, { timeout: 5000 })).toBeInTheDocument();
  expect(screen.queryByText('Loading your releases…')).not.toBeInTheDocument();
  expect(document.querySelector('[aria-busy="true"]')).toBeNull();
});

test('a first load of a page outside the app\'s frame (support) shows nothing until the page can', async () => {
  window.__CADENCE__ = { brandName: 'Cadence' };
  const open = holdGuards();
  renderAt('/support');
  // The guards' question is on its way (held): no frame yet, whose footer the page would push down.
  await new Promise((r) => setTimeout(r, 200));
  expect(screen.queryByRole('main')).not.toBeInTheDocument();
  expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  open();
});
