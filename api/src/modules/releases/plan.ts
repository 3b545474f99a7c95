/** The account's plan, which sets the track and primary-artist limits (FREE without a subscription). */
import { ARTIST_ROLE } from '@cadence/domain/constants';
import { isPlanName, planLimits, type PlanName } from '@cadence/domain/plans';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import { DomainError } from '../../domain-error.ts';
import { statusNumber } from './release-model.ts';

type Db = PrismaClient | Prisma.TransactionClient;
const DELETED_STATUS = statusNumber('DELETED');

/** The plan of the active subscription (ACTIVE or PAST_DUE, period not over), else FREE. */
export async function currentPlan(db: Db, userId: string, now: Date = new Date()): Promise<PlanName> {
  const sub = await db.subscription.findFirst({
    where: { userId, status: { in: ['ACTIVE', 'PAST_DUE'] }, OR: [{ currentPeriodEnd: null }, { currentPeriodEnd: { gt: now } }] },
    orderBy: { currentPeriodStart: 'desc' },
    select: { planName: true },
  });
  return sub && isPlanName(sub.planName) ? sub.planName : 'FREE';
}

/** First key of the plan locks' two-key advisory locks (the migration lock is a one-key lock, so they never meet). */
const PLAN_LOCK_SPACE = 0xcade;

/**
 * Serialises, until the transaction ends, the changes of one account that its plan limits (new
 * tracks, new primary credits): the limits count across all the account's releases, so two
 * requests checking at once could otherwise each take the last place. Call it before reading the
 * counts. A transaction-scoped advisory lock: released on commit or rollback, and it blocks no
 * other write to the account's rows.
 */
export async function lockAccountPlan(tx: Prisma.TransactionClient, userId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${PLAN_LOCK_SPACE}::int4, hashtext(${userId}))`;
}

const PRIMARY = ARTIST_ROLE.PRIMARY;
const nameIs = (name: string) => ({ equals: name.trim(), mode: 'insensitive' as const });

/**
 * Recordings of one primary artist on the account: tracks of non-deleted releases credited to the
 * artist on the release or on the track itself, so each artist's plan allowance is counted separately.
 * `exceptReleaseId` leaves one release out (its tracks are counted by the caller).
 */
export function artistRecordingCount(db: Db, userId: string, artistName: string, exceptReleaseId?: string): Promise<number> {
  return db.track.count({
    where: {
      userId,
      release: { status: { not: DELETED_STATUS }, ...(exceptReleaseId ? { id: { not: exceptReleaseId } } : {}) },
      OR: [
        { release: { artistCredits: { some: { trackId: null, artistRelationTypeId: PRIMARY, artistName: nameIs(artistName) } } } },
        { artistCredits: { some: { artistRelationTypeId: PRIMARY, artistName: nameIs(artistName) } } },
      ],
    },
  });
}

/** Tracks on the account's non-deleted releases (the plan's account-wide allowance). */
export function accountTrackCount(db: Db, userId: string): Promise<number> {
  return db.track.count({ where: { userId, release: { status: { not: DELETED_STATUS } } } });
}

/** The release's primary artists (its release-level primary credits), whose allowances a new track uses. */
export async function releasePrimaryArtists(db: Db, releaseId: string): Promise<string[]> {
  const credits = await db.artistCredit.findMany({ where: { releaseId, trackId: null, artistRelationTypeId: PRIMARY }, select: { artistName: true }, orderBy: { position: 'asc' } });
  return credits.map((c) => c.artistName);
}

/** The plan refusal when one primary artist has used their recordings. */
export function artistRecordingLimit(plan: PlanName, artistName: string): DomainError {
  const { recordingsPerArtist } = planLimits(plan);
  return new DomainError('FORBIDDEN', `${artistName} has reached your plan's limit of ${recordingsPerArtist} recordings per artist. Upgrade your plan to add more`, {
    key: 'plan-artist-recording-limit',
    artistName,
    limit: recordingsPerArtist,
  });
}

/** The plan refusal when the account has used its tracks. */
export function accountTrackLimit(plan: PlanName): DomainError {
  const { maxTracks } = planLimits(plan);
  return new DomainError('FORBIDDEN', `Your plan allows ${maxTracks} tracks on the account. Upgrade your plan to add more`, { key: 'plan-track-limit', limit: maxTracks });
}

/** The plan refusal when the account has its plan's number of primary artists. */
export function primaryArtistLimit(plan: PlanName): DomainError {
  const { maxPrimaryArtists } = planLimits(plan);
  return new DomainError('FORBIDDEN', `Your plan allows ${maxPrimaryArtists} primary artists. Upgrade your plan to add more`, { key: 'plan-artist-limit', limit: maxPrimaryArtists });
}
