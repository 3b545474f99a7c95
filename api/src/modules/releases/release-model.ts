/** Conversions between the database's release rows and the domain's release shapes. */
import { statusFromOrder, statusOrder, type ReleaseStatus } from '@cadence/domain/release-status';
import { utcDate } from '@cadence/domain/date-string';
import type { ReleaseLike } from '@cadence/domain/release-rules';
import { DomainError } from '../../domain-error.ts';
import type { AppContext, Viewer } from '../../context.ts';

/** The columns the status rules read. */
export interface ReleaseStatusRow {
  status: number;
  comment: string | null;
  releaseDate: Date | null;
  takedownDate: Date | null;
  rejectDate: Date | null;
}

/** The status name of a stored status order; an unknown number is a data error, not user input. */
export function statusName(order: number): ReleaseStatus {
  const status = statusFromOrder(order);
  if (!status) throw new Error(`Unknown release status order ${order}`);
  return status;
}

/** The stored number of a status. */
export function statusNumber(status: ReleaseStatus): number {
  return statusOrder(status);
}

/** A stored date or timestamp as 'YYYY-MM-DD' (UTC), or null. */
export function dateOnly(value: Date | null | undefined): string | null {
  return value ? value.toISOString().slice(0, 10) : null;
}

/** 'YYYY-MM-DD' to the Date Prisma stores in a @db.Date column. */
export function parseDateOnly(value: string): Date {
  return new Date(`${value}T00:00:00.000Z`);
}

/** The release as the domain's status rules read it. */
export function toReleaseLike(row: ReleaseStatusRow): ReleaseLike {
  return {
    status: statusName(row.status),
    comment: row.comment,
    releaseDate: dateOnly(row.releaseDate),
    takedownDate: dateOnly(row.takedownDate),
    rejectDate: dateOnly(row.rejectDate),
  };
}

/** Today's calendar date in UTC, the reference for 'past', 'scheduled' and 'published'. */
export function todayUtc(now: Date = new Date()): string {
  return utcDate(now);
}

/** The signed-in viewer, or UNAUTHENTICATED. */
export function requireViewer(ctx: Pick<AppContext, 'viewer'>): Viewer {
  if (!ctx.viewer) throw new DomainError('UNAUTHENTICATED', 'Sign in required');
  return ctx.viewer;
}

/** Another user's (or a missing) release answers the same NOT_FOUND, so ids reveal nothing. */
export function releaseNotFound(): DomainError {
  return new DomainError('NOT_FOUND', 'Release not found', { key: 'release-not-found' });
}
