import { DISPLAY_STATUSES, REJECTED_BY_USER, displayStatus, type DisplayStatus } from '@cadence/domain/release-rules';
import { RELEASE_STATUSES, type ReleaseStatus } from '@cadence/domain/release-status';

/** The shapes a release of one status can take that matter to its display status: comment and release date. */
const VARIANTS = [
  { comment: null, releaseDate: null },
  { comment: 'reason', releaseDate: null },
  { comment: REJECTED_BY_USER, releaseDate: null },
  { comment: null, releaseDate: '2099-12-31' },
] as const;

/**
 * The stored statuses a release showing `wanted` can have (Draft: NOT_COMPLETED, BEFORE_CREATED,
 * REJECTED...), derived from the domain's displayStatus so the rule is not restated. The list asks
 * the server for these statuses and keeps the rows whose display status matches.
 */
export function statusesShowing(wanted: DisplayStatus, today: string): ReleaseStatus[] {
  return RELEASE_STATUSES.filter(
    (status) => status !== 'DELETED' && VARIANTS.some((variant) => displayStatus({ status, ...variant }, today) === wanted),
  );
}

/** The filters offered above the list, in the spec's order. */
export const RELEASE_FILTERS: readonly DisplayStatus[] = DISPLAY_STATUSES;
