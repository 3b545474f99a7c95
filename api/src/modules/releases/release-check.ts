/**
 * What a release still lacks or gets wrong, per field, with the spec's keys: the same list answers
 * the check calls, refuses an incomplete submission and feeds the validation job.
 */
import { validateRemixer } from '@cadence/domain/artist-names';
import { ARTIST_ROLE } from '@cadence/domain/constants';
import { validateIsrc } from '@cadence/domain/isrc';
import { trackDuplicateErrors } from '@cadence/domain/track-rules';
import { validateUpc } from '@cadence/domain/upc';
import { minDate, required } from '@cadence/domain/validators';
import type { Prisma } from '../../generated/prisma/client.ts';
import { isEditable } from '@cadence/domain/release-rules';
import { dateOnly, statusName } from './release-model.ts';

/** What the check reads; one query, whatever the number of tracks. */
export const CHECK_INCLUDE = {
  coverArt: { select: { width: true, height: true, mimeType: true } },
  outlets: { select: { dspId: true } },
  artistCredits: { select: { trackId: true, artistName: true, artistRelationTypeId: true }, orderBy: { position: 'asc' } },
  tracks: {
    orderBy: { position: 'asc' },
    select: { id: true, title: true, isrc: true, audioFileId: true, isRemix: true, position: true },
  },
} satisfies Prisma.ReleaseInclude;

export type ReleaseForCheck = Prisma.ReleaseGetPayload<{ include: typeof CHECK_INCLUDE }>;

/** One problem: the field, the spec's key and message, and the track (1-based number) when it is a track's. */
export interface CheckIssue {
  field: string;
  key: string;
  message: string;
  trackId: string | null;
  trackNumber: number | null;
}

export interface CheckOptions {
  today: string;
  /** With hideDSPSelection the outlets are chosen for the user, so none selected is fine. */
  hideDspSelection: boolean;
}

const releaseIssue = (field: string, e: { key: string; message: string }): CheckIssue => ({ field, ...e, trackId: null, trackNumber: null });

/** Every problem of a loaded release, release-level first, then track by track in order. */
export function checkLoadedRelease(release: ReleaseForCheck, opts: CheckOptions): CheckIssue[] {
  const issues: CheckIssue[] = [];
  const title = required('Release title is required')(release.title.trim());
  if (title) issues.push(releaseIssue('title', title));
  const genre = required('Genre is required')(release.genreId);
  if (genre) issues.push(releaseIssue('genreId', genre));
  if (!release.coverArt) issues.push(releaseIssue('coverArt', { key: 'required', message: 'Cover art is required' }));
  // A date in the past matters only while the release is still being prepared or checked.
  const status = statusName(release.status);
  const date = isEditable(status) || status === 'OK' ? minDate(opts.today)(dateOnly(release.releaseDate)) : undefined;
  if (date) issues.push(releaseIssue('releaseDate', date));
  const upc = validateUpc(release.upc);
  if (upc) issues.push(releaseIssue('upc', upc));
  if (release.territoryAllowed !== null && release.territoryCountryCodes.length === 0) {
    issues.push(releaseIssue('territory', { key: 'missingCountries', message: 'Select at least one country' }));
  }
  if (!opts.hideDspSelection && release.outlets.length === 0) {
    issues.push(releaseIssue('outletUris', { key: 'missingDSP', message: 'Select at least one store' }));
  }
  if (release.tracks.length === 0) issues.push(releaseIssue('tracks', { key: 'required', message: 'Add at least one track' }));

  const releasePrimary = release.artistCredits.some((c) => c.trackId === null && c.artistRelationTypeId === ARTIST_ROLE.PRIMARY);
  const duplicates = trackDuplicateErrors(release.tracks);
  release.tracks.forEach((track, index) => {
    const at = (field: string, e: { key: string; message: string }) =>
      issues.push({ field, ...e, trackId: track.id, trackNumber: index + 1 });
    const credits = release.artistCredits.filter((c) => c.trackId === track.id);
    const dup = duplicates[index] ?? {};
    const trackTitle = required('Track title is required')(track.title.trim()) ?? dup.title;
    if (trackTitle) at('title', trackTitle);
    if (!track.audioFileId) at('audio', { key: 'required', message: 'Upload an audio file' });
    if (track.isrc) {
      const isrc = validateIsrc(track.isrc) ?? dup.isrc;
      if (isrc) at('isrc', isrc);
    }
    if (!releasePrimary && !credits.some((c) => c.artistRelationTypeId === ARTIST_ROLE.PRIMARY)) {
      at('artists', { key: 'required', message: 'Add a primary artist' });
    }
    const remixer = validateRemixer(track, credits);
    if (remixer) at('artists', remixer);
  });
  return issues;
}
