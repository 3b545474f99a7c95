import { ApolloProvider } from '@apollo/client/react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { useMswServer } from '../../../test/msw';
import { api, GRAPHQL_URL } from '../../../test/graphql';
import { createApolloClient } from '../../lib/apollo';
import { AlertsProvider } from '../../ui/alerts/AlertsProvider';
import ReleaseEditPage from './ReleaseEditPage';
import { registerAppClient } from '../../lib/data-layer';
import ReleasesPage, {
  loader,
  CreateReleaseMutation,
  DeleteReleaseMutation,
  ReleaseCountsQuery,
  ReleasesPageQuery,
  TakedownReleaseMutation,
} from './ReleasesPage';
import { counts, releaseNode, releasesPage } from './__test-support__/test-data';

const server = useMswServer();

function renderPage() {
  // The page's loader preloads its queries with the app's client (registered as App does).
  const client = createApolloClient({ uri: GRAPHQL_URL });
  registerAppClient(client);
  const router = createMemoryRouter(
    [
      { path: '/releases', element: <ReleasesPage />, loader },
      { path: '/releases/edit', element: <ReleaseEditPage /> },
      { path: '/releases/:id', element: <p>Editor</p> },
    ],
    { initialEntries: ['/releases'] },
  );
  render(
    <ApolloProvider client={client}>
      <AlertsProvider>
        <RouterProvider router={router} />
      </AlertsProvider>
    </ApolloProvider>,
  );
  return router;
}

const draft = releaseNode();
const live = releaseNode({
  id: 'r2',
  title: 'Summer Hits',
  status: 'LIVE',
  displayStatus: 'Published',
  releaseDate: '2024-06-01',
  releaseDateText: '06/01/2024',
  artistName: 'Various Artists',
  viewerCan: { __typename: 'ReleaseViewerCan', edit: false, delete: false, takedown: true },
});

test('lists releases with their display status, date and artist, each linking to its editor', async () => {
  server.use(
    api.query(ReleasesPageQuery, () => HttpResponse.json({ data: releasesPage([draft, live]) })),
    api.query(ReleaseCountsQuery, () => HttpResponse.json({ data: counts({ Draft: 1, Published: 1 }) })),
  );
  renderPage();

  const list = await screen.findByRole('list', { name: 'Your releases' });
  const rows = within(list).getAllByRole('listitem');
  expect(rows).toHaveLength(2);
  expect(rows[0]).toHaveTextContent('Night Drive');
  expect(rows[0]).toHaveTextContent('Draft');
  expect(rows[0]).toHaveTextContent('ASAP');
  expect(rows[1]).toHaveTextContent('Published');
  expect(rows[1]).toHaveTextContent('06/01/2024');
  expect(rows[1]).toHaveTextContent('Various Artists');
  expect(within(rows[0]!).getByRole('link', { name: 'Night Drive' })).toHaveAttribute('href', '/releases/r1');
  // Actions follow viewerCan from the server.
  expect(within(rows[0]!).queryByRole('button', { name: /Take down/ })).not.toBeInTheDocument();
  expect(within(rows[0]!).getByRole('button', { name: 'Delete Night Drive' })).toBeInTheDocument();
  expect(within(rows[1]!).getByRole('button', { name: 'Take down Summer Hits' })).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Published (1)' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'All (2)' })).toHaveAttribute('aria-pressed', 'true');
});

/** The list answers with the live release alone when filtered, both releases otherwise; returns the statuses asked for. */
function answerFiltered(): unknown[] {
  const asked: unknown[] = [];
  server.use(
    api.query(ReleasesPageQuery, ({ variables }) => {
      asked.push(variables.statuses);
      return HttpResponse.json({ data: releasesPage(variables.statuses ? [live] : [draft, live]) });
    }),
    api.query(ReleaseCountsQuery, () => HttpResponse.json({ data: counts({ Draft: 1, Published: 1 }) })),
  );
  return asked;
}

test('a filter asks the server for the statuses that show as that status and keeps the matching rows', async () => {
  const asked = answerFiltered();
  const router = renderPage();
  await screen.findByRole('list', { name: 'Your releases' });

  await userEvent.click(await screen.findByRole('button', { name: 'Published (1)' }));
  // The chip and the rows follow the choice at once, before the server answers.
  expect(screen.getByRole('button', { name: 'Published (1)' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.queryByText('Night Drive')).not.toBeInTheDocument();
  expect(screen.getByText('Summer Hits')).toBeInTheDocument();
  await waitFor(() => expect(asked.at(-1)).toEqual(['DELIVERED', 'LIVE']));
  await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
  expect(screen.queryByText('Night Drive')).not.toBeInTheDocument();
  expect(screen.getByText('Summer Hits')).toBeInTheDocument();
});

test('the filter lives in the address: a link to ?status=Published preloads only those releases', async () => {
  const asked = answerFiltered();
  const router = renderPage();
  await screen.findByText('Night Drive');
  await act(() => router.navigate('/releases?status=Published'));
  expect(await screen.findByRole('button', { name: 'Published (1)' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.queryByText('Night Drive')).not.toBeInTheDocument();
  expect(asked).toEqual([null, ['DELIVERED', 'LIVE']]);
});

test('an empty account is invited to create its first release: single or album, then its title creates the draft', async () => {
  let created: unknown;
  server.use(
    api.query(ReleasesPageQuery, () => HttpResponse.json({ data: releasesPage([]) })),
    api.query(ReleaseCountsQuery, () => HttpResponse.json({ data: counts({}) })),
    api.mutation(CreateReleaseMutation, ({ variables }) => {
      created = variables.input;
      return HttpResponse.json({ data: { createRelease: { release: releaseNode({ id: 'new1', title: 'Morning' }) } } });
    }),
  );
  const router = renderPage();

  expect(await screen.findByRole('heading', { name: 'You have no releases yet' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Create your first release' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Single' }));
  // Nothing is saved by choosing: the draft comes with the first real edit.
  expect(created).toBeUndefined();
  await userEvent.click(screen.getByRole('button', { name: 'Create single' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Give your single a title.');
  await userEvent.type(screen.getByRole('textbox', { name: 'Title of the single' }), 'Morning');
  await userEvent.click(screen.getByRole('button', { name: 'Create single' }));
  expect(await screen.findByText('Editor')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/releases/new1');
  expect(created).toEqual({ title: 'Morning' });
});

test('taking down a live release asks first, then shows Takedown Submitted from the cached status', async () => {
  let takenDown: unknown;
  server.use(
    api.query(ReleasesPageQuery, () => HttpResponse.json({ data: releasesPage([live]) })),
    api.query(ReleaseCountsQuery, () => HttpResponse.json({ data: counts({ Published: 1 }) })),
    api.mutation(TakedownReleaseMutation, ({ variables }) => {
      takenDown = variables.id;
      // The payload carries the new status; the cache policy derives the label from it.
      return HttpResponse.json({
        data: {
          takedownRelease: {
            release: releaseNode({ ...live, status: 'AWAITING_TAKEDOWN', displayStatus: 'Published', viewerCan: { ...live.viewerCan, takedown: false } }),
          },
        },
      });
    }),
  );
  renderPage();

  await userEvent.click(await screen.findByRole('button', { name: 'Take down Summer Hits' }));
  const dialog = screen.getByRole('dialog', { name: 'Take down this release?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Take down' }));

  const list = screen.getByRole('list', { name: 'Your releases' });
  expect(await within(list).findByText('Takedown Submitted')).toBeInTheDocument();
  expect(takenDown).toBe('r2');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(within(list).queryByRole('button', { name: /Take down/ })).not.toBeInTheDocument();
});

test('deleting a draft asks first and removes it from the list', async () => {
  let deleted: unknown;
  server.use(
    api.query(ReleasesPageQuery, () => HttpResponse.json({ data: releasesPage([draft, live]) })),
    api.query(ReleaseCountsQuery, () => HttpResponse.json({ data: counts({ Draft: 1, Published: 1 }) })),
    api.mutation(DeleteReleaseMutation, ({ variables }) => {
      deleted = variables.id;
      return HttpResponse.json({ data: { deleteRelease: { deletedReleaseId: 'r1' } } });
    }),
  );
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: 'Delete Night Drive' }));
  await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete this release?' })).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByText('Night Drive')).not.toBeInTheDocument());
  expect(deleted).toBe('r1');
  expect(screen.getByText('Summer Hits')).toBeInTheDocument();
});

test('more releases load page by page from the cursor', async () => {
  const afters: unknown[] = [];
  server.use(
    api.query(ReleasesPageQuery, ({ variables }) => {
      afters.push(variables.after ?? null);
      return HttpResponse.json({ data: variables.after ? releasesPage([live]) : releasesPage([draft], true) });
    }),
    api.query(ReleaseCountsQuery, () => HttpResponse.json({ data: counts({ Draft: 1, Published: 1 }) })),
  );
  renderPage();
  await screen.findByText('Night Drive');
  await userEvent.click(screen.getByRole('button', { name: 'Show more releases' }));
  await screen.findByText('Summer Hits');
  expect(screen.getByText('Night Drive')).toBeInTheDocument();
  expect(afters).toContain('c-r1');
  expect(screen.queryByRole('button', { name: 'Show more releases' })).not.toBeInTheDocument();
});
