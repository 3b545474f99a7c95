import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { api } from '../../../../test/graphql';
import { useMswServer } from '../../../../test/msw';
import { renderRoute } from '../../../../test/render-route';
import { AcknowledgeDeliveryMutation, AdminEditReleaseMutation, ApproveReleaseMutation, RejectReleaseMutation, ReleaseAuditLogQuery, ReviewQueueQuery, ReviewReleaseQuery } from '../console.graphql';
import type { ReleaseStatus } from '../../../gql/graphql';
import ReviewPage, { loader } from './ReviewPage';
import ReviewQueuePage, { loader as reviewQueueLoader } from './ReviewQueuePage';

const server = useMswServer();

function renderAt(path: string) {
  return renderRoute(<ReviewQueuePage />, { path: '/support/review', at: path, loader: reviewQueueLoader, routes: [{ path: '/support/review/:id', element: <ReviewPage />, loader }] });
}

const track = (n: number) => ({
  
  id: `t${n}`,
  number: n,
  title: `Song ${n}`,
  isrc: null,
  durationMs: 61_000,
  fileName: `song${n}.wav`,
  sampleRate: 44_100,
  bitDepth: 16,
  channels: 2,
  explicitLyrics: false,
  audioUrl: `/api/admin/tracks/t${n}/audio`,
  credits: [{ artistName: 'Nova Lane', role: 'PRIMARY' as const }],
});

type Delivery = { id: string; store: string; kind: 'INSERT' | 'UPDATE' | 'TAKEDOWN'; status: 'PENDING' | 'SENT' | 'ACKNOWLEDGED' | 'FAILED'; sentAt: string | null; acknowledgedAt: string | null; error: string | null };

const release = (status: ReleaseStatus, rejectionReasons: string[] = [], deliveries: Delivery[] = []) => ({
  // __typename lets Apollo match the fragments of the page's parts (facts, decision, deliveries, correction)
  __typename: 'ReviewRelease' as const,
  id: 'r1',
  title: 'Glass Horizon',
  status,
  version: 7,
  genre: 'Pop',
  language: 'English',
  upc: '859700000021',
  catalogNumber: null,
  labelName: 'Nova Lane Music',
  pLine: null,
  cLine: null,
  releaseDate: '2031-05-01',
  originalReleaseDate: null,
  territoryAllowed: false,
  territoryCountryCodes: ['CN'],
  submittedAt: '2031-01-01T10:00:00.000Z',
  coverUrl: '/api/admin/releases/r1/cover',
  coverWidth: 1600,
  coverHeight: 1600,
  outlets: ['Spotify'],
  rejectionReasons,
  deliveries,
  owner: { id: 'u1', email: 'nova@cadence.test', name: 'Nova Lane', artistName: 'Nova Lane' },
  credits: [{ artistName: 'Nova Lane', role: 'PRIMARY' as const }],
  checkIssues: [],
  transfer: null,
  tracks: [track(1), track(2)],
});

const emptyAudit = api.query(ReleaseAuditLogQuery, () => HttpResponse.json({ data: { releaseAuditLog: { hasMore: false, endCursor: null, events: [] } } }));

test('the queue lists releases oldest first with links to their review page, in a labelled scrolling region', async () => {
  server.use(
    api.query(ReviewQueueQuery, () =>
      HttpResponse.json({
        data: {
          reviewQueue: {
            
            totalCount: 1,
            hasMore: false,
            endCursor: 'r1',
            releases: [{ id: 'r1', title: 'Glass Horizon', submittedAt: '2031-01-01T10:00:00.000Z', releaseDate: null, coverUrl: '/api/admin/releases/r1/cover', owner: { id: 'u1', email: 'nova@cadence.test', artistName: 'Nova Lane' }, tracks: [{ id: 't1' }], checkIssues: [], transfer: null }],
          },
        },
      }),
    ),
  );
  renderAt('/support/review');
  expect(await screen.findByRole('link', { name: 'Glass Horizon' })).toHaveAttribute('href', '/support/review/r1');
  expect(screen.getByText('1 release waits for review.')).toBeInTheDocument();
  const region = screen.getByRole('region', { name: 'Waiting for review, oldest first' });
  expect(region).toHaveAttribute('tabindex', '0');
  expect(within(region).getByText('Passes')).toBeInTheDocument();
  expect(region.querySelector('img')).toHaveAttribute('src', '/api/admin/releases/r1/cover');
});

test('the review page shows cover, facts and a player per track, and approving shows Approved', async () => {
  let approved: unknown;
  let current = release('VALIDATED');
  server.use(
    emptyAudit,
    api.query(ReviewReleaseQuery, () => HttpResponse.json({ data: { reviewRelease: current } })),
    api.mutation(ApproveReleaseMutation, ({ variables }) => {
      approved = variables.input;
      current = release('APPROVED');
      return HttpResponse.json({ data: { approveRelease: { release: { id: 'r1', status: 'APPROVED', version: 8, rejectionReasons: [] } } } });
    }),
  );
  const user = userEvent.setup();
  renderAt('/support/review/r1');
  expect(await screen.findByRole('heading', { level: 1, name: 'Review: Glass Horizon' })).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Cover art of Glass Horizon (1600×1600 px)' })).toHaveAttribute('src', '/api/admin/releases/r1/cover');
  expect(screen.getByText('Everywhere except CN')).toBeInTheDocument();
  const player = screen.getByLabelText('Play track 2: Song 2');
  expect(player.tagName).toBe('AUDIO');
  expect(player).toHaveAttribute('src', '/api/admin/tracks/t2/audio');
  expect(screen.getAllByText('1:01')).toHaveLength(2);
  await user.click(screen.getByRole('button', { name: 'Approve release' }));
  expect(await screen.findByText('Approved: the release is queued for delivery.')).toBeInTheDocument();
  expect(approved).toEqual({ releaseId: 'r1', version: 7 });
  expect(await screen.findByText('Approved')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Approve release' })).toBeNull();
});

test('rejecting needs a reason (announced), then sends release-level and per-track reasons', async () => {
  let sent: unknown;
  let current = release('VALIDATED');
  server.use(
    emptyAudit,
    api.query(ReviewReleaseQuery, () => HttpResponse.json({ data: { reviewRelease: current } })),
    api.mutation(RejectReleaseMutation, ({ variables }) => {
      sent = variables.input;
      current = release('REJECTED', ['Cover is blurry', 'Track 2: Clipping']);
      return HttpResponse.json({ data: { rejectRelease: { release: { id: 'r1', status: 'REJECTED', version: 8, rejectionReasons: current.rejectionReasons } } } });
    }),
  );
  const user = userEvent.setup();
  renderAt('/support/review/r1');
  await user.click(await screen.findByRole('button', { name: 'Reject release' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Give at least one reason');
  expect(sent).toBeUndefined();
  await user.type(screen.getByLabelText('Reason for the whole release'), 'Cover is blurry');
  await user.type(screen.getByLabelText('Reason for track 2: Song 2'), 'Clipping');
  await user.click(screen.getByRole('button', { name: 'Reject release' }));
  expect(await screen.findByText('Rejected: the artist sees the reasons on their release.')).toBeInTheDocument();
  expect(sent).toEqual({ releaseId: 'r1', version: 7, reasons: [{ reason: 'Cover is blurry' }, { trackId: 't2', reason: 'Clipping' }] });
  expect(await screen.findByText('Track 2: Clipping')).toBeInTheDocument();
});

test("the API's refusal is announced", async () => {
  server.use(
    emptyAudit,
    api.query(ReviewReleaseQuery, () => HttpResponse.json({ data: { reviewRelease: release('VALIDATED') } })),
    api.mutation(ApproveReleaseMutation, () => HttpResponse.json({ data: null, errors: [{ message: 'Only a release waiting for review can be approved (this one is APPROVED)', extensions: { code: 'CONFLICT' } }] })),
  );
  const user = userEvent.setup();
  renderAt('/support/review/r1');
  await user.click(await screen.findByRole('button', { name: 'Approve release' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Only a release waiting for review can be approved');
});

test('staff correct metadata: only the changed fields are sent, with the version reviewed', async () => {
  let sent: unknown;
  server.use(
    emptyAudit,
    api.query(ReviewReleaseQuery, () => HttpResponse.json({ data: { reviewRelease: release('VALIDATED') } })),
    api.mutation(AdminEditReleaseMutation, ({ variables }) => {
      sent = variables.input;
      return HttpResponse.json({ data: { adminEditRelease: { release: { id: 'r1', title: 'Glass Horizons', status: 'VALIDATED', version: 9, catalogNumber: null, upc: '859700000021', releaseDate: '2031-05-01', originalReleaseDate: null } } } });
    }),
  );
  const user = userEvent.setup();
  renderAt('/support/review/r1');
  const form = await screen.findByRole('form', { name: 'Correct metadata' });
  await user.click(within(form).getByRole('button', { name: 'Save correction' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent('Nothing to change');
  await user.type(within(form).getByLabelText('Title'), 's');
  await user.click(within(form).getByRole('button', { name: 'Save correction' }));
  expect(await screen.findByText('Corrected: one field.')).toBeInTheDocument();
  expect(sent).toEqual({ releaseId: 'r1', version: 7, title: 'Glass Horizons' });
});

test('staff mark a sent delivery acknowledged from the review page; a failure is announced', async () => {
  const sent: Delivery = { id: 'd1', store: 'Spotify', kind: 'INSERT', status: 'SENT', sentAt: '2031-01-02T10:00:00.000Z', acknowledgedAt: null, error: null };
  let current = release('DELIVERED', [], [sent]);
  let calls = 0;
  server.use(
    emptyAudit,
    api.query(ReviewReleaseQuery, () => HttpResponse.json({ data: { reviewRelease: current } })),
    api.mutation(AcknowledgeDeliveryMutation, ({ variables }) => {
      calls += 1;
      if (calls === 1) return HttpResponse.json({ errors: [{ message: 'Only a sent delivery can be marked acknowledged', extensions: { code: 'CONFLICT' } }] });
      expect(variables.input).toEqual({ deliveryId: 'd1' });
      current = release('LIVE', [], [{ ...sent, status: 'ACKNOWLEDGED', acknowledgedAt: '2031-01-03T10:00:00.000Z' }]);
      return HttpResponse.json({ data: { acknowledgeDelivery: { delivery: { id: 'd1', status: 'ACKNOWLEDGED', acknowledgedAt: '2031-01-03T10:00:00.000Z' } } } });
    }),
  );
  const user = userEvent.setup();
  renderAt('/support/review/r1');
  const deliveries = await screen.findByRole('region', { name: 'Deliveries' });
  expect(within(deliveries).getByText(/Spotify: Insert, Sent/)).toBeInTheDocument();
  const button = within(deliveries).getByRole('button', { name: 'Mark acknowledged: Spotify (Insert)' });
  button.focus();
  await user.keyboard('{Enter}');
  expect(await screen.findByRole('alert')).toHaveTextContent('Only a sent delivery can be marked acknowledged');
  await user.click(button);
  expect(await screen.findByText('Marked acknowledged: Spotify.')).toBeInTheDocument();
  expect(await within(deliveries).findByText(/Spotify: Insert, Acknowledged/)).toBeInTheDocument();
  expect(within(deliveries).queryByRole('button')).toBeNull();
});

test('the Transfers view lists IMPORTING releases with their previous distributor and any code conflict', async () => {
  const asked: unknown[] = [];
  const row = (id: string, title: string, transfer: { previousDistributor: string; review: 'PENDING' | 'CODE_CONFLICT' | 'APPROVED' } | null) => ({
    id,
    title,
    submittedAt: '2031-01-01T10:00:00.000Z',
    releaseDate: null,
    coverUrl: null,
    owner: { id: 'u1', email: 'nova@cadence.test', artistName: 'Nova Lane' },
    tracks: [{ id: 't1' }],
    checkIssues: [],
    transfer,
  });
  server.use(
    api.query(ReviewQueueQuery, ({ variables }) => {
      asked.push(variables.input?.status);
      const releases =
        variables.input?.status === 'IMPORTING'
          ? [row('r2', 'Old Roads', { previousDistributor: 'TuneWave', review: 'CODE_CONFLICT' }), row('r3', 'Paper Moon', { previousDistributor: 'SoundPort', review: 'PENDING' })]
          : [row('r1', 'Glass Horizon', null)];
      return HttpResponse.json({ data: { reviewQueue: { totalCount: releases.length, hasMore: false, endCursor: null, releases } } });
    }),
  );
  const user = userEvent.setup();
  renderAt('/support/review');
  expect(await screen.findByRole('link', { name: 'Glass Horizon' })).toBeInTheDocument();
  const transfers = screen.getByRole('button', { name: 'Transfers' });
  expect(transfers).toHaveAttribute('aria-pressed', 'false');
  expect(screen.queryByRole('columnheader', { name: 'Transfer' })).toBeNull();
  transfers.focus();
  await user.keyboard('{Enter}');
  expect(await screen.findByRole('link', { name: 'Old Roads' })).toHaveAttribute('href', '/support/review/r2');
  expect(transfers).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('button', { name: 'New releases' })).toHaveAttribute('aria-pressed', 'false');
  expect(asked).toEqual(['VALIDATED', 'IMPORTING']);
  expect(screen.getByText('2 releases wait for review.')).toBeInTheDocument();
  expect(screen.getByRole('columnheader', { name: 'Transfer' })).toBeInTheDocument();
  expect(screen.getByRole('cell', { name: 'From TuneWave · code conflict' })).toBeInTheDocument();
  expect(screen.getByRole('cell', { name: 'From SoundPort' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Glass Horizon' })).toBeNull();
});

test('the loader preloads the view named in the address (?view=transfers) before the page shows', async () => {
  const asked: unknown[] = [];
  server.use(
    api.query(ReviewQueueQuery, ({ variables }) => {
      asked.push(variables.input?.status);
      return HttpResponse.json({ data: { reviewQueue: { totalCount: 0, hasMore: false, endCursor: null, releases: [] } } });
    }),
  );
  renderAt('/support/review?view=transfers');
  expect(await screen.findByText('0 releases wait for review.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Transfers' })).toHaveAttribute('aria-pressed', 'true');
  expect(asked).toEqual(['IMPORTING']);
});

test('a transfer under review names its distributor and each code conflict with the other account; approving it sends its codes on', async () => {
  let approved: unknown;
  const transfer = {
    previousDistributor: 'TuneWave',
    liveStores: ['Spotify'],
    review: 'CODE_CONFLICT' as const,
    conflicts: [
      { kind: 'UPC' as const, code: '859700000021', reason: 'IN_USE' as const, otherUserId: 'u9' },
      { kind: 'ISRC' as const, code: 'QZABC2400001', reason: 'OWN_PREFIX' as const, otherUserId: null },
    ],
  };
  server.use(
    emptyAudit,
    api.query(ReviewReleaseQuery, () => HttpResponse.json({ data: { reviewRelease: { ...release('IMPORTING'), transfer } } })),
    api.mutation(ApproveReleaseMutation, ({ variables }) => {
      approved = variables.input;
      return HttpResponse.json({ data: { approveRelease: { release: { id: 'r1', status: 'APPROVED', version: 8, rejectionReasons: [] } } } });
    }),
  );
  const user = userEvent.setup();
  renderAt('/support/review/r1');
  const section = await screen.findByRole('region', { name: 'Transfer' });
  expect(section).toHaveTextContent('From TuneWave, live at Spotify. Approving sends it to the stores with its original codes.');
  const conflicts = within(section).getAllByRole('listitem');
  expect(conflicts.map((c) => c.textContent)).toEqual(['UPC 859700000021: used by another account (that account)', 'ISRC QZABC2400001: issued by us']);
  expect(within(conflicts[0]!).getByRole('link', { name: 'that account' })).toHaveAttribute('href', '/support/users/u9');
  await user.click(screen.getByRole('button', { name: 'Approve release' }));
  expect(await screen.findByText('Approved: the release is queued for delivery.')).toBeInTheDocument();
  expect(approved).toEqual({ releaseId: 'r1', version: 7 });
});
