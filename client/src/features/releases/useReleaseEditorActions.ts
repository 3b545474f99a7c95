import { useMutation } from '@apollo/client/react';
import type { ArtistRole, UpdateReleaseInput, UpdateTrackInput } from '../../gql/graphql';
import type { UploadContext } from '../../app/upload-link';
import {
  AddArtistCreditMutation,
  ApplyToAllTracksMutation,
  DeleteTrackMutation,
  RemoveArtistCreditMutation,
  ReorderTracksMutation,
  SubmitReleaseMutation,
  UpdateReleaseMutation,
  UpdateTrackMutation,
  UploadCoverArtMutation,
  UploadTrackMutation,
} from './release-editor.graphql';

type Progress = NonNullable<UploadContext['onUploadProgress']>;

/**
 * The editor's writes. Every mutation answers with the whole edited release (ReleaseEditor_release),
 * so the normalised cache, and every view of the release, is current without a refetch. Track saves
 * carry the release's cached `version`, so a change made in another tab is refused rather than overwritten.
 */
export function useReleaseEditorActions(releaseId: string, version?: number) {
  const [updateRelease] = useMutation(UpdateReleaseMutation);
  const [submitRelease] = useMutation(SubmitReleaseMutation, { refetchQueries: ['ReleaseCounts', 'ReleasesPage'] });
  const [uploadCoverArt] = useMutation(UploadCoverArtMutation);
  const [uploadTrack] = useMutation(UploadTrackMutation);
  const [updateTrack] = useMutation(UpdateTrackMutation);
  const [deleteTrack] = useMutation(DeleteTrackMutation);
  const [reorderTracks] = useMutation(ReorderTracksMutation);
  const [addArtistCredit] = useMutation(AddArtistCreditMutation);
  const [removeArtistCredit] = useMutation(RemoveArtistCreditMutation);
  const [applyToAllTracks] = useMutation(ApplyToAllTracksMutation);

  return {
    saveRelease: (version: number, input: Omit<UpdateReleaseInput, 'id' | 'version'>) =>
      updateRelease({ variables: { input: { ...input, id: releaseId, version } } }),
    submit: () => submitRelease({ variables: { id: releaseId } }),
    uploadCover: (file: File, onUploadProgress: Progress) =>
      uploadCoverArt({ variables: { releaseId, file }, context: { onUploadProgress } satisfies UploadContext }),
    uploadTrack: (file: File, onUploadProgress: Progress) =>
      uploadTrack({ variables: { releaseId, file }, context: { onUploadProgress } satisfies UploadContext }),
    saveTrack: (input: UpdateTrackInput) => updateTrack({ variables: { input: { version, ...input } } }),
    deleteTrack: (id: string) => deleteTrack({ variables: { id } }),
    reorder: (trackIds: string[]) => reorderTracks({ variables: { releaseId, trackIds } }),
    addCredit: (role: ArtistRole, artistName: string, trackId?: string) =>
      addArtistCredit({ variables: { input: { role, artistName, ...(trackId ? { trackId } : { releaseId }) } } }),
    removeCredit: (id: string) => removeArtistCredit({ variables: { id } }),
    applyToAll: (trackId: string) => applyToAllTracks({ variables: { trackId } }),
  };
}

export type ReleaseEditorActions = ReturnType<typeof useReleaseEditorActions>;
