import { ApolloProvider } from '@apollo/client/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { useMswServer } from '../../../test/msw';
import { api, GRAPHQL_URL } from '../../../test/graphql';
import { createApolloClient } from '../../lib/apollo';
import { AlertsList } from '../../ui/alerts/AlertsList';
import { AlertsProvider } from '../../ui/alerts/AlertsProvider';
import { editorRelease, editorTrack, type EditorRelease } from './__test-support__/editor-test-data';
import {
  AcquireReleaseLockMutation,
  AddArtistCreditMutation,
  CheckReleaseQuery,
  ReleaseEditorQuery,
  RemoveArtistCreditMutation,
  ReopenReleaseMutation,
  SubmitReleaseMutation,
  UpdateReleaseMutation,
  UpdateTrackMutation,
} from './release-editor.graphql';
import { ReleaseEditor } from './ReleaseEditor';
import { TakedownReleaseMutation } from './ReleasesPage';

const server = useMswServer();

function editorData(release: EditorRelease) {
  return {
    release,
    genres: [
      { __typename: 'Genre' as const, id: '2751', name: 'Pop' },
      { __typename: 'Genre' as const, id: '2758', name: 'Rock' },
    ],
    languages: [{ __typename: 'Language' as const, id: 'EN', name: 'English' }],
    countries: [{ __typename: 'Country' as const, code: 'GB', name: 'United Kingdom' }],
    dsps: [{ __typename: 'Dsp' as const, id: '1', uri: 'spotify', name: 'Spotify' }],
    clientConfig: { __typename: 'ClientConfig' as const, hideDSPSelection: false },
  };
}

function renderEditor(release: EditorRelease, heldBy: 'THIS_SESSION' | 'OTHER_SESSION' = 'THIS_SESSION') {
  server.use(
    api.query(ReleaseEditorQuery, () => HttpResponse.json({ data: editorData(release) })),
    api.mutation(AcquireReleaseLockMutation, () =>
      HttpResponse.json({ data: { acquireReleaseLock: { locks: [{ lockType: 'release', acquired: heldBy === 'THIS_SESSION', heldBy, expiresAt: null }] } } }),
    ),
  );
  const router = createMemoryRouter(
    [
      { path: '/releases/:id', element: <ReleaseEditor releaseId="r1" /> },
      { path: '/releases/submitted', element: <p>Submitted page</p> },
      { path: '/releases', element: <p>List</p> },
    ],
    { initialEntries: ['/releases/r1'] },
  );
  render(
    <ApolloProvider client={createApolloClient({ uri: GRAPHQL_URL })}>
      <AlertsProvider>
        <AlertsList />
        <RouterProvider router={router} />
      </AlertsProvider>
    </ApolloProvider>,
  );
  return router;
}

const t1 = editorTrack({ id: 't1', title: 'First Song' });
const t2 = editorTrack({ id: 't2', title: 'Second Song', isrc: 'USCAD2600001' });

test('a denied release lists its reasons, track reasons as Track N: reason', async () => {
  renderEditor(
    editorRelease({
      status: 'REJECTED',
      comment: 'REJECTION_LIST:Cover art is blurry ;t2 :Audio is clipped',
      displayStatus: 'Denied',
      isDenied: true,
      rejectionReasons: ['Cover art is blurry', 'Track 2: Audio is clipped'],
      tracks: [t1, t2],
    }),
  );
  const reasons = await screen.findByRole('region', { name: 'Why this release was denied' });
  expect(within(reasons).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Cover art is blurry', 'Track 2: Audio is clipped']);
  expect(screen.getByText('Denied')).toBeInTheDocument();
});

test('a release the server says cannot be edited is shown read-only', async () => {
  renderEditor(
    editorRelease({
      status: 'LIVE',
      displayStatus: 'Published',
      releaseDate: '2024-03-15',
      releaseDateText: '03/15/2024',
      viewerCan: { edit: false, reopen: false, delete: false, takedown: true, viewTracks: true },
      tracks: [t1, t2],
    }),
  );
  expect(await screen.findByRole('region', { name: 'Release details' })).toHaveTextContent('This release can no longer be edited.');
  expect(screen.queryByRole('form', { name: 'Release details' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Submit release' })).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Choose audio files')).not.toBeInTheDocument();
  expect(within(screen.getByRole('list', { name: 'Tracks in order' })).getAllByRole('listitem')).toHaveLength(2);
  expect(screen.getByRole('button', { name: 'View track 1' })).toBeInTheDocument();
});

test("'Move back to draft' follows the server's viewerCan.reopen, BEFORE_CREATED included, and sends reopenRelease", async () => {
  let reopened: unknown;
  server.use(
    api.mutation(ReopenReleaseMutation, ({ variables }) => {
      reopened = variables;
      return HttpResponse.json({
        data: { reopenRelease: { release: editorRelease({ status: 'NOT_COMPLETED', viewerCan: { edit: true, reopen: false, delete: true, takedown: false, viewTracks: false } }) } },
      });
    }),
  );
  renderEditor(editorRelease({ status: 'BEFORE_CREATED', viewerCan: { edit: true, reopen: true, delete: true, takedown: false, viewTracks: false } }));
  await userEvent.click(await screen.findByRole('button', { name: 'Move back to draft' }));
  await waitFor(() => expect(reopened).toEqual({ id: 'r1' }));
  // back in draft, the server no longer offers it
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Move back to draft' })).not.toBeInTheDocument());
});

test("an editable release the server does not let go back to draft shows no 'Move back to draft'", async () => {
  renderEditor(editorRelease({ status: 'REJECTED', viewerCan: { edit: true, reopen: false, delete: true, takedown: false, viewTracks: false } }));
  expect(await screen.findByRole('button', { name: 'Delete release' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Move back to draft' })).not.toBeInTheDocument();
});

test('the check shows what is missing next to the fields, and Submit waits until it passes', async () => {
  let submitted = false;
  server.use(
    api.query(CheckReleaseQuery, () =>
      HttpResponse.json({
        data: {
          checkRelease: {
            releaseId: 'r1',
            ok: false,
            issues: [
              { field: 'genreId', key: 'required', message: 'Genre is required', trackId: null, trackNumber: null },
              { field: 'isrc', key: 'isrc-duplicate', message: 'This ISRC is already used in this release', trackId: 't2', trackNumber: 2 },
            ],
          },
        },
      }),
    ),
    api.mutation(SubmitReleaseMutation, () => {
      submitted = true;
      return HttpResponse.json({ errors: [{ message: 'should not be called' }] });
    }),
  );
  renderEditor(editorRelease({ genreId: null, tracks: [t1, t2] }));

  await userEvent.click(await screen.findByRole('button', { name: 'Submit release' }));
  const issues = await screen.findByRole('region', { name: 'Fix these before you submit' });
  expect(within(issues).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
    'Genre is required',
    'Track 2: This ISRC is already used in this release',
  ]);
  const genre = within(screen.getByRole('form', { name: 'Release details' })).getByLabelText('Genre');
  expect(genre).toHaveAccessibleDescription('Genre is required');
  expect(screen.getByRole('list', { name: 'Problems with track 2' })).toHaveTextContent('This ISRC is already used in this release');
  expect(submitted).toBe(false);
});

test('a complete release is submitted and the confirmation opens', async () => {
  server.use(
    api.query(CheckReleaseQuery, () => HttpResponse.json({ data: { checkRelease: { releaseId: 'r1', ok: true, issues: [] } } })),
    api.mutation(SubmitReleaseMutation, () =>
      HttpResponse.json({ data: { submitRelease: { release: editorRelease({ status: 'OK', displayStatus: 'Pending', tracks: [t1] }) } } }),
    ),
  );
  const router = renderEditor(editorRelease({ tracks: [t1] }));
  await userEvent.click(await screen.findByRole('button', { name: 'Submit release' }));
  expect(await screen.findByText('Submitted page')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/releases/submitted');
});

test('says so when another tab or session holds the edit lock', async () => {
  renderEditor(editorRelease({ tracks: [t1] }), 'OTHER_SESSION');
  expect(await screen.findByText(/This release is open in another tab or session/)).toBeInTheDocument();
});

test('a live release can be taken down from its page; the badge follows the new status', async () => {
  const live = editorRelease({
    status: 'LIVE',
    displayStatus: 'Published',
    viewerCan: { edit: false, reopen: false, delete: false, takedown: true, viewTracks: true },
    tracks: [t1],
  });
  server.use(
    api.mutation(TakedownReleaseMutation, () =>
      // Typed handlers leave out __typename; the real API sends it, and the cache needs it to update Release:r1.
      HttpResponse.json({
        data: {
          takedownRelease: {
            release: {
              __typename: 'Release', id: 'r1', title: live.title, status: 'AWAITING_TAKEDOWN', comment: null, releaseDate: null, takedownDate: null,
              rejectDate: null, displayStatus: 'Published', releaseDateText: 'ASAP', artistName: 'Nova', trackCount: 1, coverArtUrl: null,
              viewerCan: { __typename: 'ReleaseViewerCan', edit: false, delete: false, takedown: false },
            },
          },
        },
      } as never),
    ),
  );
  renderEditor(live);
  await userEvent.click(await screen.findByRole('button', { name: 'Take down' }));
  await userEvent.click(within(screen.getByRole('dialog', { name: 'Take down this release?' })).getByRole('button', { name: 'Take down' }));
  expect(await screen.findByText('Takedown Submitted')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Take down' })).not.toBeInTheDocument();
});

test("a track save carries the release's cached version, so the server can refuse it when another tab changed the release", async () => {
  const sent: unknown[] = [];
  server.use(
    api.mutation(UpdateTrackMutation, ({ variables }) => {
      sent.push(variables.input);
      return HttpResponse.json({
        errors: [{ message: 'This release was changed in another tab or by someone else. Reload to see the latest version.', extensions: { code: 'CONFLICT', key: 'stale-version' } }],
      });
    }),
  );
  renderEditor(editorRelease({ version: 7, tracks: [t1] }));
  await userEvent.click(await screen.findByRole('button', { name: 'Edit track 1' }));
  const form = screen.getByRole('form', { name: 'Track 1 details' });
  await userEvent.clear(within(form).getByLabelText('Track title'));
  await userEvent.type(within(form).getByLabelText('Track title'), 'Renamed');
  await userEvent.click(within(form).getByRole('button', { name: 'Save track' }));
  await waitFor(() => expect(sent).toEqual([expect.objectContaining({ id: 't1', title: 'Renamed', version: 7 })]));
});

const credit = (id: string, artistName: string) => ({ __typename: 'ArtistCredit' as const, id, artistName, role: 'PRIMARY' as const, artistRelationTypeId: 1, trackId: null, position: 0 });
const STALE = 'This release was changed in another tab or by someone else. Reload to see the latest version.';

test('credit edits send the version this tab knows, one after another, so quick clicks do not refuse each other', async () => {
  const sent: unknown[] = [];
  let credits = [credit('c1', 'Nova'), credit('c2', 'Luna'), credit('c3', 'Kai')];
  let version = 3;
  let answerFirst!: () => void;
  const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve));
  server.use(
    api.mutation(RemoveArtistCreditMutation, async ({ variables }) => {
      sent.push(variables.input);
      if (sent.length === 1) await firstAnswered;
      credits = credits.filter((c) => c.id !== variables.input.id);
      version += 1;
      return HttpResponse.json({ data: { removeArtistCredit: { release: editorRelease({ version, credits }) } } });
    }),
  );
  renderEditor(editorRelease({ version: 3, credits }));
  await userEvent.click(await screen.findByRole('button', { name: 'Remove Nova' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  await userEvent.click(screen.getByRole('button', { name: 'Remove Luna' }));
  // The second removal waits for the first's answer (and the version it brings).
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(sent).toHaveLength(1);
  answerFirst();
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove Luna' })).not.toBeInTheDocument());
  expect(sent).toEqual([
    { id: 'c1', version: 3 },
    { id: 'c2', version: 4 },
  ]);
  expect(screen.getByRole('button', { name: 'Remove Kai' })).toBeInTheDocument();
});

test('a credit edit refused because another tab changed the release shows the server’s message, as a details save does', async () => {
  const sent: unknown[] = [];
  server.use(
    api.mutation(AddArtistCreditMutation, ({ variables }) => {
      sent.push(variables.input);
      return HttpResponse.json({ errors: [{ message: STALE, extensions: { code: 'CONFLICT', key: 'stale-version' } }] });
    }),
    api.mutation(UpdateReleaseMutation, ({ variables }) => {
      sent.push(variables.input);
      return HttpResponse.json({ errors: [{ message: STALE, extensions: { code: 'CONFLICT', key: 'stale-version' } }] });
    }),
  );
  renderEditor(editorRelease({ version: 9, credits: [credit('c1', 'Nova')] }));
  const input = await screen.findByRole('textbox', { name: 'Primary artists of the release' });
  await userEvent.type(input, 'Guest Star{Enter}');
  expect(await screen.findByRole('alert')).toHaveTextContent(STALE);
  expect(sent).toEqual([{ role: 'PRIMARY', artistName: 'Guest Star', releaseId: 'r1', version: 9 }]);

  const details = screen.getByRole('form', { name: 'Release details' });
  await userEvent.type(within(details).getByLabelText('Release title'), ' Deluxe');
  await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
  await waitFor(() => expect(screen.getAllByRole('alert').filter((a) => a.textContent?.includes(STALE))).toHaveLength(2));
  expect(sent[1]).toMatchObject({ id: 'r1', version: 9, title: 'Night Drive Deluxe' });
});
