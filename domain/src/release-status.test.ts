import {
  assertTransition,
  canTransition,
  InvalidStatusTransitionError,
  INITIAL_RELEASE_STATUS,
  isReleaseStatus,
  nextStatuses,
  RELEASE_STATUSES,
  statusFromOrder,
  statusOrder,
  type ReleaseStatus,
  type StatusActor,
} from './release-status';

describe('order', () => {
  it.each([
    ['BEFORE_CREATED', -1],
    ['NOT_COMPLETED', 0],
    ['OK', 1],
    ['ADMIN_EDIT', 5],
    ['IMPORTING', 10],
    ['VALIDATED', 20],
    ['APPROVED', 30],
    ['DELIVERED', 40],
    ['AWAITING_TAKEDOWN', 50],
    ['TAKEDOWN_COMPLETED', 60],
    ['LIVE', 70],
    ['REJECTED', 90],
    ['FAILED', 95],
    ['DELETED', 99],
  ] as [ReleaseStatus, number][])('%s = %i', (status, order) => {
    expect(statusOrder(status)).toBe(order);
    expect(statusFromOrder(order)).toBe(status);
  });
  it('lists statuses in order and starts new releases as NOT_COMPLETED', () => {
    expect(RELEASE_STATUSES[0]).toBe('BEFORE_CREATED');
    expect(RELEASE_STATUSES.at(-1)).toBe('DELETED');
    expect(RELEASE_STATUSES).toHaveLength(14);
    expect(INITIAL_RELEASE_STATUS).toBe('NOT_COMPLETED');
  });
  it('returns undefined for an unknown order', () => {
    expect(statusFromOrder(3)).toBeUndefined();
  });
  it.each([
    ['LIVE', true],
    ['FAILED', true],
    ['live', false],
    ['toString', false],
    [70, false],
    [null, false],
  ])('isReleaseStatus(%j) = %s', (value, expected) => {
    expect(isReleaseStatus(value)).toBe(expected);
  });
});

const expected: Record<StatusActor, Record<ReleaseStatus, ReleaseStatus[]>> = {
  user: {
    BEFORE_CREATED: ['NOT_COMPLETED', 'DELETED'],
    NOT_COMPLETED: ['OK', 'IMPORTING', 'DELETED'],
    OK: ['DELETED'],
    ADMIN_EDIT: [],
    IMPORTING: [],
    VALIDATED: ['NOT_COMPLETED'],
    APPROVED: [],
    DELIVERED: ['AWAITING_TAKEDOWN'],
    AWAITING_TAKEDOWN: [],
    TAKEDOWN_COMPLETED: [],
    LIVE: ['AWAITING_TAKEDOWN'],
    REJECTED: ['NOT_COMPLETED', 'DELETED'],
    FAILED: [],
    DELETED: [],
  },
  system: {
    BEFORE_CREATED: ['NOT_COMPLETED'],
    NOT_COMPLETED: [],
    OK: ['VALIDATED', 'REJECTED', 'FAILED'],
    ADMIN_EDIT: [],
    IMPORTING: ['NOT_COMPLETED', 'VALIDATED', 'FAILED'],
    VALIDATED: [],
    APPROVED: ['DELIVERED', 'FAILED'],
    DELIVERED: ['LIVE'],
    AWAITING_TAKEDOWN: ['TAKEDOWN_COMPLETED'],
    TAKEDOWN_COMPLETED: [],
    LIVE: [],
    REJECTED: [],
    FAILED: [],
    DELETED: [],
  },
  admin: {
    BEFORE_CREATED: ['NOT_COMPLETED', 'DELETED'],
    NOT_COMPLETED: ['OK', 'ADMIN_EDIT', 'IMPORTING', 'DELETED'],
    OK: ['ADMIN_EDIT', 'VALIDATED', 'REJECTED', 'FAILED', 'DELETED'],
    ADMIN_EDIT: ['NOT_COMPLETED', 'VALIDATED', 'APPROVED', 'REJECTED'],
    IMPORTING: ['NOT_COMPLETED', 'ADMIN_EDIT', 'VALIDATED', 'APPROVED', 'REJECTED', 'FAILED'],
    VALIDATED: ['NOT_COMPLETED', 'ADMIN_EDIT', 'APPROVED', 'REJECTED'],
    APPROVED: ['ADMIN_EDIT', 'DELIVERED', 'FAILED'],
    DELIVERED: ['ADMIN_EDIT', 'AWAITING_TAKEDOWN', 'LIVE'],
    AWAITING_TAKEDOWN: ['ADMIN_EDIT', 'TAKEDOWN_COMPLETED'],
    TAKEDOWN_COMPLETED: ['ADMIN_EDIT'],
    LIVE: ['ADMIN_EDIT', 'AWAITING_TAKEDOWN'],
    REJECTED: ['NOT_COMPLETED', 'ADMIN_EDIT', 'DELETED'],
    FAILED: ['NOT_COMPLETED', 'ADMIN_EDIT', 'APPROVED'],
    DELETED: [],
  },
};

const rows = (Object.keys(expected) as StatusActor[]).flatMap((actor) =>
  RELEASE_STATUSES.map((from) => [actor, from, expected[actor][from]] as const),
);

describe('transitions', () => {
  it.each(rows)('%s from %s may go to %j', (actor, from, targets) => {
    expect(nextStatuses(from, actor)).toEqual(targets);
  });

  it.each([
    ['NOT_COMPLETED', 'OK', 'user', true],
    ['OK', 'APPROVED', 'user', false],
    ['LIVE', 'AWAITING_TAKEDOWN', 'user', true],
    ['VALIDATED', 'APPROVED', 'system', false],
    ['VALIDATED', 'APPROVED', 'admin', true],
    ['LIVE', 'LIVE', 'admin', false],
  ] as [ReleaseStatus, ReleaseStatus, StatusActor, boolean][])('canTransition(%s, %s, %s) = %s', (from, to, actor, ok) => {
    expect(canTransition(from, to, actor)).toBe(ok);
  });

  it('assertTransition passes allowed moves and throws a coded error otherwise', () => {
    expect(() => assertTransition('DELIVERED', 'AWAITING_TAKEDOWN', 'user')).not.toThrow();
    let thrown: unknown;
    try {
      assertTransition('LIVE', 'DELETED', 'user');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidStatusTransitionError);
    expect(thrown).toMatchObject({
      code: 'INVALID_STATUS_TRANSITION',
      name: 'InvalidStatusTransitionError',
      from: 'LIVE',
      to: 'DELETED',
      actor: 'user',
      message: 'A release cannot move from LIVE to DELETED (user)',
    });
  });
});
