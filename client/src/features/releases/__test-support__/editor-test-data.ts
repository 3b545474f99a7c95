import type { ReleaseEditor_ReleaseFragment, ReleaseStatusActions_ReleaseFragment, TrackEditor_TrackFragment, TracksSection_ReleaseFragment } from '../../../gql/graphql';

/** A fragment's own fields, without the markers of the fragments it spreads. */
type Fields<T> = Omit<T, ' $fragmentRefs' | ' $fragmentName'>;

/** One track as the API answers the editor's query: the editor's, the track list's and the track pane's fields. */
export type EditorTrack = Fields<ReleaseEditor_ReleaseFragment['tracks'][number]> & Fields<TrackEditor_TrackFragment> & TracksSection_ReleaseFragment['tracks'][number] & { __typename: 'Track' };

/** The release as the API answers the editor's query: every component's fragment, unmasked. */
export type EditorRelease = Omit<Fields<ReleaseEditor_ReleaseFragment>, 'tracks' | 'viewerCan'> & {
  __typename: 'Release';
  viewerCan: ReleaseEditor_ReleaseFragment['viewerCan'] & ReleaseStatusActions_ReleaseFragment['viewerCan'];
  tracks: EditorTrack[];
};

/** A track as the editor's components read it, for component tests. */
export function editorTrack(overrides: Partial<EditorTrack> = {}): EditorTrack {
  return {
    __typename: 'Track',
    id: 't1',
    title: 'First Song',
    isrc: null,
    languageId: 'EN',
    recordingVersionId: 2430,
    isCover: false,
    isRemix: false,
    explicitLyrics: false,
    audio: null,
    credits: [],
    ...overrides,
  };
}

/** A release as the editor's components read it, for component tests. */
export function editorRelease(overrides: Partial<EditorRelease> = {}): EditorRelease {
  return {
    __typename: 'Release',
    id: 'r1',
    version: 3,
    title: 'Night Drive',
    genreId: '2751',
    languageId: 'EN',
    catalogNumber: null,
    upc: null,
    releaseDate: null,
    originalReleaseDate: null,
    status: 'NOT_COMPLETED',
    comment: null,
    takedownDate: null,
    rejectDate: null,
    displayStatus: 'Draft',
    isDenied: false,
    releaseDateText: 'ASAP',
    artistName: 'Nova',
    coverArtUrl: null,
    rejectionReasons: [],
    trackCount: 0,
    territory: { allowed: null, countryCodes: [], text: 'Worldwide' },
    outlets: [],
    viewerCan: { edit: true, reopen: false, delete: true, takedown: false, viewTracks: false },
    credits: [],
    tracks: [],
    ...overrides,
  };
}
