import { jest } from '@jest/globals';
import { ApolloProvider } from '@apollo/client/react';
import { ISRC_DUPLICATE } from '@cadence/domain/track-rules';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fragmentRef, GRAPHQL_URL } from '../../../test/graphql';
import { createApolloClient } from '../../lib/apollo';
import { editorTrack, type EditorTrack } from './__test-support__/editor-test-data';
import { TrackEditor, TrackEditorTrackFragment, type TrackEditorProps } from './TrackEditor';

const first = editorTrack({ id: 't1', title: 'First Song', isrc: 'USCAD2600001' });
const second = editorTrack({ id: 't2', title: 'Second Song' });

/** Renders the pane for `track` (the second track unless told), read from a cache that holds the tracks as the editor's query leaves them. */
function setup({ track = second, ...props }: Partial<Omit<TrackEditorProps, 'track'>> & { track?: EditorTrack } = {}) {
  const client = createApolloClient({ uri: GRAPHQL_URL });
  for (const t of [first, track]) client.writeFragment({ fragment: TrackEditorTrackFragment, data: t });
  const actions = {
    saveTrack: jest.fn<TrackEditorProps['actions']['saveTrack']>().mockResolvedValue({} as never),
    addCredit: jest.fn<TrackEditorProps['actions']['addCredit']>().mockResolvedValue({} as never),
    removeCredit: jest.fn<TrackEditorProps['actions']['removeCredit']>().mockResolvedValue({} as never),
    applyToAll: jest.fn<TrackEditorProps['actions']['applyToAll']>().mockResolvedValue({} as never),
  };
  const onError = jest.fn<(message: string) => void>();
  render(
    <ApolloProvider client={client}>
      <TrackEditor
        track={fragmentRef(track)}
        tracks={[first, track]}
        languages={[
          { id: 'EN', name: 'English' },
          { id: 'FR', name: 'French' },
        ]}
        primaryArtists={['Nova']}
        issues={{}}
        editable
        actions={actions}
        onError={onError}
        {...props}
      />
    </ApolloProvider>,
  );
  return { actions, onError, client, form: screen.getByRole('form', { name: /Track \d details/ }) };
}

test('an ISRC already used by an earlier track is refused with the duplicate message and not saved', async () => {
  const { actions, form } = setup();
  const isrc = within(form).getByLabelText('ISRC');
  await userEvent.type(isrc, 'us-cad-26-00001');
  expect(within(form).getByRole('alert')).toHaveTextContent(ISRC_DUPLICATE.message);
  expect(isrc).toHaveAttribute('aria-invalid', 'true');
  await userEvent.click(within(form).getByRole('button', { name: 'Save track' }));
  expect(actions.saveTrack).not.toHaveBeenCalled();

  await userEvent.clear(isrc);
  await userEvent.type(isrc, 'US-CAD-26-00002');
  expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
});

test('a title over 200 characters is refused with the length message and not saved', async () => {
  const { actions, form } = setup();
  const title = within(form).getByLabelText('Track title');
  await userEvent.clear(title);
  await userEvent.click(title);
  await userEvent.paste('t'.repeat(201));
  expect(within(form).getByRole('alert')).toHaveTextContent('Length should be less or equal to 200');
  await userEvent.click(within(form).getByRole('button', { name: 'Save track' }));
  expect(actions.saveTrack).not.toHaveBeenCalled();
});

test('an ISRC with the wrong shape gets the pattern message', async () => {
  const { form } = setup();
  await userEvent.type(within(form).getByLabelText('ISRC'), 'US-12');
  expect(within(form).getByRole('alert')).toHaveTextContent('ISRC must look like CC-XXX-YY-NNNNN');
});

test('saves the track: a live recording is 2414, an empty ISRC is left for assignment', async () => {
  const { actions, form } = setup();
  await userEvent.clear(within(form).getByLabelText('Track title'));
  await userEvent.type(within(form).getByLabelText('Track title'), 'Second Song (Live)');
  await userEvent.click(within(form).getByLabelText('Live recording'));
  await userEvent.click(within(form).getByLabelText('Explicit lyrics'));
  await userEvent.selectOptions(within(form).getByLabelText('Language'), 'FR');
  await userEvent.click(within(form).getByRole('button', { name: 'Save track' }));
  expect(actions.saveTrack).toHaveBeenCalledWith({
    id: 't2',
    title: 'Second Song (Live)',
    isrc: null,
    recordingVersionId: 2414,
    isCover: false,
    isRemix: false,
    languageId: 'FR',
    explicitLyrics: true,
  });
});

test('shows the problem the server check reported for the field until it is edited', async () => {
  const { form } = setup({ issues: { isrc: 'This ISRC is already used in this release' } });
  expect(within(form).getByRole('alert')).toHaveTextContent('This ISRC is already used in this release');
});

test('credits go through the artist inputs; a remix title asks for a remixer', async () => {
  const remix = editorTrack({ id: 't2', title: 'Second Song (Remix)', isRemix: true });
  const { actions } = setup({ track: remix, tracks: [first, remix] });
  expect(screen.getByText('Remixer must be added for this remix.')).toBeInTheDocument();
  const featured = screen.getByRole('textbox', { name: 'Featured artists' });
  await userEvent.type(featured, 'Guest Star,');
  expect(actions.addCredit).toHaveBeenLastCalledWith('FEATURED', 'Guest Star', 't2');
  await userEvent.click(featured);
  await userEvent.paste('Other Guest, Third Guest');
  await userEvent.keyboard('{Enter}');
  expect(actions.addCredit).toHaveBeenLastCalledWith('FEATURED', 'Other Guest, Third Guest', 't2');
  // The release's primary artist cannot be credited again as featured.
  await userEvent.type(featured, 'Nova{Enter}');
  expect(screen.getByText('Artist already exists in artists list.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'APPLY TO ALL TRACKS IN RELEASE' }));
  expect(actions.applyToAll).toHaveBeenCalledWith('t2');
});

test('read-only when the release cannot be edited', () => {
  setup({ editable: false });
  expect(screen.getByLabelText('ISRC')).toBeDisabled();
  expect(screen.getByRole('textbox', { name: 'Composers' })).toBeDisabled();
  expect(screen.queryByRole('button', { name: 'Save track' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'APPLY TO ALL TRACKS IN RELEASE' })).toBeDisabled();
});

test('reads its own fragment from the cache: a credit or a saved title written there shows without new props', async () => {
  const { client, form } = setup();
  expect(within(form).getByLabelText('Track title')).toHaveValue('Second Song');
  act(() => {
    client.writeFragment({
      fragment: TrackEditorTrackFragment,
      data: { ...second, title: 'Second Song (Edit)', credits: [{ id: 'c9', artistName: 'Guest Star', role: 'FEATURED', artistRelationTypeId: 12 }] },
    });
  });
  await waitFor(() => expect(within(form).getByLabelText('Track title')).toHaveValue('Second Song (Edit)'));
  expect(screen.getByRole('button', { name: 'Remove Guest Star' })).toBeInTheDocument();
});
