/** Artist credits on tracks and releases, with the artist-name rules and the plan's primary-artist limit. */
import { splitArtistNames, validateArtistInput } from '@cadence/domain/artist-names';
import { ARTIST_ROLE, type ArtistRoleId } from '@cadence/domain/constants';
import { canAddPrimaryArtist, canAddRecording } from '@cadence/domain/plans';
import { badInput, DomainError } from '../../domain-error.ts';
import { requireViewer, statusNumber } from '../releases/release-model.ts';
import { artistRecordingCount, artistRecordingLimit, currentPlan, lockAccountPlan, primaryArtistLimit } from '../releases/plan.ts';
import { lockOwnedRelease, prepareEdit, touchRelease, type ReleaseCtx } from '../releases/releases.service.ts';
import { assertExpectedVersion, type Tx } from '../releases/release-status.service.ts';
import { lockOwnedTrack } from '../tracks/tracks.service.ts';
import { auditCatalogEdit } from '../audit/audit.service.ts';
import { TEXT_LIMITS } from '@cadence/domain/text-limits';
import { assertWithinLimits } from '../../input-limits.ts';

/** The credits of a release (trackId null) or one track, as 'Name (role id)' in order, for the audit trail. */
async function creditList(tx: Tx, releaseId: string, trackId: string | null): Promise<string[]> {
  const rows = await tx.artistCredit.findMany({ where: { releaseId, trackId }, orderBy: [{ position: 'asc' }, { id: 'asc' }], select: { artistName: true, artistRelationTypeId: true } });
  return rows.map((c) => `${c.artistName} (${c.artistRelationTypeId})`);
}

/** Runs a credit change and records the target's credit list before and after it. */
async function auditedCredits<T>(tx: Tx, ctx: ReleaseCtx, target: { release: { id: string; userId: string }; trackId: string | null }, change: () => Promise<T>): Promise<T> {
  const before = await creditList(tx, target.release.id, target.trackId);
  const result = await change();
  const after = await creditList(tx, target.release.id, target.trackId);
  await auditCatalogEdit(ctx, tx, { subcategory: 'CREDIT_EDITED', userId: target.release.userId, entityType: 'Credit', entityId: target.trackId ?? target.release.id, before: { credits: before }, after: { credits: after } });
  return result;
}

const ROLE_IDS: readonly number[] = Object.values(ARTIST_ROLE);

/** Narrows a number from the API to an artist role id, or answers 400. */
export function toArtistRole(value: unknown): ArtistRoleId {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !ROLE_IDS.includes(n)) {
    throw badInput('Unknown artist role', [{ field: 'artistRelationTypeId', key: 'range', message: `Role must be one of ${ROLE_IDS.join(', ')}` }], 'range');
  }
  return n as ArtistRoleId;
}

export interface AddCreditInput {
  /** Credit the whole release (trackId absent) or one track. */
  releaseId?: string | null;
  trackId?: string | null;
  /** One name, or several separated by commas. */
  artistName: string;
  role: ArtistRoleId;
  /** The release's version the caller last read: a stale one is CONFLICT; none (legacy REST) means last write wins. */
  version?: number | null;
}

async function targetOf(tx: Tx, ctx: ReleaseCtx, input: { releaseId?: string | null; trackId?: string | null }) {
  if (input.trackId) {
    const { track, release } = await lockOwnedTrack(tx, ctx, input.trackId);
    if (input.releaseId && input.releaseId !== release.id) throw new DomainError('NOT_FOUND', 'Track not found', { key: 'track-not-found' });
    return { release, trackId: track.id };
  }
  if (!input.releaseId) throw badInput('Give a release or a track', [{ field: 'trackId', key: 'required', message: 'Give a release or a track' }], 'required');
  return { release: await lockOwnedRelease(tx, ctx, input.releaseId), trackId: null };
}

/**
 * New primary credits must fit the plan: a name new to the account needs a free primary-artist place,
 * and each credited artist's recordings (elsewhere, plus the tracks this credit adds) stay within the
 * plan's recordings per artist.
 */
async function assertPrimaryCreditsFit(tx: Tx, userId: string, releaseId: string, trackId: string | null, names: readonly string[], accountArtists: readonly string[]): Promise<void> {
  const [plan, primaries, releaseTracks] = await Promise.all([
    currentPlan(tx, userId),
    tx.artistCredit.findMany({ where: { userId, artistRelationTypeId: ARTIST_ROLE.PRIMARY, release: { status: { not: statusNumber('DELETED') } } }, distinct: ['artistName'], select: { artistName: true } }),
    trackId ? Promise.resolve(1) : tx.track.count({ where: { releaseId } }),
  ]);
  const known = new Set([...accountArtists, ...primaries.map((p) => p.artistName)].map((n) => n.trim().toLowerCase()).filter((n) => n !== ''));
  for (const name of names) {
    if (!known.has(name.toLowerCase())) {
      if (!canAddPrimaryArtist(plan, known.size)) throw primaryArtistLimit(plan);
      known.add(name.toLowerCase());
    }
    if (releaseTracks === 0) continue;
    // Recordings outside this release plus this release's tracks, less the one canAddRecording itself adds.
    const elsewhere = await artistRecordingCount(tx, userId, name, releaseId);
    if (!canAddRecording(plan, { artistRecordings: elsewhere + releaseTracks - 1, totalTracks: 0 })) throw artistRecordingLimit(plan, name);
  }
}

/**
 * Adds one or more artists (comma list) with one role; names follow the artist-name rules; new
 * primary artists count against the plan, checked under the account's plan lock so simultaneous
 * additions cannot together pass it.
 */
export async function addArtistCredits(ctx: ReleaseCtx, input: AddCreditInput): Promise<{ releaseId: string; trackId: string | null; creditIds: string[] }> {
  const viewer = requireViewer(ctx);
  if (typeof input.artistName === 'string') assertWithinLimits(input, { artistName: TEXT_LIMITS.artistNameList });
  if (typeof input.artistName !== 'string' || splitArtistNames(input.artistName).length === 0) {
    throw badInput('Artist Name is required', [{ field: 'artistName', key: 'required', message: 'Artist Name is required' }], 'required');
  }
  return ctx.prisma.$transaction(async (tx) => {
    // Before any read: a request that waited for the lock must see the other one's credits and version.
    if (input.role === ARTIST_ROLE.PRIMARY) await lockAccountPlan(tx, viewer.userId);
    const { release, trackId } = await targetOf(tx, ctx, input);
    assertExpectedVersion(release, input.version);
    const { version } = await prepareEdit(tx, ctx, release);
    const [existing, user] = await Promise.all([
      tx.artistCredit.findMany({ where: { releaseId: release.id, trackId }, select: { artistName: true, artistRelationTypeId: true, position: true } }),
      tx.user.findUniqueOrThrow({ where: { id: viewer.userId }, select: { primaryArtists: true } }),
    ]);
    const listed = existing.filter((c) => c.artistRelationTypeId === input.role).map((c) => c.artistName);
    // The account's primary artists are the list primary credits are chosen from, so only other roles may not repeat them.
    const primaryArtists = input.role === ARTIST_ROLE.PRIMARY ? [] : user.primaryArtists;
    const error = validateArtistInput(input.artistName, { role: input.role, listed, primaryArtists });
    if (error) throw badInput(error.message, [{ field: 'artistName', ...error }], error.key);
    const names = splitArtistNames(input.artistName);
    if (input.role === ARTIST_ROLE.PRIMARY) await assertPrimaryCreditsFit(tx, viewer.userId, release.id, trackId, names, user.primaryArtists);
    let position = existing.reduce((max, c) => Math.max(max, c.position), -1);
    const creditIds: string[] = [];
    await auditedCredits(tx, ctx, { release, trackId }, async () => {
      for (const name of names) {
        position += 1;
        const credit = await tx.artistCredit.create({
          data: { releaseId: release.id, trackId, userId: viewer.userId, artistName: name, artistRelationTypeId: input.role, position },
          select: { id: true },
        });
        creditIds.push(credit.id);
      }
    });
    await touchRelease(tx, { id: release.id, version });
    return { releaseId: release.id, trackId, creditIds };
  });
}

/** Removes one credit of the viewer's (GraphQL removeArtistCredit); a stale `expectedVersion` is CONFLICT. */
export async function removeArtistCredit(ctx: ReleaseCtx, creditId: string, expectedVersion?: number | null): Promise<{ releaseId: string }> {
  const viewer = requireViewer(ctx);
  return ctx.prisma.$transaction(async (tx) => {
    const credit = await tx.artistCredit.findFirst({ where: { id: creditId, userId: viewer.userId } });
    if (!credit) throw new DomainError('NOT_FOUND', 'Credit not found', { key: 'credit-not-found' });
    const release = await lockOwnedRelease(tx, ctx, credit.releaseId);
    assertExpectedVersion(release, expectedVersion);
    const { version } = await prepareEdit(tx, ctx, release);
    await auditedCredits(tx, ctx, { release, trackId: credit.trackId }, () => tx.artistCredit.delete({ where: { id: creditId } }));
    await touchRelease(tx, { id: release.id, version });
    return { releaseId: release.id };
  });
}

/** Removes the credits with this name from a track (DELETE /api/artists?artistName&trackId&userId); a stale `version` is CONFLICT. */
export async function removeArtistCreditsByName(
  ctx: ReleaseCtx,
  input: { artistName: string; trackId: string; userId?: string; version?: number | null },
): Promise<{ releaseId: string; removed: number }> {
  const viewer = requireViewer(ctx);
  if (input.userId && input.userId !== viewer.userId) throw new DomainError('NOT_FOUND', 'Track not found', { key: 'track-not-found' });
  return ctx.prisma.$transaction(async (tx) => {
    const { release, trackId } = await targetOf(tx, ctx, { trackId: input.trackId });
    assertExpectedVersion(release, input.version);
    const { version } = await prepareEdit(tx, ctx, release);
    const { count } = await auditedCredits(tx, ctx, { release, trackId }, () => tx.artistCredit.deleteMany({ where: { trackId, artistName: { equals: input.artistName.trim(), mode: 'insensitive' } } }));
    if (count === 0) throw new DomainError('NOT_FOUND', 'No such artist on this track', { key: 'credit-not-found' });
    await touchRelease(tx, { id: release.id, version });
    return { releaseId: release.id, removed: count };
  });
}
