/** Who may do what with a release: the owner only (staff act through impersonation, as that user). */
import {
  areTracksViewable,
  canBeTakenDown,
  isDeletable,
  isDownloadEligible,
  isEditable,
} from '@cadence/domain/release-rules';
import type { Viewer } from '../../context.ts';
import { statusName, toReleaseLike, type ReleaseStatusRow } from './release-model.ts';

/** The viewer owns the entity (a release, track or credit carries its owner's userId). */
export function canAccessRelease(viewer: Viewer | null, entity: { userId: string }): boolean {
  return viewer !== null && viewer.userId === entity.userId;
}

/** What the viewer may do with this release; sent to the client as viewerCan so it never recomputes permissions. */
export function releaseAbilities(viewer: Viewer | null, release: ReleaseStatusRow & { userId: string }, sunsetDate: string) {
  const owner = canAccessRelease(viewer, release);
  const status = statusName(release.status);
  return {
    edit: owner && isEditable(status),
    delete: owner && isDeletable(status),
    takedown: owner && canBeTakenDown(status),
    viewTracks: owner && areTracksViewable(status),
    download: owner && isDownloadEligible(toReleaseLike(release), sunsetDate),
  };
}
