/**
 * Staff review of submitted releases (issue 14): the queue of VALIDATED releases oldest first, one
 * release with everything a reviewer checks, approve (APPROVED, then the delivery job is queued),
 * reject (REJECTED with the core §4 rejection list), the ADMIN_EDIT correction of metadata, and the
 * audio and cover a reviewer plays and looks at. Every move goes through changeReleaseStatus and is
 * an audit event naming the staff member; every function asks the staff policy first.
 */
import type { Readable } from 'node:stream';
import { ARTIST_ROLE } from '@cadence/domain/constants';
import { buildRejectionComment, rejectionReasonLines, type RejectionRecord } from '@cadence/domain/rejection-comment';
import { isReleaseStatus, type ReleaseStatus } from '@cadence/domain/release-status';
import { TEXT_LIMITS } from '@cadence/domain/text-limits';
import type { Prisma } from '../../generated/prisma/client.ts';
import { badInput, DomainError } from '../../domain-error.ts';
import { assertWithinLimits } from '../../input-limits.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import type { ByteRange } from '../../integrations/storage/storage.ts';
import { auditCatalogEdit } from '../audit/audit.service.ts';
import { storageFor } from '../uploads/storage.ts';
import { requireStaffAction } from '../users/staff.policy.ts';
import { CHECK_INCLUDE, checkLoadedRelease, type CheckIssue } from './release-check.ts';
import { dateOnly, releaseNotFound, statusName, statusNumber, todayUtc } from './release-model.ts';
import { assertExpectedVersion, changeReleaseStatus, versionConflict } from './release-status.service.ts';
import { releaseData, type ReleaseCtx, type ReleaseInput } from './releases.service.ts';
import { confirmTransferCodes, transfersByRelease, type TransferView } from './transfer.service.ts';

/** The job the delivery module runs for an approved release (its handler lives there). */
export const DELIVER_RELEASE_JOB = 'delivery.deliver-release';

const ROLE_NAMES: Record<number, string> = Object.fromEntries(Object.entries(ARTIST_ROLE).map(([name, id]) => [id, name]));

export interface ReviewCredit {
  artistName: string;
  role: string;
  trackId: string | null;
}

export interface ReviewTrack {
  id: string;
  position: number;
  title: string;
  isrc: string | null;
  durationMs: number | null;
  fileName: string | null;
  sampleRate: number | null;
  bitDepth: number | null;
  channels: number | null;
  explicitLyrics: boolean;
  isRemix: boolean;
  isCover: boolean;
  hasAudio: boolean;
  credits: ReviewCredit[];
}

/** A release as a reviewer sees it. */
export interface ReviewRelease {
  id: string;
  userId: string;
  owner: { id: string; email: string; name: string; artistName: string | null };
  title: string;
  status: ReleaseStatus;
  version: number;
  genre: string | null;
  genreId: string | null;
  language: string;
  upc: string | null;
  catalogNumber: string | null;
  labelName: string | null;
  pLine: string | null;
  cLine: string | null;
  releaseDate: string | null;
  originalReleaseDate: string | null;
  territoryAllowed: boolean | null;
  territoryCountryCodes: string[];
  submittedAt: Date | null;
  statusChangedAt: Date | null;
  hasCover: boolean;
  coverWidth: number | null;
  coverHeight: number | null;
  outlets: string[];
  credits: ReviewCredit[];
  tracks: ReviewTrack[];
  checkIssues: CheckIssue[];
  rejectionReasons: string[];
  /** Set when the release came to us from another distributor (issue 23). */
  transfer: TransferView | null;
}

const REVIEW_INCLUDE = {
  ...CHECK_INCLUDE,
  user: { select: { id: true, email: true, firstName: true, lastName: true, primaryArtists: true } },
  genre: { select: { name: true } },
  language: { select: { name: true } },
  outlets: { select: { dspId: true, dsp: { select: { name: true } } }, orderBy: { dspId: 'asc' } },
  tracks: {
    orderBy: { position: 'asc' },
    select: {
      id: true, title: true, isrc: true, audioFileId: true, isRemix: true, isCover: true, position: true, durationMs: true,
      fileName: true, sampleRate: true, bitDepth: true, channels: true, explicitLyrics: true,
    },
  },
} satisfies Prisma.ReleaseInclude;

type LoadedReview = Prisma.ReleaseGetPayload<{ include: typeof REVIEW_INCLUDE }>;

function presentReview(r: LoadedReview, hideDspSelection: boolean, transfer: TransferView | null = null): ReviewRelease {
  const credit = (c: { artistName: string; artistRelationTypeId: number; trackId: string | null }): ReviewCredit => ({
    artistName: c.artistName,
    role: ROLE_NAMES[c.artistRelationTypeId] ?? String(c.artistRelationTypeId),
    trackId: c.trackId,
  });
  const status = statusName(r.status);
  return {
    id: r.id,
    userId: r.userId,
    owner: { id: r.user.id, email: r.user.email, name: [r.user.firstName, r.user.lastName].filter(Boolean).join(' '), artistName: r.user.primaryArtists[0] ?? null },
    title: r.title,
    status,
    version: r.version,
    genre: r.genre?.name ?? null,
    genreId: r.genreId,
    language: r.language.name,
    upc: r.upc,
    catalogNumber: r.catalogNumber,
    labelName: r.labelName,
    pLine: r.pLine,
    cLine: r.cLine,
    releaseDate: dateOnly(r.releaseDate),
    originalReleaseDate: dateOnly(r.originalReleaseDate),
    territoryAllowed: r.territoryAllowed,
    territoryCountryCodes: r.territoryCountryCodes,
    submittedAt: r.submittedAt,
    statusChangedAt: r.statusChangedAt,
    hasCover: r.coverArtFileId !== null,
    coverWidth: r.coverArt?.width ?? null,
    coverHeight: r.coverArt?.height ?? null,
    outlets: r.outlets.map((o) => o.dsp.name),
    credits: r.artistCredits.filter((c) => c.trackId === null).map(credit),
    tracks: r.tracks.map((t) => ({
      id: t.id,
      position: t.position,
      title: t.title,
      isrc: t.isrc,
      durationMs: t.durationMs,
      fileName: t.fileName,
      sampleRate: t.sampleRate,
      bitDepth: t.bitDepth,
      channels: t.channels,
      explicitLyrics: t.explicitLyrics,
      isRemix: t.isRemix,
      isCover: t.isCover,
      hasAudio: t.audioFileId !== null,
      credits: r.artistCredits.filter((c) => c.trackId === t.id).map(credit),
    })),
    // The same check the submission passed, run again now: a reviewer sees what changed since.
    checkIssues: status === 'VALIDATED' ? checkLoadedRelease(r, { today: todayUtc(), hideDspSelection }) : [],
    rejectionReasons: rejectionReasonLines(r.comment, r.tracks.map((t) => t.id)),
    transfer,
  };
}

export interface ReviewQueueInput {
  /** Which status to list; VALIDATED (the review queue) when absent. */
  status?: string | null;
  /** How many, at most (1-100, 25 by default). */
  first?: number | null;
  /** The last id of the previous page. */
  after?: string | null;
}

export interface ReviewQueuePayload {
  releases: ReviewRelease[];
  hasMore: boolean;
  endCursor: string | null;
  totalCount: number;
}

/**
 * Releases in one status (VALIDATED by default), oldest submission first: the order they joined the
 * queue; ties by id. A page reads `first + 1` rows to tell whether there is more.
 */
export async function listReviewQueue(ctx: ReleaseCtx, input: ReviewQueueInput = {}): Promise<ReviewQueuePayload> {
  requireStaffAction(ctx.viewer, 'review-releases');
  const statusText = input.status ?? 'VALIDATED';
  if (!isReleaseStatus(statusText) || statusText === 'DELETED') {
    throw badInput('status must be a release status', [{ field: 'status', key: 'invalid', message: 'status must be a release status' }], 'invalid');
  }
  const first = input.first ?? 25;
  if (!Number.isInteger(first) || first < 1 || first > 100) {
    throw badInput('first must be between 1 and 100', [{ field: 'first', key: 'range', message: 'first must be between 1 and 100' }], 'range');
  }
  const where: Prisma.ReleaseWhereInput = { status: statusNumber(statusText) };
  const orderBy: Prisma.ReleaseOrderByWithRelationInput[] = [{ submittedAt: { sort: 'asc', nulls: 'last' } }, { id: 'asc' }];
  const [rows, totalCount] = await Promise.all([
    ctx.prisma.release.findMany({ where, orderBy, take: first + 1, ...(input.after ? { cursor: { id: input.after }, skip: 1 } : {}), include: REVIEW_INCLUDE }),
    ctx.prisma.release.count({ where }),
  ]);
  const page = rows.slice(0, first);
  const transfers = await transfersByRelease(ctx.prisma, page.map((r) => r.id));
  return {
    releases: page.map((r) => presentReview(r, ctx.config.env.hideDSPSelection, transfers.get(r.id) ?? null)),
    hasMore: rows.length > first,
    endCursor: page.at(-1)?.id ?? null,
    totalCount,
  };
}

/** One release (any user's, not deleted) as a reviewer sees it, or NOT_FOUND. */
export async function getReviewRelease(ctx: ReleaseCtx, releaseId: string): Promise<ReviewRelease> {
  requireStaffAction(ctx.viewer, 'review-releases');
  const r = await ctx.prisma.release.findFirst({ where: { id: releaseId, status: { not: statusNumber('DELETED') } }, include: REVIEW_INCLUDE });
  if (!r) throw releaseNotFound();
  const transfers = await transfersByRelease(ctx.prisma, [r.id]);
  return presentReview(r, ctx.config.env.hideDSPSelection, transfers.get(r.id) ?? null);
}

async function lockAnyRelease(tx: Prisma.TransactionClient, id: string) {
  const release = await tx.release.findFirst({ where: { id, status: { not: statusNumber('DELETED') } } });
  if (!release) throw releaseNotFound();
  return release;
}

export interface ApproveReleaseInput {
  releaseId: string;
  /** The version the reviewer looked at; a release changed since is a CONFLICT. */
  version?: number | null;
}

/**
 * Approves a VALIDATED release, or an IMPORTING transfer whose codes are now its own (APPROVED,
 * audited with the reviewer), and queues its delivery in the same transaction; a transfer is
 * delivered with its original UPC and ISRCs.
 */
export async function approveRelease(ctx: ReleaseCtx, input: ApproveReleaseInput): Promise<{ releaseId: string }> {
  requireStaffAction(ctx.viewer, 'review-releases');
  return ctx.prisma.$transaction(async (tx) => {
    const release = await lockAnyRelease(tx, input.releaseId);
    assertExpectedVersion(release, input.version);
    if (statusName(release.status) === 'IMPORTING') await confirmTransferCodes(tx, ctx, release);
    const { version } = await changeReleaseStatus(tx, ctx, release, {
      to: 'APPROVED',
      actor: 'admin',
      data: { comment: null, rejectDate: null },
      refusal: `Only a release waiting for review can be approved (this one is ${statusName(release.status)})`,
    });
    await enqueueJob(tx, DELIVER_RELEASE_JOB, { releaseId: release.id }, { uniqueKey: `${DELIVER_RELEASE_JOB}:${release.id}:${version}` });
    return { releaseId: release.id };
  });
}

export interface RejectionReasonInput {
  /** The track the reason is about; absent for a release-level reason. */
  trackId?: string | null;
  reason: string;
}

export interface RejectReleaseInput {
  releaseId: string;
  reasons: readonly RejectionReasonInput[];
  version?: number | null;
}

/** The separators of the rejection list cannot appear inside a reason: they are folded to their plain characters. */
function cleanReason(reason: string): string {
  return reason.replace(/\s+/g, ' ').replaceAll(' ;', ';').replaceAll(' :', ':').trim();
}

/**
 * Rejects a VALIDATED release with at least one reason (release-level, or about one of its tracks),
 * stored in the core §4 rejection-list format so the artist reads 'Track N: reason'.
 */
export async function rejectRelease(ctx: ReleaseCtx, input: RejectReleaseInput): Promise<{ releaseId: string }> {
  requireStaffAction(ctx.viewer, 'review-releases');
  const reasons = Array.isArray(input.reasons) ? input.reasons : [];
  if (reasons.length === 0) throw badInput('Give at least one reason', [{ field: 'reasons', key: 'required', message: 'Give at least one reason' }], 'required');
  if (reasons.length > 100) throw badInput('At most 100 reasons', [{ field: 'reasons', key: 'range', message: 'At most 100 reasons' }], 'range');
  reasons.forEach((r, i) => assertWithinLimits({ [`reasons.${i}.reason`]: r.reason }, { [`reasons.${i}.reason`]: TEXT_LIMITS.message }));
  return ctx.prisma.$transaction(async (tx) => {
    const release = await lockAnyRelease(tx, input.releaseId);
    assertExpectedVersion(release, input.version);
    const trackIds = new Set((await tx.track.findMany({ where: { releaseId: release.id }, select: { id: true } })).map((t) => t.id));
    const records: RejectionRecord[] = reasons.map((r, i) => {
      const reason = typeof r.reason === 'string' ? cleanReason(r.reason) : '';
      if (!reason) throw badInput('Write the reason', [{ field: `reasons.${i}.reason`, key: 'required', message: 'Write the reason' }], 'required');
      if (r.trackId === undefined || r.trackId === null || r.trackId === '') return { kind: 'release', reason };
      if (!trackIds.has(r.trackId)) throw badInput('That track is not on this release', [{ field: `reasons.${i}.trackId`, key: 'unknown-track', message: 'That track is not on this release' }], 'unknown-track');
      return { kind: 'track', trackId: r.trackId, reason };
    });
    await changeReleaseStatus(tx, ctx, release, {
      to: 'REJECTED',
      actor: 'admin',
      data: { comment: buildRejectionComment(records), rejectDate: new Date() },
      refusal: `Only a release waiting for review can be rejected (this one is ${statusName(release.status)})`,
    });
    return { releaseId: release.id };
  });
}

/** The metadata staff may correct (a subset of the artist's own edit, with the same rules). */
export interface AdminEditReleaseInput extends Pick<ReleaseInput, 'title' | 'genreId' | 'languageId' | 'catalogNumber' | 'upc' | 'releaseDate' | 'originalReleaseDate'> {
  releaseId: string;
  version?: number | null;
}

/** Releases staff may correct: those in review (waiting, or just rejected). Delivered ones change through the artist (update messages). */
const CORRECTABLE: readonly ReleaseStatus[] = ['VALIDATED', 'REJECTED'];

/**
 * Staff correct a release's metadata (ADMIN_EDIT): the release passes through ADMIN_EDIT and back to
 * the status it had, all in one transaction, and the correction is a RELEASE_EDITED audit event with
 * the old and new values naming the staff member. The rules of the artist's own edit apply.
 */
export async function adminEditRelease(ctx: ReleaseCtx, input: AdminEditReleaseInput): Promise<{ releaseId: string }> {
  requireStaffAction(ctx.viewer, 'review-releases');
  const { releaseId, version: expected, ...patch } = input;
  const current = await ctx.prisma.release.findFirst({ where: { id: releaseId, status: { not: statusNumber('DELETED') } }, select: { releaseDate: true } });
  if (!current) throw releaseNotFound();
  const fields = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  if (Object.keys(fields).length === 0) throw badInput('Nothing to change', [{ field: 'input', key: 'required', message: 'Nothing to change' }], 'required');
  const { data } = await releaseData(ctx, fields, current);
  return ctx.prisma.$transaction(async (tx) => {
    const release = await lockAnyRelease(tx, releaseId);
    assertExpectedVersion(release, expected);
    const back = statusName(release.status);
    if (!CORRECTABLE.includes(back)) {
      throw new DomainError('CONFLICT', `A ${back} release cannot be corrected here`, { key: 'release-not-editable', status: back });
    }
    const step = await changeReleaseStatus(tx, ctx, release, { to: 'ADMIN_EDIT', actor: 'admin' });
    const { count } = await tx.release.updateMany({ where: { id: releaseId, version: step.version }, data: { ...(data as Prisma.ReleaseUpdateManyMutationInput), version: { increment: 1 } } });
    if (count === 0) throw versionConflict();
    await auditCatalogEdit(ctx, tx, { subcategory: 'RELEASE_EDITED', userId: release.userId, entityType: 'Release', entityId: releaseId, before: { ...release }, after: { ...data } });
    const edited = await tx.release.findUniqueOrThrow({ where: { id: releaseId } });
    await changeReleaseStatus(tx, ctx, edited, { to: back, actor: 'admin' });
    return { releaseId };
  });
}

/** The stored audio of any user's track, for a reviewer's player (a byte range when asked). */
export async function openReviewTrackAudio(ctx: ReleaseCtx, trackId: string): Promise<{ size: number; mimeType: string; fileName: string; open: (range?: ByteRange) => Promise<Readable> }> {
  requireStaffAction(ctx.viewer, 'review-releases');
  const track = await ctx.prisma.track.findFirst({
    where: { id: trackId, release: { status: { not: statusNumber('DELETED') } } },
    select: { fileName: true, audioFile: { select: { storageKey: true, mimeType: true, sizeBytes: true } } },
  });
  if (!track) throw new DomainError('NOT_FOUND', 'Track not found', { key: 'track-not-found' });
  const file = track.audioFile;
  if (!file) throw new DomainError('NOT_FOUND', 'This track has no audio yet', { key: 'audio-not-found' });
  const storage = storageFor(ctx.config);
  return { size: Number(file.sizeBytes), mimeType: file.mimeType, fileName: track.fileName ?? 'track', open: (range) => storage.get(file.storageKey, range) };
}

/** The cover image of any user's release, for the review page. */
export async function openReviewCover(ctx: ReleaseCtx, releaseId: string): Promise<{ size: number; mimeType: string; fileName: string; open: (range?: ByteRange) => Promise<Readable> }> {
  requireStaffAction(ctx.viewer, 'review-releases');
  const release = await ctx.prisma.release.findFirst({
    where: { id: releaseId, status: { not: statusNumber('DELETED') } },
    select: { coverArt: { select: { storageKey: true, mimeType: true, sizeBytes: true, originalName: true } } },
  });
  if (!release) throw releaseNotFound();
  const file = release.coverArt;
  if (!file) throw new DomainError('NOT_FOUND', 'This release has no cover yet', { key: 'cover-not-found' });
  const storage = storageFor(ctx.config);
  return { size: Number(file.sizeBytes), mimeType: file.mimeType, fileName: file.originalName ?? 'cover', open: (range) => storage.get(file.storageKey, range) };
}

export interface StaffReleaseSummary {
  id: string;
  title: string;
  status: ReleaseStatus;
  releaseDate: string | null;
  submittedAt: Date | null;
  updatedAt: Date;
}

/** A person's releases (not deleted), newest first, for their account page. */
export async function listReleasesOfUser(ctx: ReleaseCtx, userId: string): Promise<StaffReleaseSummary[]> {
  requireStaffAction(ctx.viewer, 'manage-accounts');
  const rows = await ctx.prisma.release.findMany({
    where: { userId, status: { not: statusNumber('DELETED') } },
    orderBy: { id: 'desc' },
    take: 200,
    select: { id: true, title: true, status: true, releaseDate: true, submittedAt: true, updatedAt: true },
  });
  return rows.map((r) => ({ ...r, status: statusName(r.status), releaseDate: dateOnly(r.releaseDate) }));
}

/** The ids a release's audit trail is kept under (release, cover and credit events use the release's or a track's id), or NOT_FOUND. */
export async function releaseAuditEntityIds(ctx: ReleaseCtx, releaseId: string): Promise<string[]> {
  requireStaffAction(ctx.viewer, 'read-audit-log');
  const release = await ctx.prisma.release.findUnique({ where: { id: releaseId }, select: { id: true, tracks: { select: { id: true } } } });
  if (!release) throw releaseNotFound();
  return [release.id, ...release.tracks.map((t) => t.id)];
}
