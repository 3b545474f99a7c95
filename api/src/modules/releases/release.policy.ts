/** Who may do what with a release: the owner only (staff act through impersonation, as that user). */
import {
  areTracksViewable,
  canBeTakenDown,
  canReopen,
  isDeletable,
  isDownloadEligible,
  isEditable,
} from '@cadence/domain/release-rules';
import type { ReleaseLike } from '@cadence/domain/release-rules';
import type { Viewer } from '../../context.ts';

/** The viewer owns the entity (a release, track or credit carries its owner's userId). */
export function canAccessRelease(viewer: Viewer | null, entity: { userId: string }): boolean {
  return viewer !== null && viewer.userId === entity.userId;
}

/** What the viewer may do with this release; sent to the client as viewerCan so it never recomputes permissions. */
export function releaseAbilities(viewer: Viewer | null, release: { userId: string }, like: ReleaseLike, sunsetDate: string) {
  const owner = canAccessRelease(viewer, release);
  return {
    edit: owner && isEditable(like.status),
    reopen: owner && canReopen(like.status),
    delete: owner && isDeletable(like.status),
    takedown: owner && canBeTakenDown(like.status),
    viewTracks: owner && areTracksViewable(like.status),
    download: owner && isDownloadEligible(like, sunsetDate),
  };
}
