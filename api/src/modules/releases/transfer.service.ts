/**
 * Catalogue transfer of one release (issue 23): a release already in stores keeps its UPC and ISRCs,
 * moves to IMPORTING, and waits for staff. A code held by another release, used by another account,
 * or issued under our own prefixes is never silently accepted: the transfer is marked CODE_CONFLICT
 * with both accounts in an audit event. Claims live in catalog_code_claims, whose primary key makes
 * two transfers of one code race to exactly one winner.
 */
import { normalizeIsrc } from '@cadence/domain/isrc';
import { duplicateCodes, isOwnIsrc, isOwnUpc, LIVE_STORES_MAX, normalizeTransferUpc, PREVIOUS_DISTRIBUTOR_MAX, TRANSFER_KEEP_LIVE_NOTICE, validateTransferIsrc, validateTransferUpc } from '@cadence/domain/transfer';
import { toIsoDate } from '@cadence/domain/date-string';
import type { Prisma } from '../../generated/prisma/client.ts';
import { badInput, DomainError, peopleMessage, type FieldError } from '../../domain-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { CHECK_INCLUDE, checkLoadedRelease } from './release-check.ts';
import { parseDateOnly, releaseNotFound, requireViewer, statusName, statusNumber, todayUtc } from './release-model.ts';
import { assertExpectedVersion, changeReleaseStatus, type Tx } from './release-status.service.ts';
import { lockOwnedRelease, ownedReleaseWhere, prepareEdit, type ReleaseCtx } from './releases.service.ts';

export type CodeKind = 'UPC' | 'ISRC';

/** Why staff must look at a code. */
export interface CodeConflict {
  kind: CodeKind;
  code: string;
  /** 'claimed': another transfer holds it; 'in-use': another account's release carries it; 'own-prefix': we issued it. */
  reason: 'claimed' | 'in-use' | 'own-prefix';
  otherUserId: string | null;
  otherReleaseId: string | null;
}

export interface TransferTrackInput {
  trackId: string;
  isrc: string;
}

export interface SubmitTransferInput {
  releaseId: string;
  upc: string;
  originalReleaseDate: string;
  previousDistributor: string;
  liveStores?: readonly string[] | null;
  tracks: readonly TransferTrackInput[];
  version?: number | null;
}

export interface TransferView {
  releaseId: string;
  previousDistributor: string;
  liveStores: string[];
  review: 'PENDING' | 'CODE_CONFLICT' | 'APPROVED';
  conflicts: CodeConflict[];
  submittedAt: Date;
  notice: string;
}

/** The codes a transfer brings, as stored (UPC digits, canonical ISRC). */
export interface TransferCodes {
  upc: string;
  isrcs: { trackId: string | null; isrc: string }[];
}

/** Checks the artist's transfer fields; every problem is a field error (format and check digit from domain/). */
export function checkTransferInput(input: SubmitTransferInput): { codes: TransferCodes; originalReleaseDate: Date; previousDistributor: string; liveStores: string[] } {
  const errors: FieldError[] = [];
  const add = (field: string, e: { key: string; message: string } | undefined) => e && errors.push({ field, key: e.key, message: e.message });
  add('upc', validateTransferUpc(input.upc));
  const original = toIsoDate(input.originalReleaseDate);
  if (!original) {
    add('originalReleaseDate', { key: 'required', message: 'Give the original release date (YYYY-MM-DD)' });
  } else if (original > todayUtc()) {
    add('originalReleaseDate', { key: 'date-in-future', message: 'A release already in stores has an original release date in the past' });
  }
  const distributor = typeof input.previousDistributor === 'string' ? input.previousDistributor.trim() : '';
  if (!distributor) add('previousDistributor', { key: 'required', message: 'Name your previous distributor' });
  else if (distributor.length > PREVIOUS_DISTRIBUTOR_MAX) add('previousDistributor', { key: 'too-long', message: `At most ${PREVIOUS_DISTRIBUTOR_MAX} characters` });
  const stores = (Array.isArray(input.liveStores) ? input.liveStores : []).map((s) => String(s).trim()).filter(Boolean);
  if (stores.length > LIVE_STORES_MAX || stores.some((s) => s.length > PREVIOUS_DISTRIBUTOR_MAX)) add('liveStores', { key: 'too-long', message: `At most ${LIVE_STORES_MAX} stores of ${PREVIOUS_DISTRIBUTOR_MAX} characters` });
  const tracks = Array.isArray(input.tracks) ? input.tracks : [];
  tracks.forEach((t, i) => add(`tracks.${i}.isrc`, validateTransferIsrc(t?.isrc)));
  const isrcs = tracks.map((t) => ({ trackId: String(t?.trackId ?? ''), isrc: normalizeIsrc(t?.isrc) ?? '' }));
  for (const dup of duplicateCodes(isrcs.map((t) => t.isrc).filter(Boolean))) {
    add(`tracks.${isrcs.findLastIndex((t) => t.isrc === dup)}.isrc`, { key: 'duplicate-isrc', message: `ISRC ${dup} is given to two tracks` });
  }
  if (errors.length) throw badInput(peopleMessage(errors), errors, errors[0]?.key);
  return {
    codes: { upc: normalizeTransferUpc(input.upc) as string, isrcs },
    originalReleaseDate: parseDateOnly(original as string),
    previousDistributor: distributor,
    liveStores: [...new Set(stores)],
  };
}

/**
 * Claims the codes for a release in the caller's transaction and returns what staff must review.
 * The claim insert skips codes another transaction holds (it waits for that one to finish first),
 * so of two parallel transfers of one code exactly one gets it; the other sees 'claimed'.
 */
export async function claimTransferCodes(
  tx: Tx,
  owner: { userId: string; releaseId: string },
  codes: TransferCodes,
  prefixes: { isrcRegistrant: string; upcPrefix: string },
): Promise<CodeConflict[]> {
  const wanted: { kind: CodeKind; code: string; trackId: string | null }[] = [
    { kind: 'UPC', code: codes.upc, trackId: null },
    ...codes.isrcs.map((t) => ({ kind: 'ISRC' as const, code: t.isrc, trackId: t.trackId })),
  ];
  await tx.catalogCodeClaim.createMany({
    data: wanted.map((w) => ({ kind: w.kind, code: w.code, trackId: w.trackId, releaseId: owner.releaseId, userId: owner.userId })),
    skipDuplicates: true,
  });
  const claims = await tx.catalogCodeClaim.findMany({ where: { OR: wanted.map((w) => ({ kind: w.kind, code: w.code })) } });
  const holder = new Map(claims.map((c) => [`${c.kind}:${c.code}`, c]));
  const conflicts: CodeConflict[] = [];
  const others = await Promise.all([
    tx.release.findMany({ where: { upc: codes.upc, id: { not: owner.releaseId }, userId: { not: owner.userId }, status: { not: statusNumber('DELETED') } }, select: { id: true, userId: true }, take: 1 }),
    tx.track.findMany({
      where: { isrc: { in: codes.isrcs.map((t) => t.isrc) }, releaseId: { not: owner.releaseId }, userId: { not: owner.userId }, release: { status: { not: statusNumber('DELETED') } } },
      select: { isrc: true, releaseId: true, userId: true },
    }),
  ]);
  for (const w of wanted) {
    const claim = holder.get(`${w.kind}:${w.code}`);
    if (claim && claim.releaseId !== owner.releaseId) {
      conflicts.push({ kind: w.kind, code: w.code, reason: 'claimed', otherUserId: claim.userId, otherReleaseId: claim.releaseId });
      continue;
    }
    const used = w.kind === 'UPC' ? others[0][0] : others[1].find((t) => t.isrc === w.code);
    if (used) conflicts.push({ kind: w.kind, code: w.code, reason: 'in-use', otherUserId: used.userId, otherReleaseId: 'releaseId' in used ? used.releaseId : used.id });
    else if (w.kind === 'UPC' ? isOwnUpc(w.code, prefixes.upcPrefix) : isOwnIsrc(w.code, prefixes.isrcRegistrant)) {
      conflicts.push({ kind: w.kind, code: w.code, reason: 'own-prefix', otherUserId: null, otherReleaseId: null });
    }
  }
  return conflicts;
}

/** One audit event per conflicting code, naming both accounts (the subject and the other holder). */
export async function auditCodeConflicts(tx: Tx, actor: { actorId: string | null; impersonatorId?: string | null; requestId?: string | null }, release: { id: string; userId: string }, conflicts: readonly CodeConflict[]): Promise<void> {
  for (const c of conflicts) {
    await tx.auditEvent.create({
      data: {
        category: 'RELEASE',
        subcategory: 'TRANSFER_CODE_CONFLICT',
        userId: release.userId,
        actorId: actor.actorId,
        impersonatorId: actor.impersonatorId ?? null,
        entityType: 'Release',
        entityId: release.id,
        newValues: { ...c, userId: release.userId },
        requestId: actor.requestId ?? null,
      },
    });
  }
}

/**
 * Submits a release already in stores as a transfer: the full release check must pass, the codes are
 * written and locked (IMPORTING is not editable), claims are taken, and the release moves to
 * IMPORTING. Submitting an IMPORTING transfer again changes nothing.
 */
export async function submitTransfer(ctx: ReleaseCtx, input: SubmitTransferInput): Promise<TransferView> {
  const viewer = requireViewer(ctx);
  // Whose release it is comes first: another account's release is NOT_FOUND whatever the input.
  const owned = await ctx.prisma.release.findFirst({ where: ownedReleaseWhere(ctx, String(input.releaseId)), select: { id: true } });
  if (!owned) throw releaseNotFound();
  const checked = checkTransferInput(input);
  await ctx.prisma.$transaction(async (tx) => {
    const release = await lockOwnedRelease(tx, ctx, input.releaseId);
    if (statusName(release.status) === 'IMPORTING') return;
    assertExpectedVersion(release, input.version);
    const { version } = await prepareEdit(tx, ctx, release);
    const tracks = await tx.track.findMany({ where: { releaseId: release.id }, select: { id: true }, orderBy: { position: 'asc' } });
    const given = new Map(checked.codes.isrcs.map((t) => [t.trackId, t.isrc]));
    const missing = tracks.findIndex((t) => !given.has(t.id));
    if (tracks.length === 0 || missing >= 0 || given.size !== tracks.length) {
      const field = missing >= 0 ? `tracks.${missing}.isrc` : 'tracks';
      throw badInput('Give the ISRC of each track of this release', [{ field, key: 'isrc-per-track', message: 'Give the ISRC of each track of this release' }], 'isrc-per-track');
    }
    for (const t of tracks) await tx.track.update({ where: { id: t.id }, data: { isrc: given.get(t.id) } });
    await tx.release.update({ where: { id: release.id }, data: { upc: checked.codes.upc, originalReleaseDate: checked.originalReleaseDate } });
    const loaded = await tx.release.findFirstOrThrow({ where: { id: release.id }, include: CHECK_INCLUDE });
    const issues = checkLoadedRelease(loaded, { today: todayUtc(), hideDspSelection: ctx.config.env.hideDSPSelection });
    if (issues.length > 0) {
      throw badInput('The release is not complete', issues.map((i) => ({ field: i.trackNumber ? `tracks.${i.trackNumber - 1}.${i.field}` : i.field, key: i.key, message: i.message })), 'release-incomplete');
    }
    const conflicts = await claimTransferCodes(tx, { userId: viewer.userId, releaseId: release.id }, checked.codes, ctx.config.codes);
    const transfer = {
      previousDistributor: checked.previousDistributor,
      liveStores: checked.liveStores,
      review: conflicts.length ? ('CODE_CONFLICT' as const) : ('PENDING' as const),
      conflicts: conflicts as unknown as Prisma.InputJsonValue,
      submittedAt: new Date(),
    };
    await tx.releaseTransfer.upsert({ where: { releaseId: release.id }, create: { releaseId: release.id, userId: release.userId, ...transfer }, update: transfer });
    await changeReleaseStatus(tx, ctx, { ...release, version }, { to: 'IMPORTING', actor: 'user', subcategory: 'TRANSFER_SUBMITTED', data: { submittedAt: new Date() } });
    await auditCodeConflicts(tx, { actorId: viewer.userId, impersonatorId: viewer.impersonatorId, requestId: ctx.requestId }, release, conflicts);
  });
  const view = await transferOf(ctx, input.releaseId);
  if (!view) throw releaseNotFound();
  return view;
}

function presentTransfer(t: { releaseId: string; previousDistributor: string; liveStores: string[]; review: TransferView['review']; conflicts: unknown; submittedAt: Date }): TransferView {
  return {
    releaseId: t.releaseId,
    previousDistributor: t.previousDistributor,
    liveStores: t.liveStores,
    review: t.review,
    conflicts: (Array.isArray(t.conflicts) ? t.conflicts : []) as CodeConflict[],
    submittedAt: t.submittedAt,
    notice: TRANSFER_KEEP_LIVE_NOTICE,
  };
}

/** The transfer of one of the viewer's releases, or null when it is not a transfer. */
export async function transferOf(ctx: ReleaseCtx, releaseId: string): Promise<TransferView | null> {
  const viewer = requireViewer(ctx);
  const t = await ctx.prisma.releaseTransfer.findFirst({ where: { releaseId, release: { userId: viewer.userId, status: { not: statusNumber('DELETED') } } } });
  return t && presentTransfer(t);
}

/** The transfers of several releases (staff review), by release id. */
export async function transfersByRelease(db: Pick<Tx, 'releaseTransfer'>, releaseIds: readonly string[]): Promise<Map<string, TransferView>> {
  const rows = await db.releaseTransfer.findMany({ where: { releaseId: { in: [...releaseIds] } } });
  return new Map(rows.map((t) => [t.releaseId, presentTransfer(t)]));
}

/**
 * Staff side of approving an IMPORTING transfer (called by approveRelease in its transaction): every
 * code must now be held by this release; codes staff looked at (in use elsewhere, our prefix) are
 * claimed now. A code still held by another release refuses the approval.
 */
export async function confirmTransferCodes(tx: Tx, ctx: ReleaseCtx, release: { id: string; userId: string }): Promise<void> {
  const transfer = await tx.releaseTransfer.findUnique({ where: { releaseId: release.id } });
  if (!transfer) throw new DomainError('CONFLICT', 'This release is importing and has no transfer to approve', { key: 'not-a-transfer' });
  const full = await tx.release.findUniqueOrThrow({ where: { id: release.id }, select: { upc: true, tracks: { select: { id: true, isrc: true } } } });
  const codes: TransferCodes = { upc: full.upc ?? '', isrcs: full.tracks.map((t) => ({ trackId: t.id, isrc: t.isrc ?? '' })) };
  if (!codes.upc || codes.isrcs.some((t) => !t.isrc)) {
    throw new DomainError('CONFLICT', 'This transfer still waits for its codes or audio', { key: 'transfer-incomplete' });
  }
  const conflicts = await claimTransferCodes(tx, { userId: release.userId, releaseId: release.id }, codes, ctx.config.codes);
  const held = conflicts.filter((c) => c.reason === 'claimed');
  const first = held[0];
  if (first) {
    throw new DomainError('CONFLICT', `${first.kind} ${first.code} belongs to another release; reject this transfer or resolve that one first`, { key: 'code-held' });
  }
  await tx.releaseTransfer.update({ where: { releaseId: release.id }, data: { review: 'APPROVED', approvedAt: new Date(), approvedBy: ctx.viewer?.userId ?? null } });
  await recordAudit(
    { viewer: ctx.viewer, requestId: ctx.requestId } as never,
    { category: 'RELEASE', subcategory: 'TRANSFER_APPROVED', userId: release.userId, entityType: 'Release', entityId: release.id, newValues: { upc: codes.upc, isrcs: codes.isrcs.map((t) => t.isrc), overruled: conflicts as unknown as Prisma.InputJsonValue } },
    tx,
  );
}
