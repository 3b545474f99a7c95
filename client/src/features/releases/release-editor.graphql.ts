/**
 * The editor's typed documents: one route query, and mutations that answer with the whole edited release.
 * The query and the fragments keep `@unmask` on the ReleaseEditor_* spreads: ReleaseEditor owns them all
 * (query and fragments), and its final-form forms take the release, its tracks and credits as plain
 * initial values (release-form.ts). The mutations spread ReleaseEditor_release masked: nobody reads their
 * answer, which lands in the cache the editor's query reads.
 */
import { graphql } from '../../gql';

export const ReleaseEditorCreditFragment = graphql(`
  fragment ReleaseEditor_credit on ArtistCredit {
    id
    artistName
    role
    artistRelationTypeId
    trackId
    position
  }
`);

export const ReleaseEditorTrackFragment = graphql(`
  fragment ReleaseEditor_track on Track {
    id
    title
    position
    isrc
    languageId
    genreId
    recordingVersionId
    isCover
    isRemix
    explicitLyrics
    audio {
      fileName
      durationMs
      sampleRate
      bitDepth
      channels
    }
    credits {
      ...ReleaseEditor_credit @unmask
    }
  }
`);

export const ReleaseEditorReleaseFragment = graphql(`
  fragment ReleaseEditor_release on Release {
    id
    version
    title
    genreId
    languageId
    catalogNumber
    upc
    releaseDate
    originalReleaseDate
    status
    comment
    takedownDate
    rejectDate
    displayStatus
    isDenied
    releaseDateText
    artistName
    coverArtUrl
    rejectionReasons
    trackCount
    territory {
      allowed
      countryCodes
      text
    }
    outlets {
      id
      uri
      name
    }
    viewerCan {
      edit
      reopen
      delete
      takedown
      viewTracks
    }
    credits {
      ...ReleaseEditor_credit @unmask
    }
    tracks {
      ...ReleaseEditor_track @unmask
    }
  }
`);

/** The release's version as the cache holds it: the one this tab's next edit sends. */
export const ReleaseEditorVersionFragment = graphql(`
  fragment ReleaseEditor_version on Release {
    version
  }
`);

export const ReleaseEditorQuery = graphql(`
  query ReleaseEditor($id: ID!) {
    release(id: $id) {
      ...ReleaseEditor_release @unmask
    }
    genres {
      id
      name
    }
    languages {
      id
      name
    }
    countries {
      code
      name
    }
    dsps {
      id
      uri
      name
    }
    clientConfig {
      hideDSPSelection
    }
  }
`);

export const CheckReleaseQuery = graphql(`
  query CheckRelease($id: ID!) {
    checkRelease(id: $id) {
      releaseId
      ok
      issues {
        field
        key
        message
        trackId
        trackNumber
      }
    }
  }
`);

export const UpdateReleaseMutation = graphql(`
  mutation UpdateRelease($input: UpdateReleaseInput!) {
    updateRelease(input: $input) {
      release {
        id
        ...ReleaseEditor_release
      }
    }
  }
`);

export const SubmitReleaseMutation = graphql(`
  mutation SubmitRelease($id: ID!) {
    submitRelease(input: { id: $id }) {
      release {
        id
        ...ReleaseEditor_release
      }
    }
  }
`);

export const ReopenReleaseMutation = graphql(`
  mutation ReopenRelease($id: ID!) {
    reopenRelease(input: { id: $id }) {
      release {
        id
        ...ReleaseEditor_release
      }
    }
  }
`);

export const UploadCoverArtMutation = graphql(`
  mutation UploadCoverArt($input: UploadCoverArtInput!) {
    uploadCoverArt(input: $input) {
      release {
        id
        ...ReleaseEditor_release
      }
    }
  }
`);

export const UploadTrackMutation = graphql(`
  mutation UploadTrack($input: UploadTrackInput!) {
    uploadTrack(input: $input) {
      track {
        id
      }
      release {
        id
        ...ReleaseEditor_release
      }
    }
  }
`);

export const UpdateTrackMutation = graphql(`
  mutation UpdateTrack($input: UpdateTrackInput!) {
    updateTrack(input: $input) {
      release {
        id
        ...ReleaseEditor_release
      }
    }
  }
`);

export const DeleteTrackMutation = graphql(`
  mutation DeleteTrack($input: DeleteTrackInput!) {
    deleteTrack(input: $input) {
      deletedTrackId
      release {
        id
        ...ReleaseEditor_release
      }
    }
  }
`);

export const ReorderTracksMutation = graphql(`
  mutation ReorderTracks($input: ReorderTracksInput!) {
    reorderTracks(input: $input) {
      release {
        id
        ...ReleaseEditor_release
      }
    }
  }
`);

export const AddArtistCreditMutation = graphql(`
  mutation AddArtistCredit($input: AddArtistCreditInput!) {
    addArtistCredit(input: $input) {
      release {
        id
        ...ReleaseEditor_release
      }
    }
  }
`);

export const RemoveArtistCreditMutation = graphql(`
  mutation RemoveArtistCredit($input: RemoveArtistCreditInput!) {
    removeArtistCredit(input: $input) {
      release {
        id
        ...ReleaseEditor_release
      }
    }
  }
`);

export const ApplyToAllTracksMutation = graphql(`
  mutation ApplyToAllTracks($input: ApplyToAllTracksInput!) {
    applyToAllTracks(input: $input) {
      release {
        id
        ...ReleaseEditor_release
      }
    }
  }
`);

export const AcquireReleaseLockMutation = graphql(`
  mutation AcquireReleaseLock($input: AcquireReleaseLockInput!) {
    acquireReleaseLock(input: $input) {
      locks {
        lockType
        acquired
        heldBy
        expiresAt
      }
    }
  }
`);
