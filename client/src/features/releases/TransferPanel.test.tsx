import { ApolloProvider } from '@apollo/client/react';
import { jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { TRANSFER_KEEP_LIVE_NOTICE } from '@cadence/domain/transfer';
import { api, GRAPHQL_URL } from '../../../test/graphql';
import { useMswServer } from '../../../test/msw';
import { createApolloClient } from '../../lib/apollo';
import type { ReleaseStatus, ReleaseTransferQuery as ReleaseTransferData, SubmitTransferMutation as SubmitTransferData } from '../../gql/graphql';
import { ReleaseTransferQuery, SubmitTransferMutation, TransferPanel } from './TransferPanel';

const server = useMswServer();
// userEvent types every character; on a busy shared machine a form of codes takes seconds.
jest.setTimeout(30_000);

type Transfer = { previousDistributor: string; liveStores: string[]; review: 'PENDING' | 'CODE_CONFLICT' | 'APPROVED'; notice: string };

const tracks = [
  { id: 't1', title: 'Glass Horizon', isrc: null },
  { id: 't2', title: 'Tin Roof', isrc: 'GBAYE0000001' },
];

function answer(status: ReleaseStatus, transfer: Transfer | null) {
  // With __typename, as the API sends it: the cache then shares Release:r1 with the mutation's answer.
  const release = { __typename: 'Release', id: 'r1', status, transfer: transfer && { __typename: 'ReleaseTransfer', ...transfer } };
  server.use(api.query(ReleaseTransferQuery, () => HttpResponse.json({ data: { release } as ReleaseTransferData })));
}

function renderPanel(editable = true) {
  const onDone = jest.fn();
  render(
    <ApolloProvider client={createApolloClient({ uri: GRAPHQL_URL })}>
      <TransferPanel releaseId="r1" version={4} editable={editable} tracks={tracks} onDone={onDone} />
    </ApolloProvider>,
  );
  return onDone;
}

/** Opens the panel and gives the release's own codes, date and previous distributor. */
async function fillTransfer(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('checkbox', { name: 'This release is already in stores' }));
  await user.type(screen.getByLabelText('Existing UPC/EAN'), '859700000021');
  await user.type(screen.getByLabelText('Original release date'), '2019-03-01');
  await user.type(screen.getByLabelText('Previous distributor'), 'TuneWave');
}

/** The mutation's answer as the API sends it, with __typename (so the cache stores it; the generated types leave it out). */
const submitted = {
  __typename: 'Release',
  id: 'r1',
  version: 5,
  status: 'IMPORTING',
  displayStatus: 'Importing',
  upc: '859700000021',
  originalReleaseDate: '2019-03-01',
  viewerCan: { __typename: 'ReleaseAbilities', edit: false, delete: false, takedown: false, viewTracks: true },
  tracks: [
    { __typename: 'Track', id: 't1', isrc: 'USRC17607839' },
    { __typename: 'Track', id: 't2', isrc: 'GBAYE0000001' },
  ],
  transfer: { __typename: 'ReleaseTransfer', previousDistributor: 'TuneWave', liveStores: ['Spotify', 'Deezer'], review: 'PENDING', notice: TRANSFER_KEEP_LIVE_NOTICE },
} as unknown as SubmitTransferData['submitTransfer']['release'];

test('"This release is already in stores" opens from the keyboard; missing and wrong codes are announced per field and nothing is sent', async () => {
  let calls = 0;
  answer('NOT_COMPLETED', null);
  server.use(
    api.mutation(SubmitTransferMutation, () => {
      calls += 1;
      return HttpResponse.json({ data: null });
    }),
  );
  const user = userEvent.setup();
  renderPanel();
  const toggle = await screen.findByRole('checkbox', { name: 'This release is already in stores' });
  expect(screen.queryByLabelText('Existing UPC/EAN')).toBeNull();
  await user.tab();
  expect(toggle).toHaveFocus();
  await user.keyboard(' ');
  expect(screen.getByText(TRANSFER_KEEP_LIVE_NOTICE)).toBeInTheDocument();
  // The existing ISRC of track 2 is offered as it is.
  expect(screen.getByLabelText('ISRC of track 2 (Tin Roof)')).toHaveValue('GBAYE0000001');

  await user.click(screen.getByRole('button', { name: 'Submit as a transfer' }));
  const upc = screen.getByLabelText('Existing UPC/EAN');
  expect(upc).toHaveAttribute('aria-invalid', 'true');
  expect(upc).toHaveAccessibleDescription('A release already in stores needs its UPC/EAN');
  expect(screen.getByLabelText('Original release date')).toHaveAccessibleDescription('Give the original release date');
  expect(screen.getByLabelText('Previous distributor')).toHaveAccessibleDescription('Name your previous distributor');
  expect(screen.getByLabelText('ISRC of track 1 (Glass Horizon)')).toHaveAccessibleDescription('Each track of a release already in stores needs its ISRC');
  expect(screen.getByLabelText('ISRC of track 2 (Tin Roof)')).not.toHaveAttribute('aria-invalid');
  expect(screen.getAllByRole('alert')).toHaveLength(4);

  await user.type(upc, '859700000022');
  await user.type(screen.getByLabelText('ISRC of track 1 (Glass Horizon)'), 'US-RC1');
  await user.click(screen.getByRole('button', { name: 'Submit as a transfer' }));
  expect(upc).toHaveAccessibleDescription('The UPC/EAN check digit is wrong');
  expect(screen.getByLabelText('ISRC of track 1 (Glass Horizon)')).toHaveAccessibleDescription('ISRC must look like CC-XXX-YY-NNNNN');
  expect(calls).toBe(0);
});

test('valid codes are submitted as a transfer with every track, and the editor is told', async () => {
  let sent: unknown;
  answer('NOT_COMPLETED', null);
  server.use(
    api.mutation(SubmitTransferMutation, ({ variables }) => {
      sent = variables.input;
      return HttpResponse.json({ data: { submitTransfer: { release: submitted } } });
    }),
  );
  const user = userEvent.setup();
  const onDone = renderPanel();
  await fillTransfer(user);
  await user.type(screen.getByLabelText('Where it is live'), 'Spotify, Deezer,');
  await user.type(screen.getByLabelText('ISRC of track 1 (Glass Horizon)'), 'USRC17607839');
  await user.click(screen.getByRole('button', { name: 'Submit as a transfer' }));
  await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
  expect(sent).toEqual({
    releaseId: 'r1',
    version: 4,
    upc: '859700000021',
    originalReleaseDate: '2019-03-01',
    previousDistributor: 'TuneWave',
    liveStores: ['Spotify', 'Deezer'],
    tracks: [
      { trackId: 't1', isrc: 'USRC17607839' },
      { trackId: 't2', isrc: 'GBAYE0000001' },
    ],
  });
  // The mutation's answer fills the cached release: the panel now shows the transfer, codes locked.
  expect(await screen.findByRole('heading', { name: 'Transfer from TuneWave' })).toBeInTheDocument();
  expect(screen.queryByRole('checkbox')).toBeNull();
});

test("the API's refusal (a code another account holds) is announced and the form stays", async () => {
  answer('NOT_COMPLETED', null);
  server.use(api.mutation(SubmitTransferMutation, () => HttpResponse.json({ data: null, errors: [{ message: 'This release changed since you opened it', extensions: { code: 'CONFLICT' } }] })));
  const user = userEvent.setup();
  const onDone = renderPanel();
  await fillTransfer(user);
  await user.type(screen.getByLabelText('ISRC of track 1 (Glass Horizon)'), 'USRC17607839');
  await user.click(screen.getByRole('button', { name: 'Submit as a transfer' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('This release changed since you opened it');
  expect(onDone).not.toHaveBeenCalled();
  expect(screen.getByLabelText('Existing UPC/EAN')).toHaveValue('859700000021');
});

test('a submitted transfer shows its distributor, the keep-it-live notice, where it is live and the review state', async () => {
  answer('IMPORTING', { previousDistributor: 'TuneWave', liveStores: ['Spotify', 'Deezer'], review: 'CODE_CONFLICT', notice: TRANSFER_KEEP_LIVE_NOTICE });
  renderPanel(false);
  expect(await screen.findByRole('heading', { name: 'Transfer from TuneWave' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent(TRANSFER_KEEP_LIVE_NOTICE);
  expect(screen.getByText('Our team is checking the codes: one of them is already known to us.')).toBeInTheDocument();
  expect(screen.getByText('Live at: Spotify, Deezer')).toBeInTheDocument();
  expect(screen.queryByRole('checkbox')).toBeNull();
});

test('nothing is offered for a release already past the draft', async () => {
  let answered = 0;
  server.use(
    api.query(ReleaseTransferQuery, () => {
      answered += 1;
      return HttpResponse.json({ data: { release: { id: 'r1', status: 'VALIDATED', transfer: null } } });
    }),
  );
  const { container } = render(
    <ApolloProvider client={createApolloClient({ uri: GRAPHQL_URL })}>
      <TransferPanel releaseId="r1" version={4} editable tracks={tracks} onDone={() => undefined} />
    </ApolloProvider>,
  );
  await waitFor(() => expect(answered).toBe(1));
  await new Promise((r) => setTimeout(r, 20));
  expect(container).toBeEmptyDOMElement();
});
