import { useApolloClient, useMutation } from '@apollo/client/react';
import { useRef } from 'react';
import type { ArtistRole, UpdateReleaseInput, UpdateTrackInput } from '../../gql/graphql';
import type { UploadContext } from '../../lib/upload-link';
import {
  AddArtistCreditMutation,
  ApplyToAllTracksMutation,
  DeleteTrackMutation,
  ReleaseEditorVersionFragment,
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
 * so the normalised cache, and every view of the release, is current without a refetch.
 *
 * Every edit of the release sends the version it was made on, so a change made in another tab or
 * by someone else is refused (CONFLICT, stale-version) rather than overwritten. The version sent is
 * the one in the cache when the edit leaves: this tab's own edits advance it (their answers carry
 * the new version), another tab's do not. Edits go one after another so that two quick clicks do
 * not refuse each other; track uploads add without overwriting, carry no version, and run at once.
 */
export function useReleaseEditorActions(releaseId: string, loadedVersion?: number) {
  const client = useApolloClient();
  const queue = useRef<Promise<unknown>>(Promise.resolve());
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

  const cachedVersion = () =>
    client.cache.readFragment({ id: client.cache.identify({ __typename: 'Release', id: releaseId }), fragment: ReleaseEditorVersionFragment })?.version ?? loadedVersion;

  /** Sends one edit after the previous one has answered, with the version that answer left in the cache. */
  const versioned = <T>(send: (version: number) => Promise<T>): Promise<T> => {
    const next = queue.current.then(() => {
      const version = cachedVersion();
      if (version === undefined) throw new Error('The release is still loading. Please try again.');
      return send(version);
    });
    queue.current = next.catch(() => undefined);
    return next;
  };

  return {
    saveRelease: (input: Omit<UpdateReleaseInput, 'id' | 'version'>) => versioned((version) => updateRelease({ variables: { input: { ...input, id: releaseId, version } } })),
    submit: () => submitRelease({ variables: { id: releaseId } }),
    uploadCover: (file: File, onUploadProgress: Progress) =>
      versioned((version) => uploadCoverArt({ variables: { input: { releaseId, file, version } }, context: { onUploadProgress } satisfies UploadContext })),
    uploadTrack: (file: File, onUploadProgress: Progress) =>
      uploadTrack({ variables: { input: { releaseId, file } }, context: { onUploadProgress } satisfies UploadContext }),
    saveTrack: (input: Omit<UpdateTrackInput, 'version'>) => versioned((version) => updateTrack({ variables: { input: { ...input, version } } })),
    deleteTrack: (id: string) => versioned((version) => deleteTrack({ variables: { input: { id, version } } })),
    reorder: (trackIds: string[]) => versioned((version) => reorderTracks({ variables: { input: { releaseId, trackIds, version } } })),
    addCredit: (role: ArtistRole, artistName: string, trackId?: string) =>
      versioned((version) => addArtistCredit({ variables: { input: { role, artistName, version, ...(trackId ? { trackId } : { releaseId }) } } })),
    removeCredit: (id: string) => versioned((version) => removeArtistCredit({ variables: { input: { id, version } } })),
    applyToAll: (trackId: string) => versioned((version) => applyToAllTracks({ variables: { input: { trackId, version } } })),
  };
}

export type ReleaseEditorActions = ReturnType<typeof useReleaseEditorActions>;
