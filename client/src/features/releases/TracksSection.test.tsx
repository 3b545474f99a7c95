import { jest } from '@jest/globals';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { File as NodeFile } from 'node:buffer';
import { ApolloProvider } from '@apollo/client/react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fragmentRef, GRAPHQL_URL } from '../../../test/graphql';
import { createApolloClient } from '../../lib/apollo';
import { editorRelease, editorTrack } from './__test-support__/editor-test-data';
import { TracksSection, TracksSectionReleaseFragment, type TracksSectionProps } from './TracksSection';

const tracks = [editorTrack({ id: 't1', title: 'One' }), editorTrack({ id: 't2', title: 'Two' }), editorTrack({ id: 't3', title: 'Three' })];

const release = editorRelease({ tracks });

/** Renders the section for a release whose tracks are in the cache, as the editor's query leaves them. */
function setup(props: Partial<TracksSectionProps> = {}) {
  const client = createApolloClient({ uri: GRAPHQL_URL });
  client.writeFragment({ fragment: TracksSectionReleaseFragment, data: release });
  const uploads: { name: string; progress: (p: { loaded: number; total: number }) => void; done: () => void; fail: (e: Error) => void }[] = [];
  const upload = jest.fn<TracksSectionProps['upload']>(
    (file, progress) =>
      new Promise((resolve, reject) => {
        uploads.push({ name: file.name, progress, done: () => resolve(undefined), fail: reject });
      }),
  );
  const reorder = jest.fn<TracksSectionProps['reorder']>().mockResolvedValue(undefined);
  const remove = jest.fn<TracksSectionProps['remove']>().mockResolvedValue(undefined);
  const onError = jest.fn<(m: string) => void>();
  render(
    <ApolloProvider client={client}>
      <TracksSection
        release={fragmentRef(release)}
        editable
        trackIssues={{ t2: ['Upload an audio file'] }}
        upload={upload}
        reorder={reorder}
        remove={remove}
        onError={onError}
        renderEditor={(track) => <p>Editing {track.title}</p>}
        {...props}
      />
    </ApolloProvider>,
  );
  return { upload, uploads, reorder, remove, onError, client };
}

const audio = (name: string, type = 'audio/wav') => new NodeFile(['RIFF'], name, { type }) as unknown as File;

test('moves tracks with keyboard-reachable buttons and saves the new order', async () => {
  const { reorder } = setup();
  expect(screen.getByRole('button', { name: 'Move One up' })).toBeDisabled();
  await userEvent.click(screen.getByRole('button', { name: 'Move One down' }));
  expect(reorder).toHaveBeenCalledWith(['t2', 't1', 't3']);
  expect(screen.getByText('One moved to position 2')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Move Three up' }));
  expect(reorder).toHaveBeenLastCalledWith(['t1', 't3', 't2']);
});

test('each audio file gets its own progress bar and goes up after the one before it; other types are refused', async () => {
  const { uploads, onError } = setup();
  await userEvent.upload(screen.getByLabelText('Choose audio files'), [audio('a.wav'), audio('b.flac', 'audio/flac'), audio('c.mp3', 'audio/mpeg')], { applyAccept: false });
  expect(onError).toHaveBeenCalledWith('c.mp3: only WAV or FLAC files can be uploaded.');
  // One at a time, in the order chosen: each answer then holds every track saved before it.
  await waitFor(() => expect(uploads.map((u) => u.name)).toEqual(['a.wav']));
  act(() => uploads[0]!.progress({ loaded: 50, total: 100 }));
  const barA = await screen.findByRole('progressbar', { name: 'Uploading a.wav' });
  await waitFor(() => expect(barA).toHaveAttribute('value', '50'));
  expect(screen.getByRole('progressbar', { name: 'Uploading b.flac' })).toHaveAttribute('value', '0');

  await act(async () => uploads[0]!.done());
  await waitFor(() => expect(uploads.map((u) => u.name)).toEqual(['a.wav', 'b.flac']));
  await act(async () => uploads[1]!.fail(new Error('The audio must be at least 44.1 kHz')));
  await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Uploading a.wav' })).not.toBeInTheDocument());
  expect(await screen.findByRole('alert')).toHaveTextContent('b.flac: The audio must be at least 44.1 kHz');
});

test('the pane opens one track and its CLOSE link closes it; check problems show per track', async () => {
  setup();
  expect(screen.getByRole('list', { name: 'Problems with track 2' })).toHaveTextContent('Upload an audio file');
  await userEvent.click(screen.getByRole('button', { name: 'Edit track 2' }));
  const pane = screen.getByRole('region', { name: 'Track 2: Two' });
  expect(within(pane).getByText('Editing Two')).toBeInTheDocument();
  await userEvent.click(within(pane).getByRole('button', { name: 'CLOSE' }));
  expect(screen.queryByRole('region', { name: 'Track 2: Two' })).not.toBeInTheDocument();
});

test('a failed upload does not hold back the files after it', async () => {
  const { uploads } = setup();
  await userEvent.upload(screen.getByLabelText('Choose audio files'), [audio('a.wav'), audio('b.wav')]);
  await waitFor(() => expect(uploads.map((u) => u.name)).toEqual(['a.wav']));
  await act(async () => uploads[0]!.fail(new Error('The audio must be at least 44.1 kHz')));
  await waitFor(() => expect(uploads.map((u) => u.name)).toEqual(['a.wav', 'b.wav']));
  expect(await screen.findByRole('alert')).toHaveTextContent('a.wav: The audio must be at least 44.1 kHz');
});

test('deletes a track', async () => {
  const { remove } = setup();
  await userEvent.click(screen.getByRole('button', { name: 'Delete Three' }));
  expect(remove).toHaveBeenCalledWith('t3');
});

test('a reorder or delete refused because another tab changed the release says so in the server’s words; other failures stay generic', async () => {
  const stale = 'This release was changed in another tab or by someone else. Reload to see the latest version.';
  const conflict = new CombinedGraphQLErrors({ data: null, errors: [{ message: stale, extensions: { code: 'CONFLICT', key: 'stale-version' } }] });
  const { reorder, remove, onError } = setup();
  reorder.mockRejectedValueOnce(conflict);
  await userEvent.click(screen.getByRole('button', { name: 'Move One down' }));
  await waitFor(() => expect(onError).toHaveBeenLastCalledWith(stale));
  remove.mockRejectedValueOnce(conflict);
  await userEvent.click(screen.getByRole('button', { name: 'Delete Three' }));
  await waitFor(() => expect(onError).toHaveBeenCalledTimes(2));
  expect(onError).toHaveBeenLastCalledWith(stale);
  remove.mockRejectedValueOnce(new Error('Failed to fetch'));
  await userEvent.click(screen.getByRole('button', { name: 'Delete Two' }));
  await waitFor(() => expect(onError).toHaveBeenLastCalledWith('The track was not deleted. Please try again.'));
});

test('reads its own fragment from the cache: a new order or a new track written there shows without new props', async () => {
  const { client } = setup();
  const titles = () => [...screen.getByRole('list', { name: 'Tracks in order' }).querySelectorAll('.track-item__title')].map((title) => title.textContent);
  expect(titles()).toEqual(['1. One', '2. Two', '3. Three']);
  const added = editorTrack({ id: 't4', title: 'Four', audio: { __typename: 'TrackAudio', fileName: 'four.wav', durationMs: 187_000 } as never });
  act(() => {
    client.writeFragment({ fragment: TracksSectionReleaseFragment, data: editorRelease({ tracks: [tracks[2]!, tracks[0]!, tracks[1]!, added] }) });
  });
  await waitFor(() => expect(titles()).toEqual(['1. Three', '2. One', '3. Two', '4. Four · 3:07 · four.wav']));
});
