import type { ReleaseEditor_ReleaseFragment, ReleaseEditor_TrackFragment } from '../../../gql/graphql';

/** A track as the editor reads it, for component tests. */
export function editorTrack(overrides: Partial<ReleaseEditor_TrackFragment> = {}): ReleaseEditor_TrackFragment & { __typename: 'Track' } {
  return {
    __typename: 'Track',
    id: 't1',
    title: 'First Song',
    position: 0,
    isrc: null,
    languageId: 'EN',
    genreId: null,
    recordingVersionId: 2430,
    isCover: false,
    isRemix: false,
    explicitLyrics: false,
    audio: null,
    credits: [],
    ...overrides,
  };
}

/** A release as the editor reads it, for component tests. */
export function editorRelease(overrides: Partial<ReleaseEditor_ReleaseFragment> = {}): ReleaseEditor_ReleaseFragment & { __typename: 'Release' } {
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
