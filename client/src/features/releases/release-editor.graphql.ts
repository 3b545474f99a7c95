/**
 * The editor's typed documents: one route query, and mutations that answer with the whole edited release.
 * Each component reads its own fragment with useFragment: ReleaseEditor_release (the editor itself:
 * details form, summary, credits, the tracks' identity for the duplicate rules and the transfer) and
 * the fragments it spreads, declared beside their components: TracksSection_release,
 * TrackEditor_track, ReleaseStatusActions_release. The mutations spread ReleaseEditor_release masked:
 * nobody reads their answer, which lands in the cache the components read.
 */
import { graphql } from '../../gql';

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
    # comment and the dates feed the cache's displayStatus and isDenied (cache-policies.ts); trackCount
    # keeps the release list current after an upload or a deletion made here.
    comment
    takedownDate
    rejectDate
    trackCount
    displayStatus
    isDenied
    releaseDateText
    artistName
    coverArtUrl
    rejectionReasons
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
      viewTracks
    }
    credits {
      id
      artistName
      artistRelationTypeId
    }
    tracks {
      id
      title
      isrc
      ...TrackEditor_track
    }
    ...TracksSection_release
    ...ReleaseStatusActions_release
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
      id
      ...ReleaseEditor_release
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
