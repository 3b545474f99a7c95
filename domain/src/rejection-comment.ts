/**
 * Rejection comments (core spec §4): a comment starting with the list marker is a list of records
 * separated by ' ;'. A track record is '<trackId> :<reason>' and displays as 'Track N: reason'
 * (N = the track's position in the release); any other record is a release-level reason.
 * The marker's text is not given by the spec; REJECTION_LIST_MARKER is ours and is a parameter.
 */

/** Marks a comment as a list of rejection records. */
export const REJECTION_LIST_MARKER = 'REJECTION_LIST:';
/** Separates records. */
export const RECORD_SEPARATOR = ' ;';
/** Separates a track id from its reason. */
export const TRACK_REASON_SEPARATOR = ' :';

export type RejectionRecord = { kind: 'release'; reason: string } | { kind: 'track'; trackId: string; reason: string };

const TRACK_ID = /^[\w-]+$/;

/** Splits a rejection comment into records; a comment without the marker is one release-level reason. */
export function parseRejectionComment(comment: string | null | undefined, marker: string = REJECTION_LIST_MARKER): RejectionRecord[] {
  const text = (comment ?? '').trim();
  if (text === '') return [];
  if (!text.startsWith(marker)) return [{ kind: 'release', reason: text }];
  return text
    .slice(marker.length)
    .split(RECORD_SEPARATOR)
    .map((record) => record.trim())
    .filter((record) => record !== '')
    .map((record): RejectionRecord => {
      const at = record.indexOf(TRACK_REASON_SEPARATOR);
      const trackId = at > 0 ? record.slice(0, at).trim() : '';
      return TRACK_ID.test(trackId)
        ? { kind: 'track', trackId, reason: record.slice(at + TRACK_REASON_SEPARATOR.length).trim() }
        : { kind: 'release', reason: record };
    });
}

/** Writes records back as a marked comment (what the review tooling stores). */
export function buildRejectionComment(records: readonly RejectionRecord[], marker: string = REJECTION_LIST_MARKER): string {
  return (
    marker +
    records.map((r) => (r.kind === 'track' ? `${r.trackId}${TRACK_REASON_SEPARATOR}${r.reason}` : r.reason)).join(RECORD_SEPARATOR)
  );
}

/**
 * The lines shown to the user, in record order: release-level reasons as they are, track reasons as
 * 'Track N: reason' where N is the 1-based position of the track id in `trackIdsInOrder` (the raw id if absent).
 */
export function rejectionReasonLines(
  comment: string | null | undefined,
  trackIdsInOrder: readonly string[],
  marker: string = REJECTION_LIST_MARKER,
): string[] {
  return parseRejectionComment(comment, marker).map((record) => {
    if (record.kind === 'release') return record.reason;
    const index = trackIdsInOrder.indexOf(record.trackId);
    return `Track ${index === -1 ? record.trackId : index + 1}: ${record.reason}`;
  });
}
