/** Track use-cases: upload audio as a new track, edit, delete, reorder, and copy settings to all tracks. */
import type { Readable } from 'node:stream';
import { isEditable } from '@cadence/domain/release-rules';
import { normalizeIsrc } from '@cadence/domain/isrc';
import { canAddRecording } from '@cadence/domain/plans';
import { TrackInputStruct } from '@cadence/domain/release-input';
import { validateShape } from '@cadence/domain/validators';
import type { Prisma } from '../../generated/prisma/client.ts';
import { badInput, DomainError, peopleMessage } from '../../domain-error.ts';
import { requireViewer, statusName, statusNumber } from '../releases/release-model.ts';
import { accountTrackCount, accountTrackLimit, artistRecordingCount, artistRecordingLimit, currentPlan, lockAccountPlan, releasePrimaryArtists } from '../releases/plan.ts';
import { lockOwnedRelease, prepareEdit, touchRelease, getRelease, type ReleaseCtx } from '../releases/releases.service.ts';
import { assertExpectedVersion, type Tx } from '../releases/release-status.service.ts';
import { cleanFileName, discardStored, storeAudio } from '../uploads/uploads.service.ts';
import { storageFor } from '../uploads/storage.ts';
import type { ByteRange } from '../../integrations/storage/storage.ts';
import { auditCatalogEdit } from '../audit/audit.service.ts';

export const trackNotFound = () => new DomainError('NOT_FOUND', 'Track not found', { key: 'track-not-found' });

/** One of the viewer's tracks on a release that exists, with its release row, or NOT_FOUND. */
export async function lockOwnedTrack(tx: Tx, ctx: ReleaseCtx, id: string) {
  const viewer = requireViewer(ctx);
  const track = await tx.track.findFirst({ where: { id, userId: viewer.userId } });
  if (!track) throw trackNotFound();
  const release = await lockOwnedRelease(tx, ctx, track.releaseId).catch(() => {
    throw trackNotFound();
  });
  return { track, release };
}

/**
 * The plan has room for one more track on this release: the account is under its tracks, and each of
 * the release's primary artists under the plan's recordings per artist.
 */
async function assertTrackFitsPlan(db: Tx | ReleaseCtx['prisma'], userId: string, releaseId: string): Promise<void> {
  const [plan, totalTracks, artists] = await Promise.all([currentPlan(db, userId), accountTrackCount(db, userId), releasePrimaryArtists(db, releaseId)]);
  if (!canAddRecording(plan, { artistRecordings: 0, totalTracks })) throw accountTrackLimit(plan);
  for (const artist of artists) {
    const artistRecordings = await artistRecordingCount(db, userId, artist);
    if (!canAddRecording(plan, { artistRecordings, totalTracks })) throw artistRecordingLimit(plan, artist);
  }
}

/**
 * Refuses early (before any byte is stored) when the release is not the viewer's, not editable, or the
 * plan is already full. Only a fast answer: uploadTrack checks the plan again where it counts.
 */
export async function assertCanAddTrack(ctx: ReleaseCtx, releaseId: string): Promise<void> {
  const viewer = requireViewer(ctx);
  const release = await getRelease(ctx, releaseId, { select: { status: true } });
  if (!isEditable(statusName(release.status))) throw new DomainError('CONFLICT', 'This release can no longer be edited', { key: 'release-not-editable' });
  await assertTrackFitsPlan(ctx.prisma, viewer.userId, releaseId);
}

/**
 * Streams an audio file to storage and adds it as the release's last track, titled by the file's
 * title tag (ID3, Vorbis comment, RIFF INFO) or else after the file name,
 * with the audio facts and hashes stored. The plan is checked before the upload (a fast answer) and
 * again in the transaction that adds the track, under the account's plan lock, so simultaneous
 * uploads cannot together pass the limit. Any failure leaves neither the object nor rows behind.
 * An upload adds and overwrites nothing, and one tab sends several at once, so it takes no version.
 */
export async function uploadTrack(ctx: ReleaseCtx, releaseId: string, file: { stream: Readable; fileName: string }): Promise<{ id: string; releaseId: string }> {
  const viewer = requireViewer(ctx);
  await assertCanAddTrack(ctx, releaseId);
  const stored = await storeAudio(ctx.config, file.stream);
  const fileName = cleanFileName(file.fileName, `track.${stored.format}`);
  try {
    return await ctx.prisma.$transaction(async (tx) => {
      await lockAccountPlan(tx, viewer.userId);
      const release = await lockOwnedRelease(tx, ctx, releaseId);
      const { version } = await prepareEdit(tx, ctx, release);
      await assertTrackFitsPlan(tx, viewer.userId, releaseId);
      const last = await tx.track.findFirst({ where: { releaseId }, orderBy: { position: 'desc' }, select: { position: true } });
      const storedFile = await tx.storedFile.create({
        data: {
          userId: viewer.userId,
          kind: 'TRACK',
          storageKey: stored.key,
          originalName: fileName,
          mimeType: stored.contentType,
          sizeBytes: BigInt(stored.size),
          sha256: stored.sha256,
          md5: stored.md5,
        },
      });
      const track = await tx.track.create({
        data: {
          releaseId,
          userId: viewer.userId,
          title: (stored.title ?? fileName.replace(/\.[^.]+$/, '')).slice(0, 200),
          audioFileId: storedFile.id,
          fileName,
          languageId: release.languageId,
          genreId: release.genreId,
          position: (last?.position ?? -1) + 1,
          sampleRate: stored.audio.sampleRate,
          bitDepth: stored.audio.bitDepth,
          channels: stored.audio.channels,
          durationMs: stored.audio.durationMs,
          codec: stored.audio.codec,
        },
      });
      await touchRelease(tx, { id: releaseId, version });
      await auditCatalogEdit(ctx, tx, { subcategory: 'TRACK_EDITED', userId: release.userId, entityType: 'Track', entityId: track.id, before: {}, after: { title: track.title, fileName, position: track.position } });
      return { id: track.id, releaseId };
    });
  } catch (err) {
    await discardStored(ctx.config, stored.key);
    throw err;
  }
}

export interface TrackInput {
  title?: string | null;
  isrc?: string | null;
  genreId?: string | null;
  languageId?: string | null;
  recordingVersionId?: number | string | null;
  isCover?: boolean;
  explicitLyrics?: boolean;
  isRemix?: boolean;
}

/** Validates track fields (domain TrackInputStruct, dictionaries) and converts them to columns. */
async function trackData(ctx: ReleaseCtx, raw: unknown): Promise<Prisma.TrackUncheckedUpdateInput> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw badInput('The track must be an object');
  const shape = validateShape(TrackInputStruct, raw);
  if (!shape.ok) {
    const fieldErrors = Object.entries(shape.errors).map(([field, e]) => ({ field, key: e.key, message: e.message }));
    throw badInput(peopleMessage(fieldErrors), fieldErrors, fieldErrors[0]?.key);
  }
  const input = shape.value as TrackInput;
  const data: Prisma.TrackUncheckedUpdateInput = {};
  if (input.title !== undefined) data.title = (input.title ?? '').trim();
  if (input.isrc !== undefined) data.isrc = normalizeIsrc(input.isrc);
  if (input.isCover !== undefined) data.isCover = input.isCover;
  if (input.explicitLyrics !== undefined) data.explicitLyrics = input.explicitLyrics;
  if (input.isRemix !== undefined) data.isRemix = input.isRemix;
  if (input.recordingVersionId !== undefined && input.recordingVersionId !== null) {
    const id = Number(input.recordingVersionId);
    if (id !== 2430 && id !== 2414) throw badInput('Unknown recording version', [{ field: 'recordingVersionId', key: 'range', message: 'Choose studio (2430) or live (2414)' }], 'range');
    data.recordingVersionId = id;
  }
  if (input.genreId !== undefined) {
    if (input.genreId) {
      const genre = await ctx.prisma.genre.findFirst({ where: { id: input.genreId, enabled: true }, select: { id: true } });
      if (!genre) throw badInput(`Unknown genre '${input.genreId}'`, [{ field: 'genreId', key: 'unknown-genre', message: 'Choose a genre from the list' }], 'unknown-genre');
    }
    data.genreId = input.genreId || null;
  }
  if (input.languageId !== undefined && input.languageId !== null) {
    const language = await ctx.prisma.language.findUnique({ where: { id: input.languageId.toUpperCase() }, select: { id: true } });
    if (!language) throw badInput(`Unknown language '${input.languageId}'`, [{ field: 'languageId', key: 'unknown-language', message: 'Choose a language from the list' }], 'unknown-language');
    data.languageId = language.id;
  }
  return data;
}

/**
 * Saves track fields; duplicates within the release are allowed while drafting and reported by the check.
 * `version` is the release's version the caller last read: when given and stale the answer is CONFLICT,
 * so two tabs never overwrite each other; omitted (legacy REST callers) means last write wins.
 */
export async function updateTrack(ctx: ReleaseCtx, id: string, raw: unknown, expectedVersion?: number | null): Promise<{ id: string; releaseId: string }> {
  requireViewer(ctx);
  const data = await trackData(ctx, raw);
  return ctx.prisma.$transaction(async (tx) => {
    const { track, release } = await lockOwnedTrack(tx, ctx, id);
    assertExpectedVersion(release, expectedVersion);
    const { version } = await prepareEdit(tx, ctx, release);
    await tx.track.update({ where: { id }, data });
    await touchRelease(tx, { id: release.id, version });
    await auditCatalogEdit(ctx, tx, { subcategory: 'TRACK_EDITED', userId: release.userId, entityType: 'Track', entityId: id, before: track, after: data });
    return { id, releaseId: track.releaseId };
  });
}

/** Removes a track, its credits and its audio (the object is deleted after the rows are gone); a stale `expectedVersion` is CONFLICT. */
export async function deleteTrack(ctx: ReleaseCtx, id: string, expectedVersion?: number | null): Promise<{ id: string; releaseId: string }> {
  const result = await ctx.prisma.$transaction(async (tx) => {
    const { track, release } = await lockOwnedTrack(tx, ctx, id);
    assertExpectedVersion(release, expectedVersion);
    const { version } = await prepareEdit(tx, ctx, release);
    // A parallel delete of the same track waits on the row and then finds it gone: it answers
    // NOT_FOUND, like a second delete, instead of failing on a missing row (P2025, a 500).
    const deleted = await tx.track.deleteMany({ where: { id } });
    if (deleted.count === 0) throw trackNotFound();
    const file = track.audioFileId ? await tx.storedFile.delete({ where: { id: track.audioFileId }, select: { storageKey: true } }) : null;
    const rest = await tx.track.findMany({ where: { releaseId: release.id }, orderBy: { position: 'asc' }, select: { id: true } });
    for (const [position, t] of rest.entries()) await tx.track.update({ where: { id: t.id }, data: { position } });
    await touchRelease(tx, { id: release.id, version });
    await auditCatalogEdit(ctx, tx, { subcategory: 'TRACK_EDITED', userId: release.userId, entityType: 'Track', entityId: id, before: { title: track.title, deleted: false }, after: { deleted: true } });
    return { id, releaseId: release.id, key: file?.storageKey };
  });
  if (result.key) await storageFor(ctx.config).delete(result.key).catch((err: unknown) => ctx.logger.warn('stored audio not deleted', { err: err as Error }));
  return { id: result.id, releaseId: result.releaseId };
}

/** Puts the release's tracks in the given order; the list must name each track exactly once; a stale `expectedVersion` is CONFLICT. */
export async function reorderTracks(ctx: ReleaseCtx, releaseId: string, trackIds: readonly string[], expectedVersion?: number | null): Promise<{ releaseId: string }> {
  return ctx.prisma.$transaction(async (tx) => {
    const release = await lockOwnedRelease(tx, ctx, releaseId);
    assertExpectedVersion(release, expectedVersion);
    const { version } = await prepareEdit(tx, ctx, release);
    const tracks = await tx.track.findMany({ where: { releaseId }, select: { id: true }, orderBy: { position: 'asc' } });
    const known = new Set(tracks.map((t) => t.id));
    if (trackIds.length !== known.size || new Set(trackIds).size !== trackIds.length || !trackIds.every((id) => known.has(id))) {
      throw badInput('The order must list every track of the release once', [{ field: 'trackIds', key: 'invalid-order', message: 'List every track of the release once' }], 'invalid-order');
    }
    for (const [position, id] of trackIds.entries()) await tx.track.update({ where: { id }, data: { position } });
    await touchRelease(tx, { id: releaseId, version });
    await auditCatalogEdit(ctx, tx, { subcategory: 'RELEASE_EDITED', userId: release.userId, entityType: 'Release', entityId: releaseId, before: { trackOrder: tracks.map((t) => t.id) }, after: { trackOrder: [...trackIds] } });
    return { releaseId };
  });
}

export interface ApplyToAllOptions {
  credits?: boolean;
  genre?: boolean;
  language?: boolean;
}

/**
 * 'APPLY TO ALL TRACKS IN RELEASE': copies one track's credits (replacing theirs), genre and language
 * to the other tracks; a stale `expectedVersion` is CONFLICT.
 */
export async function applyToAllTracks(
  ctx: ReleaseCtx,
  trackId: string,
  opts: ApplyToAllOptions = { credits: true, genre: true, language: true },
  expectedVersion?: number | null,
): Promise<{ releaseId: string }> {
  return ctx.prisma.$transaction(async (tx) => {
    const { track, release } = await lockOwnedTrack(tx, ctx, trackId);
    assertExpectedVersion(release, expectedVersion);
    const { version } = await prepareEdit(tx, ctx, release);
    const others = await tx.track.findMany({ where: { releaseId: release.id, id: { not: trackId } }, select: { id: true } });
    const otherIds = others.map((t) => t.id);
    const data: Prisma.TrackUncheckedUpdateManyInput = {};
    if (opts.language) data.languageId = track.languageId;
    if (opts.genre) data.genreId = track.genreId;
    if (Object.keys(data).length && otherIds.length) await tx.track.updateMany({ where: { id: { in: otherIds } }, data });
    if (opts.credits && otherIds.length) {
      const credits = await tx.artistCredit.findMany({ where: { trackId }, orderBy: { position: 'asc' } });
      await tx.artistCredit.deleteMany({ where: { trackId: { in: otherIds } } });
      await tx.artistCredit.createMany({
        data: otherIds.flatMap((id) =>
          credits.map((c) => ({ releaseId: release.id, trackId: id, userId: c.userId, artistName: c.artistName, artistRelationTypeId: c.artistRelationTypeId, position: c.position })),
        ),
      });
    }
    await touchRelease(tx, { id: release.id, version });
    const copied = Object.entries(opts).filter(([, on]) => on).map(([k]) => k);
    await auditCatalogEdit(ctx, tx, { subcategory: 'RELEASE_EDITED', userId: release.userId, entityType: 'Release', entityId: release.id, before: { appliedToAllTracks: null }, after: { appliedToAllTracks: { fromTrackId: trackId, fields: copied, tracks: otherIds } } });
    return { releaseId: release.id };
  });
}

/** The stored audio of one of the viewer's tracks, for streaming back to its owner. */
export async function openTrackAudio(ctx: ReleaseCtx, id: string): Promise<{ open: (range?: ByteRange) => Promise<Readable>; mimeType: string; size: number; fileName: string }> {
  const viewer = requireViewer(ctx);
  const track = await ctx.prisma.track.findFirst({
    where: { id, userId: viewer.userId, release: { status: { not: statusNumber('DELETED') } } },
    select: { fileName: true, audioFile: { select: { storageKey: true, mimeType: true, sizeBytes: true } } },
  });
  if (!track) throw trackNotFound();
  if (!track.audioFile) throw new DomainError('NOT_FOUND', 'This track has no audio yet', { key: 'audio-not-found' });
  const key = track.audioFile.storageKey;
  const storage = storageFor(ctx.config);
  return { open: (range) => storage.get(key, range), mimeType: track.audioFile.mimeType, size: Number(track.audioFile.sizeBytes), fileName: track.fileName ?? 'track' };
}
