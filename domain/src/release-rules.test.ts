import {
  areTracksViewable,
  canBeTakenDown,
  canDeleteAccount,
  countsTowardsTotals,
  displayStatus,
  hasPublishedRelease,
  canReopen,
  isDeletable,
  isDenied,
  isDownloadEligible,
  isDraft,
  isEditable,
  isLiveRecording,
  isPending,
  isPublished,
  isScheduled,
  recordingVersionId,
  releaseArtistName,
  releaseDateText,
  releaseFlags,
  releaseTitleOrDefault,
  REJECTED_BY_USER,
  type ReleaseLike,
} from './release-rules';
import { RELEASE_STATUSES, RELEASE_TRANSITIONS, type ReleaseStatus } from './release-status';
import { SUNSET_DATE_DEFAULT } from './constants';

const TODAY = '2024-06-15';

// status: [editable, tracksViewable, deletable, takedown, counted]
const byStatus: Record<ReleaseStatus, [boolean, boolean, boolean, boolean, boolean]> = {
  BEFORE_CREATED: [true, false, true, false, false],
  NOT_COMPLETED: [true, false, true, false, false],
  OK: [false, true, true, false, false],
  ADMIN_EDIT: [false, true, false, false, false],
  IMPORTING: [false, true, false, false, true],
  VALIDATED: [true, true, false, false, true],
  APPROVED: [false, true, false, false, true],
  DELIVERED: [false, true, false, true, true],
  AWAITING_TAKEDOWN: [false, true, false, false, false],
  TAKEDOWN_COMPLETED: [false, true, false, false, false],
  LIVE: [false, true, false, true, true],
  REJECTED: [true, false, true, false, false],
  FAILED: [false, true, false, false, false],
  DELETED: [false, true, false, false, false],
};

describe('rules by status', () => {
  it.each(RELEASE_STATUSES.map((s) => [s, ...byStatus[s]] as const))(
    '%s: editable %s, tracks viewable %s, deletable %s, takedown %s, counted %s',
    (status, editable, viewable, deletable, takedown, counted) => {
      expect(isEditable(status)).toBe(editable);
      expect(areTracksViewable(status)).toBe(viewable);
      expect(isDeletable(status)).toBe(deletable);
      expect(canBeTakenDown(status)).toBe(takedown);
      expect(countsTowardsTotals(status)).toBe(counted);
    },
  );
  it('takes deletable and back-to-draft from the status table, the one list of them', () => {
    // A rule added to the table is followed at once: there is no second list to forget.
    const table = RELEASE_TRANSITIONS as { from: readonly ReleaseStatus[]; to: ReleaseStatus; by: readonly string[]; why: string }[];
    table.push({ from: ['FAILED'], to: 'DELETED', by: ['user'], why: 'test' }, { from: ['FAILED'], to: 'NOT_COMPLETED', by: ['user'], why: 'test' });
    try {
      expect([isDeletable('FAILED'), canReopen('FAILED')]).toEqual([true, true]);
    } finally {
      table.splice(-2, 2);
    }
    expect([isDeletable('FAILED'), canReopen('FAILED')]).toEqual([false, false]);
  });
  it.each(RELEASE_STATUSES.map((s) => [s, ['BEFORE_CREATED', 'REJECTED', 'VALIDATED'].includes(s)] as const))('%s: back to draft %s', (status, reopenable) => {
    expect(canReopen(status)).toBe(reopenable);
  });
});

const r = (status: ReleaseStatus, extra: Partial<ReleaseLike> = {}): ReleaseLike => ({ status, ...extra });

describe('displayStatus and predicates', () => {
  it.each([
    [r('IMPORTING'), 'Importing'],
    [r('NOT_COMPLETED'), 'Draft'],
    [r('NOT_COMPLETED', { comment: '' }), 'Draft'],
    [r('NOT_COMPLETED', { comment: null }), 'Draft'],
    [r('BEFORE_CREATED', { comment: 'anything' }), 'Draft'],
    [r('REJECTED', { comment: REJECTED_BY_USER }), 'Draft'],
    [r('REJECTED', { comment: 'Cover art is blurry' }), 'Denied'],
    [r('REJECTED'), 'Denied'],
    [r('NOT_COMPLETED', { comment: 'Fix the title' }), 'Denied'],
    [r('DELIVERED', { releaseDate: '2024-06-16' }), 'Scheduled'],
    [r('DELIVERED', { releaseDate: '2024-06-15' }), 'Published'],
    [r('DELIVERED', { releaseDate: '2024-06-15T23:00:00Z' }), 'Published'],
    [r('DELIVERED', { releaseDate: '2024-01-01' }), 'Published'],
    [r('DELIVERED', { releaseDate: null }), 'Published'],
    [r('DELIVERED', { releaseDate: '' }), 'Published'],
    [r('LIVE', { releaseDate: '2030-01-01' }), 'Published'],
    [r('AWAITING_TAKEDOWN'), 'Takedown Submitted'],
    [r('TAKEDOWN_COMPLETED'), 'Takedown Complete'],
    [r('OK'), 'Pending'],
    [r('ADMIN_EDIT'), 'Pending'],
    [r('VALIDATED'), 'Pending'],
    [r('APPROVED'), 'Pending'],
    [r('FAILED'), 'Pending'],
    [r('DELETED'), 'Pending'],
  ])('%j -> %s', (release, label) => {
    expect(displayStatus(release, TODAY)).toBe(label);
  });

  it.each([
    // release, scheduled, published, draft, denied, pending
    [r('DELIVERED', { releaseDate: '2024-06-16' }), true, false, false, false, false],
    [r('DELIVERED', { releaseDate: '2024-06-14' }), false, true, false, false, false],
    [r('LIVE'), false, true, false, false, false],
    [r('OK'), false, false, false, false, true],
    [r('VALIDATED'), false, false, false, false, true],
    [r('APPROVED'), false, false, false, false, true],
    [r('ADMIN_EDIT'), false, false, false, false, true],
    [r('IMPORTING'), false, false, false, false, false],
    [r('NOT_COMPLETED'), false, false, true, false, false],
    [r('NOT_COMPLETED', { comment: 'x' }), false, false, false, true, false],
    [r('REJECTED', { comment: REJECTED_BY_USER }), false, false, true, false, false],
    [r('REJECTED', { comment: 'x' }), false, false, false, true, false],
    [r('AWAITING_TAKEDOWN'), false, false, false, false, false],
    [r('FAILED'), false, false, false, false, false],
  ])('%j: scheduled %s, published %s, draft %s, denied %s, pending %s', (release, scheduled, published, draft, denied, pending) => {
    expect(isScheduled(release, TODAY)).toBe(scheduled);
    expect(isPublished(release, TODAY)).toBe(published);
    expect(isDraft(release)).toBe(draft);
    expect(isDenied(release)).toBe(denied);
    expect(isPending(release, TODAY)).toBe(pending);
  });
});

describe('isDownloadEligible', () => {
  it.each([
    [r('LIVE'), true],
    [r('DELIVERED'), true],
    [r('APPROVED'), true],
    [r('TAKEDOWN_COMPLETED', { takedownDate: '2024-09-27' }), true],
    [r('TAKEDOWN_COMPLETED', { takedownDate: '2024-09-26' }), false],
    [r('TAKEDOWN_COMPLETED', { takedownDate: null }), false],
    [r('TAKEDOWN_COMPLETED'), false],
    [r('REJECTED', { rejectDate: '2024-10-01T00:00:00.000Z' }), true],
    [r('REJECTED', { rejectDate: '2024-01-01' }), false],
    [r('REJECTED', { rejectDate: '' }), false],
    [r('NOT_COMPLETED'), false],
    [r('AWAITING_TAKEDOWN'), false],
  ])('%j -> %s with the default sunset date', (release, expected) => {
    expect(isDownloadEligible(release, SUNSET_DATE_DEFAULT)).toBe(expected);
  });
  it('uses the configured sunset date', () => {
    const release = r('TAKEDOWN_COMPLETED', { takedownDate: '2024-09-27' });
    expect(isDownloadEligible(release, '2025-01-01')).toBe(false);
    expect(isDownloadEligible(release, '2024-01-01')).toBe(true);
  });
});

describe('account and analytics', () => {
  it.each([
    [[], true],
    [[r('NOT_COMPLETED'), r('BEFORE_CREATED')], true],
    [[r('NOT_COMPLETED'), r('REJECTED')], false],
    [[r('LIVE')], false],
  ])('canDeleteAccount(%j) = %s', (releases, expected) => {
    expect(canDeleteAccount(releases)).toBe(expected);
  });
  it.each([
    [[], false],
    [[r('OK'), r('DELIVERED', { releaseDate: '2024-07-01' })], false],
    [[r('OK'), r('LIVE')], true],
  ])('hasPublishedRelease(%j) = %s', (releases, expected) => {
    expect(hasPublishedRelease(releases, TODAY)).toBe(expected);
  });
});

describe('display defaults', () => {
  it.each([
    [null, 'ASAP'],
    [undefined, 'ASAP'],
    ['', 'ASAP'],
    ['not a date', 'ASAP'],
    ['2024-07-04', '07/04/2024'],
    ['2024-12-01T00:00:00.000Z', '12/01/2024'],
  ])('releaseDateText(%j) = %s', (date, text) => {
    expect(releaseDateText(date)).toBe(text);
  });
  it.each([
    [[], 'Various Artists'],
    [['  '], 'Various Artists'],
    [['Ann'], 'Ann'],
    [['Ann', ' Bob ', 'Cy'], 'Ann, Bob, Cy'],
    [['A', 'B', 'C', 'D'], 'Various Artists'],
    [['A', 'B', 'C', 'D', 'E'], 'Various Artists'],
  ])('releaseArtistName(%j) = %s', (names, text) => {
    expect(releaseArtistName(names)).toBe(text);
  });
  it.each([
    [null, 'New Album'],
    [undefined, 'New Album'],
    ['  ', 'New Album'],
    ['Blue', 'Blue'],
  ])('releaseTitleOrDefault(%j) = %s', (title, text) => {
    expect(releaseTitleOrDefault(title)).toBe(text);
  });
  it.each([
    [true, 2414],
    [false, 2430],
  ])('recordingVersionId(live %s) = %i', (live, id) => {
    expect(recordingVersionId(live)).toBe(id);
  });
  it.each([
    [2414, true],
    ['2414', true],
    [2430, false],
    [null, false],
  ])('isLiveRecording(%j) = %s', (id, expected) => {
    expect(isLiveRecording(id)).toBe(expected);
  });
});

describe('releaseFlags', () => {
  it('bundles every predicate', () => {
    expect(releaseFlags(r('DELIVERED', { releaseDate: '2024-07-01' }), TODAY, SUNSET_DATE_DEFAULT)).toEqual({
      displayStatus: 'Scheduled',
      isEditable: false,
      areTracksViewable: true,
      isDeletable: false,
      canBeTakenDown: true,
      isScheduled: true,
      isPublished: false,
      isDraft: false,
      isDenied: false,
      isPending: false,
      isDownloadEligible: true,
      countsTowardsTotals: true,
    });
    expect(releaseFlags(r('TAKEDOWN_COMPLETED', { takedownDate: '2024-10-01' }), TODAY, '2024-12-01').isDownloadEligible).toBe(false);
  });
});
