/**
 * Release statuses with their numeric order (core spec §4) and the allowed moves between them.
 *
 * The spec lists the statuses but says the transitions are "not shown"; the table below is what a
 * distributor's pipeline does: the user drafts and submits, a validation job checks, staff review,
 * delivery goes out and comes back live, and takedowns run the other way.
 */

/**
 * Statuses and their order. FAILED exists in the spec only as a name: it is given 95 (after REJECTED,
 * before DELETED) so it sorts with the terminal, unsuccessful outcomes and never counts as "pending"
 * (pending means strictly between NOT_COMPLETED and AWAITING_TAKEDOWN).
 */
export const RELEASE_STATUS_ORDER = {
  BEFORE_CREATED: -1,
  NOT_COMPLETED: 0,
  OK: 1,
  ADMIN_EDIT: 5,
  IMPORTING: 10,
  VALIDATED: 20,
  APPROVED: 30,
  DELIVERED: 40,
  AWAITING_TAKEDOWN: 50,
  TAKEDOWN_COMPLETED: 60,
  LIVE: 70,
  REJECTED: 90,
  FAILED: 95,
  DELETED: 99,
} as const;

export type ReleaseStatus = keyof typeof RELEASE_STATUS_ORDER;

/** All statuses in numeric order. */
export const RELEASE_STATUSES = (Object.keys(RELEASE_STATUS_ORDER) as ReleaseStatus[]).sort(
  (a, b) => RELEASE_STATUS_ORDER[a] - RELEASE_STATUS_ORDER[b],
);

/** The status a new release starts in. */
export const INITIAL_RELEASE_STATUS: ReleaseStatus = 'NOT_COMPLETED';

/** Narrows an unknown value (API input, database text) to a release status. */
export function isReleaseStatus(value: unknown): value is ReleaseStatus {
  return typeof value === 'string' && Object.hasOwn(RELEASE_STATUS_ORDER, value);
}

/** The numeric order of a status (used by "above NOT_COMPLETED and below AWAITING_TAKEDOWN"). */
export function statusOrder(status: ReleaseStatus): number {
  return RELEASE_STATUS_ORDER[status];
}

/** The status whose order is the given number, or undefined (the legacy API sends numbers). */
export function statusFromOrder(order: number): ReleaseStatus | undefined {
  return RELEASE_STATUSES.find((s) => RELEASE_STATUS_ORDER[s] === order);
}

/** Who asks for a status change: the account holder, a background job, or staff. Staff may also do anything a user or a job may. */
export type StatusActor = 'user' | 'system' | 'admin';

interface TransitionRule {
  from: readonly ReleaseStatus[];
  to: ReleaseStatus;
  by: readonly Exclude<StatusActor, 'admin'>[] | readonly ['admin'];
  why: string;
}

/** Statuses a user may send back to NOT_COMPLETED (the spec's editable set, except NOT_COMPLETED itself). */
const REOPENABLE: readonly ReleaseStatus[] = ['BEFORE_CREATED', 'REJECTED', 'VALIDATED'];
const DELETABLE: readonly ReleaseStatus[] = ['NOT_COMPLETED', 'REJECTED', 'OK', 'BEFORE_CREATED'];
const NOT_ADMIN_EDITABLE: readonly ReleaseStatus[] = ['ADMIN_EDIT', 'DELETED', 'BEFORE_CREATED'];

/** The allowed moves. Admin-only rules use by: ['admin']; other rules also allow admin. */
export const RELEASE_TRANSITIONS: readonly TransitionRule[] = [
  { from: ['BEFORE_CREATED'], to: 'NOT_COMPLETED', by: ['user', 'system'], why: 'the draft is saved for the first time' },
  { from: REOPENABLE, to: 'NOT_COMPLETED', by: ['user'], why: 'the user reopens an editable release ("change status to NOT_COMPLETED")' },
  { from: ['NOT_COMPLETED'], to: 'OK', by: ['user'], why: 'the user submits the release for delivery' },
  { from: ['NOT_COMPLETED'], to: 'IMPORTING', by: ['user'], why: 'the user submits a release already in stores as a transfer (issue 23)' },
  { from: ['OK'], to: 'VALIDATED', by: ['system'], why: 'the validation job accepts the submission' },
  { from: ['OK'], to: 'REJECTED', by: ['system'], why: 'the validation job rejects the submission' },
  { from: ['OK', 'IMPORTING', 'APPROVED'], to: 'FAILED', by: ['system'], why: 'a validation, import or delivery job failed' },
  { from: ['IMPORTING'], to: 'NOT_COMPLETED', by: ['system'], why: 'an import finished with missing data' },
  { from: ['IMPORTING'], to: 'VALIDATED', by: ['system'], why: 'an import finished complete' },
  { from: ['VALIDATED'], to: 'APPROVED', by: ['admin'], why: 'staff approve the release after review' },
  { from: ['IMPORTING'], to: 'APPROVED', by: ['admin'], why: 'staff approve a transfer with its original codes' },
  { from: ['IMPORTING'], to: 'REJECTED', by: ['admin'], why: 'staff refuse a transfer (codes not the account\'s)' },
  { from: ['VALIDATED'], to: 'REJECTED', by: ['admin'], why: 'staff reject the release after review' },
  { from: ['APPROVED'], to: 'DELIVERED', by: ['system'], why: 'the delivery job sent the release to the outlets' },
  { from: ['DELIVERED'], to: 'LIVE', by: ['system'], why: 'the outlets confirmed the release is live' },
  { from: ['LIVE', 'DELIVERED'], to: 'AWAITING_TAKEDOWN', by: ['user'], why: 'the user requests a takedown' },
  { from: ['AWAITING_TAKEDOWN'], to: 'TAKEDOWN_COMPLETED', by: ['system'], why: 'the outlets confirmed the takedown' },
  { from: DELETABLE, to: 'DELETED', by: ['user'], why: 'the user deletes a release that was never delivered' },
  {
    from: (Object.keys(RELEASE_STATUS_ORDER) as ReleaseStatus[]).filter((s) => !NOT_ADMIN_EDITABLE.includes(s)),
    to: 'ADMIN_EDIT',
    by: ['admin'],
    why: 'staff take the release over to correct it',
  },
  {
    from: ['ADMIN_EDIT'],
    to: 'NOT_COMPLETED',
    by: ['admin'],
    why: 'staff hand the release back to the user',
  },
  { from: ['ADMIN_EDIT'], to: 'VALIDATED', by: ['admin'], why: 'staff finish a correction before review' },
  { from: ['ADMIN_EDIT'], to: 'APPROVED', by: ['admin'], why: 'staff finish a correction and approve (redelivery)' },
  { from: ['ADMIN_EDIT'], to: 'REJECTED', by: ['admin'], why: 'staff reject while correcting' },
  { from: ['FAILED'], to: 'NOT_COMPLETED', by: ['admin'], why: 'staff return a failed release to the user' },
  { from: ['FAILED'], to: 'APPROVED', by: ['admin'], why: 'staff retry a failed delivery' },
];

/** Whether `actor` may move a release from `from` to `to` (staying in the same status is not a move). */
export function canTransition(from: ReleaseStatus, to: ReleaseStatus, actor: StatusActor): boolean {
  return RELEASE_TRANSITIONS.some(
    (rule) => rule.to === to && rule.from.includes(from) && (actor === 'admin' || (rule.by as readonly StatusActor[]).includes(actor)),
  );
}

/** The statuses `actor` may move a release to from `from`, in status order. */
export function nextStatuses(from: ReleaseStatus, actor: StatusActor): ReleaseStatus[] {
  return RELEASE_STATUSES.filter((to) => canTransition(from, to, actor));
}

/** Thrown by assertTransition; services map its code to their error responses. */
export class InvalidStatusTransitionError extends Error {
  readonly code = 'INVALID_STATUS_TRANSITION';
  constructor(
    readonly from: ReleaseStatus,
    readonly to: ReleaseStatus,
    readonly actor: StatusActor,
  ) {
    super(`A release cannot move from ${from} to ${to} (${actor})`);
    this.name = 'InvalidStatusTransitionError';
  }
}

/** Throws InvalidStatusTransitionError unless canTransition allows the move; services call it before writing a status. */
export function assertTransition(from: ReleaseStatus, to: ReleaseStatus, actor: StatusActor): void {
  if (!canTransition(from, to, actor)) throw new InvalidStatusTransitionError(from, to, actor);
}
