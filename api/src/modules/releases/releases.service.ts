/** Release use-cases behind both transports: list, read, create, edit, check, submit, take down, reopen, delete. */
import { ARTIST_ROLE, DEFAULT_LANGUAGE_ID } from '@cadence/domain/constants';
import { releaseInputStruct } from '@cadence/domain/release-input';
import { countsTowardsTotals, displayStatus, isDeletable, isEditable, DISPLAY_STATUSES, type DisplayStatus } from '@cadence/domain/release-rules';
import { type ReleaseStatus } from '@cadence/domain/release-status';
import { parseCountryCodes } from '@cadence/domain/territory';
import { validateShape } from '@cadence/domain/validators';
import type { Prisma } from '../../generated/prisma/client.ts';
import { badInput, DomainError, peopleMessage, type FieldError } from '../../domain-error.ts';
import type { AppContext } from '../../context.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { dateOnly, parseDateOnly, releaseNotFound, requireViewer, statusName, statusNumber, toReleaseLike, todayUtc } from './release-model.ts';
import { assertExpectedVersion, auditRelease, changeReleaseStatus, versionConflict, type Tx } from './release-status.service.ts';
import { CHECK_INCLUDE, checkLoadedRelease, type CheckIssue } from './release-check.ts';
import { nextIsrcs, nextUpc } from './codes.ts';
import { auditCatalogEdit } from '../audit/audit.service.ts';

export type ReleaseCtx = Pick<AppContext, 'prisma' | 'viewer' | 'config' | 'requestId' | 'logger'>;

/** The job that validates a submitted release. */
export const VALIDATE_RELEASE_JOB = 'release.validate';
/** The delivery module's job that sends the takedown to the stores (by name: that module imports this one). */
const TAKEDOWN_RELEASE_JOB = 'delivery.takedown-release';

const DELETED = statusNumber('DELETED');

/** Rows of the viewer's releases that exist (not deleted); every read and write starts here. */
export function ownedReleaseWhere(ctx: Pick<AppContext, 'viewer'>, id?: string): Prisma.ReleaseWhereInput {
  const viewer = requireViewer(ctx);
  return { ...(id === undefined ? {} : { id }), userId: viewer.userId, status: { not: DELETED } };
}

/** One of the viewer's releases with the selection a service needs, or NOT_FOUND (reads for clients go through release-read.ts). */
export async function getRelease<Q extends { select?: Prisma.ReleaseSelect; include?: Prisma.ReleaseInclude }>(
  ctx: ReleaseCtx,
  id: string,
  query: Q = {} as Q,
) {
  const release = await ctx.prisma.release.findFirst({ ...(query as object), where: ownedReleaseWhere(ctx, id) });
  if (!release) throw releaseNotFound();
  return release;
}

/** Loads an owned release's row inside a transaction (for writes), or NOT_FOUND. */
export async function lockOwnedRelease(tx: Tx, ctx: ReleaseCtx, id: string) {
  const release = await tx.release.findFirst({ where: ownedReleaseWhere(ctx, id) });
  if (!release) throw releaseNotFound();
  return release;
}

/** id → status of all the viewer's releases (GET /api/releases/status). */
export async function releaseStatuses(ctx: ReleaseCtx): Promise<{ id: string; status: ReleaseStatus }[]> {
  const rows = await ctx.prisma.release.findMany({ where: ownedReleaseWhere(ctx), select: { id: true, status: true }, orderBy: { id: 'desc' } });
  return rows.map((r) => ({ id: r.id, status: statusName(r.status) }));
}

export interface ReleaseCounts {
  /** Releases that count towards the totals (domain countsTowardsTotals). */
  releases: number;
  /** Tracks of those releases. */
  tracks: number;
  byDisplayStatus: { displayStatus: DisplayStatus; count: number }[];
}

/** Totals for the list header and the status filters. */
export async function releaseCounts(ctx: ReleaseCtx): Promise<ReleaseCounts> {
  const rows = await ctx.prisma.release.findMany({
    where: ownedReleaseWhere(ctx),
    select: { status: true, comment: true, releaseDate: true, takedownDate: true, rejectDate: true, _count: { select: { tracks: true } } },
  });
  const today = todayUtc();
  const byDisplay = new Map<DisplayStatus, number>(DISPLAY_STATUSES.map((d) => [d, 0]));
  let releases = 0;
  let tracks = 0;
  for (const row of rows) {
    const like = toReleaseLike(row);
    byDisplay.set(displayStatus(like, today), (byDisplay.get(displayStatus(like, today)) ?? 0) + 1);
    if (countsTowardsTotals(like.status)) {
      releases += 1;
      tracks += row._count.tracks;
    }
  }
  return { releases, tracks, byDisplayStatus: [...byDisplay].map(([d, count]) => ({ displayStatus: d, count })) };
}

// ---- input ------------------------------------------------------------------------------------

/** Release fields a client may send (REST body or GraphQL input); all optional, as drafts save partially. */
export interface ReleaseInput {
  title?: string | null;
  genreId?: string | null;
  languageId?: string | null;
  catalogNumber?: string | null;
  upc?: string | null;
  releaseDate?: string | null;
  originalReleaseDate?: string | null;
  territory?: { allowed: boolean; countryCodes: string | string[] } | null;
  outletUris?: string[] | null;
}

function toFieldErrors(errors: Record<string, { key: string; message: string }>): FieldError[] {
  return Object.entries(errors).map(([field, e]) => ({ field, key: e.key, message: e.message }));
}

/**
 * Checks the shape and rules (domain releaseInputStruct) and the dictionaries, and turns the input
 * into column values. An unchanged past release date stays allowed, so old releases remain editable.
 */
export async function releaseData(ctx: ReleaseCtx, raw: unknown, current?: { releaseDate: Date | null }): Promise<{ data: Prisma.ReleaseUncheckedUpdateInput; dspIds?: number[] }> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw badInput('The release must be an object');
  const today = todayUtc();
  const stored = dateOnly(current?.releaseDate ?? null);
  const min = stored !== null && stored < today ? stored : today;
  const shape = validateShape(releaseInputStruct(min), raw);
  if (!shape.ok) {
    const fieldErrors = toFieldErrors(shape.errors);
    throw badInput(peopleMessage(fieldErrors), fieldErrors, fieldErrors[0]?.key);
  }
  const input = shape.value as ReleaseInput;
  const data: Prisma.ReleaseUncheckedUpdateInput = {};
  const has = (k: keyof ReleaseInput) => Object.hasOwn(input, k) && input[k] !== undefined;
  if (has('title')) data.title = (input.title ?? '').trim();
  if (has('catalogNumber')) data.catalogNumber = input.catalogNumber?.trim() || null;
  if (has('upc')) data.upc = input.upc ? input.upc.replace(/[\s-]/g, '') : null;
  if (has('releaseDate')) data.releaseDate = input.releaseDate ? parseDateOnly(input.releaseDate) : null;
  if (has('originalReleaseDate')) data.originalReleaseDate = input.originalReleaseDate ? parseDateOnly(input.originalReleaseDate) : null;
  if (has('genreId')) {
    if (input.genreId) {
      const genre = await ctx.prisma.genre.findFirst({ where: { id: input.genreId, enabled: true }, select: { id: true } });
      if (!genre) throw badInput(`Unknown genre '${input.genreId}'`, [{ field: 'genreId', key: 'unknown-genre', message: 'Choose a genre from the list' }], 'unknown-genre');
    }
    data.genreId = input.genreId || null;
  }
  if (has('languageId')) {
    const languageId = (input.languageId || DEFAULT_LANGUAGE_ID).toUpperCase();
    const language = await ctx.prisma.language.findUnique({ where: { id: languageId }, select: { id: true } });
    if (!language) throw badInput(`Unknown language '${input.languageId}'`, [{ field: 'languageId', key: 'unknown-language', message: 'Choose a language from the list' }], 'unknown-language');
    data.languageId = languageId;
  }
  if (has('territory')) {
    if (input.territory === null || input.territory === undefined) {
      data.territoryAllowed = null;
      data.territoryCountryCodes = [];
    } else {
      const { countryCodes } = input.territory;
      const codes = parseCountryCodes(Array.isArray(countryCodes) ? countryCodes.join(',') : countryCodes);
      const known = await ctx.prisma.country.count({ where: { code: { in: codes } } });
      if (known !== codes.length) throw badInput('Unknown country code', [{ field: 'territory', key: 'unknown-country', message: 'Choose countries from the list' }], 'unknown-country');
      data.territoryAllowed = input.territory.allowed;
      data.territoryCountryCodes = codes;
    }
  }
  let dspIds: number[] | undefined;
  if (has('outletUris') && !ctx.config.env.hideDSPSelection) {
    const uris = [...new Set(input.outletUris ?? [])];
    const dsps = await ctx.prisma.dsp.findMany({ where: { uri: { in: uris }, enabled: true }, select: { id: true } });
    if (dsps.length !== uris.length) throw badInput('Unknown store', [{ field: 'outletUris', key: 'unknown-dsp', message: 'Choose stores from the list' }], 'unknown-dsp');
    dspIds = dsps.map((d) => d.id);
  }
  return { data, dspIds };
}

// ---- writes -------------------------------------------------------------------------------------

/** Starts a draft (NOT_COMPLETED) credited to the account's first primary artist; audited as release start. */
export async function createRelease(ctx: ReleaseCtx, raw: unknown = {}): Promise<{ id: string }> {
  const viewer = requireViewer(ctx);
  const { data, dspIds } = await releaseData(ctx, raw ?? {});
  return ctx.prisma.$transaction(async (tx) => {
    const user = await tx.user.findUniqueOrThrow({ where: { id: viewer.userId }, select: { primaryArtists: true } });
    const release = await tx.release.create({
      data: {
        ...(data as Prisma.ReleaseUncheckedCreateInput),
        title: (data.title as string | undefined) ?? '',
        userId: viewer.userId,
        status: statusNumber('NOT_COMPLETED'),
        statusChangedAt: new Date(),
      },
      select: { id: true, userId: true },
    });
    if (dspIds?.length) await tx.releaseDsp.createMany({ data: dspIds.map((dspId) => ({ releaseId: release.id, dspId })) });
    const artist = user.primaryArtists.find((n) => n.trim() !== '');
    if (artist) {
      await tx.artistCredit.create({
        data: { releaseId: release.id, userId: viewer.userId, artistName: artist.trim().slice(0, 50), artistRelationTypeId: ARTIST_ROLE.PRIMARY },
      });
    }
    await auditRelease(tx, ctx, release, 'RELEASE_START', undefined, { status: 'NOT_COMPLETED' });
    return { id: release.id };
  });
}

/**
 * Makes an editable release a draft again before it changes (VALIDATED or REJECTED back to
 * NOT_COMPLETED, keeping any rejection comment so the reasons stay visible), so a changed release
 * is always checked again on submission. Refuses releases that are not editable.
 */
export async function prepareEdit(tx: Tx, ctx: ReleaseCtx, release: { id: string; userId: string; status: number; version: number }): Promise<{ version: number }> {
  const status = statusName(release.status);
  if (!isEditable(status)) {
    throw new DomainError('CONFLICT', 'This release can no longer be edited', { key: 'release-not-editable', status });
  }
  if (status === 'NOT_COMPLETED') return { version: release.version };
  return changeReleaseStatus(tx, ctx, release, { to: 'NOT_COMPLETED', actor: 'user' });
}

/** Bumps the version after a change to the release's tracks, credits or cover (the release changed). */
export async function touchRelease(tx: Tx, release: { id: string; version: number }): Promise<void> {
  const { count } = await tx.release.updateMany({ where: { id: release.id, version: release.version }, data: { version: { increment: 1 } } });
  if (count === 0) throw versionConflict();
}

/** Saves release fields; `version` (when given) must match the stored one, or the answer is CONFLICT. */
export async function updateRelease(ctx: ReleaseCtx, id: string, raw: unknown, version?: number | null): Promise<{ id: string }> {
  requireViewer(ctx);
  const current = await getRelease(ctx, id, { select: { releaseDate: true } });
  const { data, dspIds } = await releaseData(ctx, raw, current);
  return ctx.prisma.$transaction(async (tx) => {
    const release = await lockOwnedRelease(tx, ctx, id);
    assertExpectedVersion(release, version);
    const { version: v } = await prepareEdit(tx, ctx, release);
    const { count } = await tx.release.updateMany({ where: { id, version: v }, data: { ...(data as Prisma.ReleaseUpdateManyMutationInput), version: { increment: 1 } } });
    if (count === 0) throw versionConflict();
    const before: Record<string, unknown> = { ...release };
    const after: Record<string, unknown> = { ...data };
    if (dspIds) {
      const old = await tx.releaseDsp.findMany({ where: { releaseId: id }, select: { dspId: true }, orderBy: { dspId: 'asc' } });
      before.dspIds = old.map((d) => d.dspId);
      after.dspIds = [...dspIds].sort((a, b) => a - b);
      await tx.releaseDsp.deleteMany({ where: { releaseId: id } });
      if (dspIds.length) await tx.releaseDsp.createMany({ data: dspIds.map((dspId) => ({ releaseId: id, dspId })) });
    }
    await auditCatalogEdit(ctx, tx, { subcategory: 'RELEASE_EDITED', userId: release.userId, entityType: 'Release', entityId: id, before, after });
    return { id };
  });
}

/** Deletes (status DELETED, hidden everywhere) a release the deletable rule allows; audited as delete. */
export async function deleteRelease(ctx: ReleaseCtx, id: string): Promise<{ id: string }> {
  return ctx.prisma.$transaction(async (tx) => {
    const release = await lockOwnedRelease(tx, ctx, id);
    if (!isDeletable(statusName(release.status))) {
      throw new DomainError('CONFLICT', 'This release can no longer be deleted', { key: 'release-not-deletable' });
    }
    await changeReleaseStatus(tx, ctx, release, { to: 'DELETED', actor: 'user', subcategory: 'DELETE', data: { deletedAt: new Date() } });
    await tx.releaseLock.deleteMany({ where: { releaseId: id } });
    return { id };
  });
}

/** Asks for a takedown of a LIVE or DELIVERED release (AWAITING_TAKEDOWN); audited as takedown awaiting. */
export async function takedownRelease(ctx: ReleaseCtx, id: string): Promise<{ id: string }> {
  return ctx.prisma.$transaction(async (tx) => {
    const release = await lockOwnedRelease(tx, ctx, id);
    await changeReleaseStatus(tx, ctx, release, {
      to: 'AWAITING_TAKEDOWN',
      actor: 'user',
      subcategory: 'TAKEDOWN_AWAITING',
      data: { takedownDate: new Date() },
      refusal: 'Only a live or delivered release can be taken down',
    });
    await enqueueJob(tx, TAKEDOWN_RELEASE_JOB, { releaseId: id }, { uniqueKey: `${TAKEDOWN_RELEASE_JOB}:${id}:${release.version}` });
    return { id };
  });
}

/** "Change status to NOT_COMPLETED": an editable release goes back to a draft (its rejection comment is cleared). */
export async function reopenRelease(ctx: ReleaseCtx, id: string): Promise<{ id: string }> {
  return ctx.prisma.$transaction(async (tx) => {
    const release = await lockOwnedRelease(tx, ctx, id);
    if (statusName(release.status) === 'NOT_COMPLETED') {
      await tx.release.update({ where: { id }, data: { comment: null, version: { increment: 1 } } });
      return { id };
    }
    await changeReleaseStatus(tx, ctx, release, {
      to: 'NOT_COMPLETED',
      actor: 'user',
      data: { comment: null },
      refusal: 'This release cannot be returned to draft in its current status',
    });
    return { id };
  });
}

// ---- check and submit ----------------------------------------------------------------------------

export interface ReleaseCheck {
  releaseId: string;
  ok: boolean;
  issues: CheckIssue[];
}

/** What is missing or wrong in one of the viewer's releases. */
export async function checkRelease(ctx: ReleaseCtx, id: string): Promise<ReleaseCheck> {
  const release = await ctx.prisma.release.findFirst({ where: ownedReleaseWhere(ctx, id), include: CHECK_INCLUDE });
  if (!release) throw releaseNotFound();
  const issues = checkLoadedRelease(release, { today: todayUtc(), hideDspSelection: ctx.config.env.hideDSPSelection });
  return { releaseId: id, ok: issues.length === 0, issues };
}

/** The check of several releases at once (POST /api/releases/check); unknown ids are NOT_FOUND. */
export async function checkReleases(ctx: ReleaseCtx, ids: readonly string[]): Promise<ReleaseCheck[]> {
  const out: ReleaseCheck[] = [];
  for (const id of ids) out.push(await checkRelease(ctx, id));
  return out;
}

/**
 * Submits a complete release: the full check must pass; empty ISRCs and the UPC are assigned; the
 * status moves NOT_COMPLETED → OK (audited as submit) and the validation job is queued in the same
 * transaction. Submitting an already submitted (OK) release changes nothing.
 */
export async function submitRelease(ctx: ReleaseCtx, id: string): Promise<{ id: string }> {
  requireViewer(ctx);
  return ctx.prisma.$transaction(async (tx) => {
    let release = await lockOwnedRelease(tx, ctx, id);
    // Already submitted (waiting for validation, or validated and in the review queue): submitting
    // again changes nothing, so the release keeps its place in the queue (issue 19).
    if (statusName(release.status) === 'OK' || statusName(release.status) === 'VALIDATED') return { id };
    await prepareEdit(tx, ctx, release);
    const loaded = await tx.release.findFirstOrThrow({ where: { id }, include: CHECK_INCLUDE });
    const issues = checkLoadedRelease(loaded, { today: todayUtc(), hideDspSelection: ctx.config.env.hideDSPSelection });
    if (issues.length > 0) {
      throw badInput(
        'The release is not complete',
        issues.map((i) => ({ field: i.trackNumber ? `tracks.${i.trackNumber - 1}.${i.field}` : i.field, key: i.key, message: i.message })),
        'release-incomplete',
      );
    }
    const missing = loaded.tracks.filter((t) => !t.isrc);
    const isrcs = await nextIsrcs(tx, ctx.config.codes.isrcRegistrant, missing.length);
    for (const [i, track] of missing.entries()) await tx.track.update({ where: { id: track.id }, data: { isrc: isrcs[i] } });
    const upc = loaded.upc ? undefined : await nextUpc(tx, ctx.config.codes.upcPrefix);
    if (ctx.config.env.hideDSPSelection) {
      const dsps = await tx.dsp.findMany({ where: { enabled: true, showInList: true }, select: { id: true } });
      await tx.releaseDsp.deleteMany({ where: { releaseId: id } });
      await tx.releaseDsp.createMany({ data: dsps.map((d) => ({ releaseId: id, dspId: d.id })) });
    }
    release = await tx.release.findFirstOrThrow({ where: { id } });
    const { version } = await changeReleaseStatus(tx, ctx, release, {
      to: 'OK',
      actor: 'user',
      subcategory: 'SUBMIT',
      data: { submittedAt: new Date(), ...(upc ? { upc } : {}) },
    });
    await enqueueJob(tx, VALIDATE_RELEASE_JOB, { releaseId: id, version }, { uniqueKey: `${VALIDATE_RELEASE_JOB}:${id}:${version}` });
    return { id };
  });
}
