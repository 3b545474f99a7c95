/**
 * Rules by release status (core spec §4) and release display defaults (core spec §9).
 * Every function takes a plain release-like object and, where time matters, `today` ('YYYY-MM-DD').
 */
import {
  DEFAULT_ARTIST_NAME,
  DEFAULT_RELEASE_TITLE,
  RECORDING_VERSION_ID_DEFAULT,
  RECORDING_VERSION_ID_LIVE,
  RELEASE_DATE_ASAP,
  VARIOUS_ARTISTS_THRESHOLD,
} from './constants';
import { formatUsDate, toCalendarDate } from './date-string';
import { canTransition, statusOrder, type ReleaseStatus } from './release-status';

/** The fields the status rules read. Dates are 'YYYY-MM-DD' (timestamps are cut to their date). */
export interface ReleaseLike {
  status: ReleaseStatus;
  comment?: string | null;
  releaseDate?: string | null;
  takedownDate?: string | null;
  rejectDate?: string | null;
}

/** Comment the app writes when the user (not staff) rejects their own release: such a release is a draft, not denied. */
export const REJECTED_BY_USER = 'REJECTED_BY_USER';

const EDITABLE: readonly ReleaseStatus[] = ['NOT_COMPLETED', 'BEFORE_CREATED', 'REJECTED', 'VALIDATED'];
const TRACKS_HIDDEN: readonly ReleaseStatus[] = ['NOT_COMPLETED', 'BEFORE_CREATED', 'REJECTED'];
const TAKEDOWNABLE: readonly ReleaseStatus[] = ['LIVE', 'DELIVERED'];
const DOWNLOADABLE: readonly ReleaseStatus[] = ['LIVE', 'DELIVERED', 'APPROVED'];
/** Only these statuses count towards the release and track totals. */
export const COUNTED_STATUSES: readonly ReleaseStatus[] = ['VALIDATED', 'IMPORTING', 'APPROVED', 'DELIVERED', 'LIVE'];
const ACCOUNT_DELETION_OK: readonly ReleaseStatus[] = ['NOT_COMPLETED', 'BEFORE_CREATED'];

const hasComment = (release: ReleaseLike): boolean => typeof release.comment === 'string' && release.comment !== '';
const dateAfter = (date: string | null | undefined, limit: string): boolean =>
  typeof date === 'string' && date !== '' && toCalendarDate(date) > toCalendarDate(limit);

/** The user may edit the release: NOT_COMPLETED, BEFORE_CREATED, REJECTED, VALIDATED. */
export function isEditable(status: ReleaseStatus): boolean {
  return EDITABLE.includes(status);
}

/** Tracks can be viewed (read-only) unless the release is NOT_COMPLETED, BEFORE_CREATED or REJECTED. */
export function areTracksViewable(status: ReleaseStatus): boolean {
  return !TRACKS_HIDDEN.includes(status);
}

/** The user may delete the release: the status table's user move to DELETED (from NOT_COMPLETED, REJECTED, OK, BEFORE_CREATED). */
export function isDeletable(status: ReleaseStatus): boolean {
  return canTransition(status, 'DELETED', 'user');
}

/** The user may send the release back to draft (NOT_COMPLETED): the status table's user move, from BEFORE_CREATED, REJECTED or VALIDATED. */
export function canReopen(status: ReleaseStatus): boolean {
  return canTransition(status, 'NOT_COMPLETED', 'user');
}

/** A takedown may be requested for LIVE or DELIVERED releases. */
export function canBeTakenDown(status: ReleaseStatus): boolean {
  return TAKEDOWNABLE.includes(status);
}

/** The release is being imported (IMPORTING). */
export function isImporting(release: ReleaseLike): boolean {
  return release.status === 'IMPORTING';
}

/** Scheduled: DELIVERED with a release date after today. */
export function isScheduled(release: ReleaseLike, today: string): boolean {
  return release.status === 'DELIVERED' && dateAfter(release.releaseDate, today);
}

/** Published: LIVE, or DELIVERED with the release date today, in the past, or unset (ASAP). */
export function isPublished(release: ReleaseLike, today: string): boolean {
  return release.status === 'LIVE' || (release.status === 'DELIVERED' && !dateAfter(release.releaseDate, today));
}

/** Draft: NOT_COMPLETED without comment, BEFORE_CREATED, or REJECTED by the user (comment REJECTED_BY_USER). */
export function isDraft(release: ReleaseLike): boolean {
  switch (release.status) {
    case 'NOT_COMPLETED':
      return !hasComment(release);
    case 'BEFORE_CREATED':
      return true;
    case 'REJECTED':
      return release.comment === REJECTED_BY_USER;
    default:
      return false;
  }
}

/** Denied: REJECTED with any other comment (or none), or NOT_COMPLETED carrying a comment (sent back with reasons). */
export function isDenied(release: ReleaseLike): boolean {
  if (release.status === 'REJECTED') return release.comment !== REJECTED_BY_USER;
  return release.status === 'NOT_COMPLETED' && hasComment(release);
}

/** Pending: above NOT_COMPLETED and below AWAITING_TAKEDOWN, and not scheduled, published or importing. */
export function isPending(release: ReleaseLike, today: string): boolean {
  const order = statusOrder(release.status);
  return (
    order > statusOrder('NOT_COMPLETED') &&
    order < statusOrder('AWAITING_TAKEDOWN') &&
    !isScheduled(release, today) &&
    !isPublished(release, today) &&
    !isImporting(release)
  );
}

/** Takedown requested and not yet done. */
export function isTakedownSubmitted(release: ReleaseLike): boolean {
  return release.status === 'AWAITING_TAKEDOWN';
}

/** Takedown done. */
export function isTakedownComplete(release: ReleaseLike): boolean {
  return release.status === 'TAKEDOWN_COMPLETED';
}

/**
 * Audio may be downloaded: LIVE, DELIVERED, APPROVED; TAKEDOWN_COMPLETED when taken down after the
 * sunset date; REJECTED when rejected after the sunset date. The sunset date is the deployment's
 * (configuration), so it has no default here: a caller cannot forget it and get another's answer.
 */
export function isDownloadEligible(release: ReleaseLike, sunsetDate: string): boolean {
  if (DOWNLOADABLE.includes(release.status)) return true;
  if (release.status === 'TAKEDOWN_COMPLETED') return dateAfter(release.takedownDate, sunsetDate);
  return release.status === 'REJECTED' && dateAfter(release.rejectDate, sunsetDate);
}

/** The display statuses, in the order displayStatus checks them. */
export const DISPLAY_STATUSES = [
  'Importing',
  'Draft',
  'Denied',
  'Scheduled',
  'Published',
  'Takedown Submitted',
  'Takedown Complete',
  'Pending',
] as const;
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number];

/** The status label users see, checked in the spec's order; anything unmatched (including FAILED and DELETED) is Pending. */
export function displayStatus(release: ReleaseLike, today: string): DisplayStatus {
  if (isImporting(release)) return 'Importing';
  if (isDraft(release)) return 'Draft';
  if (isDenied(release)) return 'Denied';
  if (isScheduled(release, today)) return 'Scheduled';
  if (isPublished(release, today)) return 'Published';
  if (isTakedownSubmitted(release)) return 'Takedown Submitted';
  if (isTakedownComplete(release)) return 'Takedown Complete';
  return 'Pending';
}

/** Whether a release (and its tracks) counts in the release and track totals. */
export function countsTowardsTotals(status: ReleaseStatus): boolean {
  return COUNTED_STATUSES.includes(status);
}

/** Account deletion is allowed only when every release is NOT_COMPLETED or BEFORE_CREATED (or there are none). */
export function canDeleteAccount(releases: readonly Pick<ReleaseLike, 'status'>[]): boolean {
  return releases.every((r) => ACCOUNT_DELETION_OK.includes(r.status));
}

/** Release date text: 'ASAP' without a date, otherwise MM/dd/yyyy. */
export function releaseDateText(releaseDate: string | null | undefined): string {
  return (releaseDate ? formatUsDate(releaseDate) : null) ?? RELEASE_DATE_ASAP;
}

/** The artist line of a release: 'Various Artists' with none or with 4+ primary artists, else the names joined by ', '. */
export function releaseArtistName(primaryArtists: readonly string[]): string {
  const names = primaryArtists.map((n) => n.trim()).filter((n) => n !== '');
  return names.length === 0 || names.length >= VARIOUS_ARTISTS_THRESHOLD ? DEFAULT_ARTIST_NAME : names.join(', ');
}

/** A release's title, or 'New Album' when blank. */
export function releaseTitleOrDefault(title: string | null | undefined): string {
  return title?.trim() ? title : DEFAULT_RELEASE_TITLE;
}

/** Recording version id: 2414 for a live recording, 2430 otherwise. */
export function recordingVersionId(isLive: boolean): number {
  return isLive ? RECORDING_VERSION_ID_LIVE : RECORDING_VERSION_ID_DEFAULT;
}

/** True when a recording version id denotes a live recording. */
export function isLiveRecording(recordingVersionIdValue: number | string | null | undefined): boolean {
  return Number(recordingVersionIdValue) === RECORDING_VERSION_ID_LIVE;
}

/** Analytics are shown only to users with at least one published release. */
export function hasPublishedRelease(releases: readonly ReleaseLike[], today: string): boolean {
  return releases.some((r) => isPublished(r, today));
}

/** All status predicates of a release at once, as the API exposes them; `sunsetDate` is the configured one. */
export function releaseFlags(release: ReleaseLike, today: string, sunsetDate: string) {
  return {
    displayStatus: displayStatus(release, today),
    isEditable: isEditable(release.status),
    areTracksViewable: areTracksViewable(release.status),
    isDeletable: isDeletable(release.status),
    canBeTakenDown: canBeTakenDown(release.status),
    isScheduled: isScheduled(release, today),
    isPublished: isPublished(release, today),
    isDraft: isDraft(release),
    isDenied: isDenied(release),
    isPending: isPending(release, today),
    isDownloadEligible: isDownloadEligible(release, sunsetDate),
    countsTowardsTotals: countsTowardsTotals(release.status),
  };
}
