/**
 * Catalogue import (issue 23): an account (or staff on its behalf) uploads a DDEX ERN or CSV sheet
 * with its media (a zip, or files beside it). The upload is saved under $DATA_DIR/catalog-imports/
 * and registered by content hash (the same file again changes nothing); a durable job then creates
 * each release in IMPORTING in its own transaction, reporting progress and per-row/per-release
 * errors. Tracks whose audio has not arrived wait (awaitedAudio) and take the file when it comes.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ARTIST_ROLE } from '@cadence/domain/constants';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import type { AppContext } from '../../context.ts';
import { badInput, DomainError } from '../../domain-error.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { mayStaff } from '../users/staff.policy.ts';
import { discardStored, storeAudio, storeCover } from '../uploads/uploads.service.ts';
import { CatalogUnreadable, parseCatalogCsv, parseErn, type CatalogProblem, type CatalogRelease, type ParsedCatalog } from './catalog-parse.ts';
import { baseName, openMediaZip, UnsafeZip, type MediaZip } from './catalog-zip.ts';
import { parseDateOnly, requireViewer, statusNumber } from './release-model.ts';
import { auditCodeConflicts, claimTransferCodes } from './transfer.service.ts';

export const CATALOG_IMPORT_JOB = 'releases.catalog-import';

/** A catalogue file (XML or CSV) is at most this big. */
export const CATALOG_FILE_MAX_BYTES = 50 * 1024 * 1024;

type Deps = { prisma: PrismaClient; config: Config; logger?: Logger };

export interface CatalogImportView {
  id: string;
  userId: string;
  format: string;
  fileName: string;
  status: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'PARTIAL' | 'FAILED';
  totalReleases: number;
  doneReleases: number;
  errors: CatalogProblem[];
  releaseIds: string[];
  /** Tracks of this import still waiting for their audio file. */
  awaitingAudio: string[];
  createdAt: Date;
  finishedAt: Date | null;
}

/** Where an import's files wait for the job: the catalogue, the media zip and loose media files. */
export function importDir(config: Pick<Config, 'dataDir'>, id: string): string {
  return path.join(config.dataDir, 'catalog-imports', id);
}

const ROLE_IDS: Record<string, number> = ARTIST_ROLE as unknown as Record<string, number>;

/** Whose catalogue this is: the viewer's own, or (staff only) the named account's. */
export function ownerOf(ctx: Pick<AppContext, 'viewer'>, ownerId?: string | null): string {
  const viewer = requireViewer(ctx);
  if (!ownerId || ownerId === viewer.userId) return viewer.userId;
  if (!mayStaff(ctx.viewer, 'review-releases')) throw new DomainError('FORBIDDEN', 'Only staff import a catalogue into another account', { key: 'forbidden' });
  return ownerId;
}

export interface UploadedPart {
  fieldName: string;
  fileName: string;
  stream: Readable;
}

/**
 * Saves an upload's parts: the catalogue ('file'), a media zip ('media') and loose media files
 * ('files'), hashing the catalogue. Returns the temporary folder and the hash.
 */
export async function saveImportUpload(config: Pick<Config, 'dataDir'>, part: UploadedPart, temp: string, state: { hash?: string; catalogName?: string; hasZip?: boolean }): Promise<void> {
  await mkdir(path.join(temp, 'media'), { recursive: true });
  if (part.fieldName === 'file') {
    if (state.hash) throw badInput('Send one catalogue file', [{ field: 'file', key: 'too-many-files', message: 'Send one catalogue file' }], 'too-many-files');
    const hash = createHash('sha256');
    let size = 0;
    await pipeline(
      part.stream,
      new Transform({
        transform: (c: Buffer, _e, cb) => {
          size += c.length;
          if (size > CATALOG_FILE_MAX_BYTES) cb(badInput(`The catalogue file is larger than ${CATALOG_FILE_MAX_BYTES / 1024 / 1024} MB`, [{ field: 'file', key: 'file-too-large', message: 'The catalogue file is too large' }], 'file-too-large'));
          else {
            hash.update(c);
            cb(null, c);
          }
        },
      }),
      createWriteStream(path.join(temp, 'catalog')),
    );
    state.hash = hash.digest('hex');
    state.catalogName = baseName(part.fileName || 'catalog');
  } else if (part.fieldName === 'media' && /\.zip$/i.test(part.fileName)) {
    await pipeline(part.stream, createWriteStream(path.join(temp, 'media.zip')));
    state.hasZip = true;
  } else if (part.fieldName === 'media' || part.fieldName === 'files') {
    const name = baseName(part.fileName);
    if (!name || name.startsWith('.')) throw badInput(`Bad media file name '${part.fileName.slice(0, 100)}'`, [{ field: 'files', key: 'bad-file-name', message: 'Bad media file name' }], 'bad-file-name');
    await pipeline(part.stream, createWriteStream(path.join(temp, 'media', name)));
  } else {
    part.stream.resume();
    throw badInput(`Unexpected file field '${part.fieldName.slice(0, 50)}'`, [], 'unexpected-file');
  }
}

/**
 * Registers an upload saved by saveImportUpload: the same catalogue for the same account returns the
 * existing import and changes nothing; a new one is moved in place and its job queued.
 */
export async function registerCatalogImport(
  ctx: Pick<AppContext, 'prisma' | 'config' | 'viewer' | 'requestId'>,
  input: { temp: string; hash: string; fileName: string; ownerId?: string | null; previousDistributor?: string | null },
): Promise<{ importId: string; created: boolean }> {
  const userId = ownerOf(ctx, input.ownerId);
  const head = (await readFile(path.join(input.temp, 'catalog'))).subarray(0, 200).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  const format = head.startsWith('<') ? 'ERN' : 'CSV';
  const existing = await ctx.prisma.catalogImport.findUnique({ where: { userId_contentHash: { userId, contentHash: input.hash } } });
  if (existing) return { importId: existing.id, created: false };
  const id = randomUUID();
  try {
    await ctx.prisma.catalogImport.create({
      data: { id, userId, actorId: ctx.viewer?.userId ?? null, contentHash: input.hash, format, fileName: input.fileName.slice(0, 200), previousDistributor: input.previousDistributor?.trim().slice(0, 100) || null },
    });
  } catch (err) {
    if ((err as { code?: string }).code === 'P2002') {
      const again = await ctx.prisma.catalogImport.findUniqueOrThrow({ where: { userId_contentHash: { userId, contentHash: input.hash } } });
      return { importId: again.id, created: false };
    }
    throw err;
  }
  await mkdir(path.dirname(importDir(ctx.config, id)), { recursive: true });
  await rename(input.temp, importDir(ctx.config, id));
  await enqueueJob(ctx.prisma, CATALOG_IMPORT_JOB, { importId: id }, { uniqueKey: `${CATALOG_IMPORT_JOB}:${id}`, maxAttempts: 3 });
  await recordAudit(ctx, { category: 'RELEASE', subcategory: 'CATALOG_IMPORT_UPLOADED', userId, entityType: 'CatalogImport', entityId: id, newValues: { fileName: input.fileName, contentHash: input.hash } });
  return { importId: id, created: true };
}

/** A temporary folder for an upload in progress (removed by the caller when it is not registered). */
export async function importTempDir(config: Pick<Config, 'dataDir'>): Promise<string> {
  const dir = path.join(config.dataDir, 'catalog-imports', `upload-${randomUUID()}`);
  await mkdir(path.join(dir, 'media'), { recursive: true });
  return dir;
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

function present(row: Prisma.CatalogImportGetPayload<object>, awaiting: string[]): CatalogImportView {
  return {
    id: row.id,
    userId: row.userId,
    format: row.format,
    fileName: row.fileName,
    status: row.status,
    totalReleases: row.totalReleases,
    doneReleases: row.doneReleases,
    errors: (Array.isArray(row.errors) ? row.errors : []) as unknown as CatalogProblem[],
    releaseIds: row.releaseIds,
    awaitingAudio: awaiting,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
  };
}

/** One import the viewer may see (their own; staff see any), or NOT_FOUND. */
export async function getCatalogImport(ctx: Pick<AppContext, 'prisma' | 'viewer'>, id: string): Promise<CatalogImportView> {
  const viewer = requireViewer(ctx);
  const row = await ctx.prisma.catalogImport.findUnique({ where: { id } }).catch(() => null);
  if (!row || (row.userId !== viewer.userId && !mayStaff(ctx.viewer, 'review-releases'))) throw new DomainError('NOT_FOUND', 'Import not found', { key: 'import-not-found' });
  const awaiting = await ctx.prisma.track.findMany({ where: { releaseId: { in: row.releaseIds }, awaitedAudio: { not: null } }, select: { awaitedAudio: true }, orderBy: { awaitedAudio: 'asc' } });
  return present(row, awaiting.map((t) => t.awaitedAudio as string));
}

/** The viewer's latest imports (staff: everyone's), newest first. */
export async function listCatalogImports(ctx: Pick<AppContext, 'prisma' | 'viewer'>): Promise<CatalogImportView[]> {
  const viewer = requireViewer(ctx);
  const rows = await ctx.prisma.catalogImport.findMany({ where: mayStaff(ctx.viewer, 'review-releases') ? {} : { userId: viewer.userId }, orderBy: { createdAt: 'desc' }, take: 50 });
  return rows.map((r) => present(r, []));
}

// ---- the job ----------------------------------------------------------------------------------------

interface Media {
  open(name: string): Promise<Readable | null>;
  close(): void;
}

async function openMedia(dir: string): Promise<Media> {
  let zip: MediaZip | null = null;
  const zipPath = path.join(dir, 'media.zip');
  if (await stat(zipPath).then(() => true, () => false)) zip = await openMediaZip(zipPath);
  const loose = new Set(await readdir(path.join(dir, 'media')).catch(() => [] as string[]));
  return {
    open: async (name) => {
      const base = baseName(name);
      if (loose.has(base)) return createReadStream(path.join(dir, 'media', base));
      return zip ? zip.open(base) : null;
    },
    close: () => zip?.close(),
  };
}

async function readCatalog(dir: string): Promise<ParsedCatalog> {
  const text = await readFile(path.join(dir, 'catalog'), 'utf8');
  return text.replace(/^\uFEFF/, '').trimStart().startsWith('<') ? parseErn(text) : parseCatalogCsv(text);
}

/**
 * Creates one release of the catalogue atomically: its audio and cover are stored first, then the
 * release, tracks, credits, transfer and code claims are written in one transaction (any failure
 * removes the stored files). Codes already in this account's catalogue refuse the release.
 */
async function importRelease(deps: Deps, imp: { id: string; userId: string; actorId: string | null; previousDistributor: string | null }, r: CatalogRelease, media: Media): Promise<{ releaseId: string | null; problems: CatalogProblem[] }> {
  const problems: CatalogProblem[] = [];
  const stored: string[] = [];
  const audio = new Map<number, Awaited<ReturnType<typeof storeAudio>>>();
  try {
    for (const [i, t] of r.tracks.entries()) {
      if (!t.audioFile) {
        problems.push({ line: t.line, release: r.upc, field: 'audioFile', message: `Track ${i + 1} (${t.isrc}) names no audio file` });
        continue;
      }
      const stream = await media.open(t.audioFile);
      if (!stream) continue; // waits for the file (awaitedAudio)
      try {
        const s = await storeAudio(deps.config, stream);
        stored.push(s.key);
        audio.set(i, s);
      } catch (err) {
        problems.push({ line: t.line, release: r.upc, field: 'audioFile', message: `${t.audioFile}: ${(err as Error).message}` });
      }
    }
    let cover: Awaited<ReturnType<typeof storeCover>> | null = null;
    if (r.coverFile) {
      const stream = await media.open(r.coverFile);
      if (stream) {
        try {
          cover = await storeCover(deps.config, stream);
          stored.push(cover.key);
        } catch (err) {
          problems.push({ line: r.line, release: r.upc, field: 'coverFile', message: `${r.coverFile}: ${(err as Error).message}` });
        }
      }
    }
    if (problems.length) throw new Error('refused');
    const genre = r.genre ? await deps.prisma.genre.findFirst({ where: { name: { equals: r.genre, mode: 'insensitive' } }, select: { id: true } }) : null;
    const releaseId = await deps.prisma.$transaction(async (tx) => {
      const mine = await tx.catalogCodeClaim.findFirst({ where: { kind: 'UPC', code: r.upc, userId: imp.userId } });
      if (mine) {
        problems.push({ line: r.line, release: r.upc, field: 'upc', message: `UPC ${r.upc} is already in this catalogue` });
        throw new Error('refused');
      }
      const coverFile = cover
        ? await tx.storedFile.create({ data: { userId: imp.userId, kind: 'COVER_IMAGE', storageKey: cover.key, originalName: baseName(r.coverFile ?? 'cover'), mimeType: cover.contentType, sizeBytes: BigInt(cover.size), sha256: cover.sha256, md5: cover.md5, width: cover.image.width, height: cover.image.height } })
        : null;
      const release = await tx.release.create({
        data: {
          userId: imp.userId,
          title: r.title.slice(0, 200),
          altTitles: r.altTitles.length ? (r.altTitles as unknown as Prisma.InputJsonValue) : undefined,
          status: statusNumber('IMPORTING'),
          statusChangedAt: new Date(),
          submittedAt: new Date(),
          upc: r.upc,
          genreId: genre?.id ?? null,
          labelName: r.labelName?.slice(0, 200) ?? null,
          releaseDate: r.releaseDate ? parseDateOnly(r.releaseDate) : null,
          originalReleaseDate: r.originalReleaseDate ? parseDateOnly(r.originalReleaseDate) : r.releaseDate ? parseDateOnly(r.releaseDate) : null,
          isDDex: true,
          coverArtFileId: coverFile?.id ?? null,
        },
      });
      for (const [pos, a] of r.artists.entries()) {
        await tx.artistCredit.create({ data: { releaseId: release.id, userId: imp.userId, artistName: a.name, artistRelationTypeId: ROLE_IDS[a.role] ?? ARTIST_ROLE.PRIMARY, position: pos } });
      }
      const isrcs: { trackId: string; isrc: string }[] = [];
      for (const [i, t] of r.tracks.entries()) {
        const s = audio.get(i);
        const file = s
          ? await tx.storedFile.create({ data: { userId: imp.userId, kind: 'TRACK', storageKey: s.key, originalName: baseName(t.audioFile ?? 'track'), mimeType: s.contentType, sizeBytes: BigInt(s.size), sha256: s.sha256, md5: s.md5 } })
          : null;
        const track = await tx.track.create({
          data: {
            releaseId: release.id,
            userId: imp.userId,
            title: t.title.slice(0, 200),
            altTitles: t.altTitles.length ? (t.altTitles as unknown as Prisma.InputJsonValue) : undefined,
            isrc: t.isrc,
            explicitLyrics: t.explicit,
            genreId: genre?.id ?? null,
            position: i,
            fileName: t.audioFile ? baseName(t.audioFile) : null,
            audioFileId: file?.id ?? null,
            awaitedAudio: file ? null : baseName(t.audioFile ?? ''),
            ...(s ? { sampleRate: s.audio.sampleRate, bitDepth: s.audio.bitDepth, channels: s.audio.channels, durationMs: s.audio.durationMs, codec: s.audio.codec } : {}),
          },
        });
        isrcs.push({ trackId: track.id, isrc: t.isrc });
        const credits = new Map(t.artists.map((a) => [`${a.role}:${a.name}`, a]));
        for (const [pos, a] of [...credits.values()].entries()) {
          await tx.artistCredit.create({ data: { releaseId: release.id, trackId: track.id, userId: imp.userId, artistName: a.name, artistRelationTypeId: ROLE_IDS[a.role] ?? ARTIST_ROLE.PRIMARY, position: pos } });
        }
      }
      const conflicts = await claimTransferCodes(tx, { userId: imp.userId, releaseId: release.id }, { upc: r.upc, isrcs }, deps.config.codes);
      await tx.releaseTransfer.create({
        data: {
          releaseId: release.id,
          userId: imp.userId,
          previousDistributor: imp.previousDistributor ?? 'Catalogue import',
          review: conflicts.length ? 'CODE_CONFLICT' : 'PENDING',
          conflicts: conflicts as unknown as Prisma.InputJsonValue,
          importId: imp.id,
        },
      });
      await tx.auditEvent.create({ data: { category: 'RELEASE', subcategory: 'TRANSFER_SUBMITTED', userId: imp.userId, actorId: imp.actorId, entityType: 'Release', entityId: release.id, newValues: { status: 'IMPORTING', importId: imp.id, upc: r.upc } } });
      await auditCodeConflicts(tx, { actorId: imp.actorId }, release, conflicts);
      return release.id;
    });
    for (const t of r.tracks) {
      if (t.audioFile && ![...audio.keys()].some((i) => r.tracks[i] === t)) {
        problems.push({ line: t.line, release: r.upc, field: 'audioFile', message: `Waiting for audio file ${baseName(t.audioFile)}` });
      }
    }
    return { releaseId, problems };
  } catch (err) {
    for (const key of stored) await discardStored(deps.config, key);
    if (err instanceof Error && err.message === 'refused') return { releaseId: null, problems };
    throw err;
  }
}

/** The job: reads the catalogue and media, then creates each release; a re-run skips releases already made. */
export function catalogImportJob(deps: Deps) {
  return async (payload: unknown) => {
    const { importId } = payload as { importId: string };
    const imp = await deps.prisma.catalogImport.findUnique({ where: { id: importId } });
    if (!imp || imp.status === 'SUCCEEDED' || imp.status === 'PARTIAL' || imp.status === 'FAILED') return { skipped: true };
    await deps.prisma.catalogImport.update({ where: { id: importId }, data: { status: 'RUNNING' } });
    const dir = importDir(deps.config, importId);
    let parsed: ParsedCatalog;
    let media: Media;
    try {
      parsed = await readCatalog(dir);
      media = await openMedia(dir);
    } catch (err) {
      if (err instanceof CatalogUnreadable || err instanceof UnsafeZip) {
        const errors = err instanceof CatalogUnreadable ? err.problems : [{ line: null, release: null, field: 'media', message: err.message }];
        await deps.prisma.catalogImport.update({ where: { id: importId }, data: { status: 'FAILED', errors: errors as unknown as Prisma.InputJsonValue, finishedAt: new Date() } });
        return { status: 'FAILED' };
      }
      throw err;
    }
    const formatName = parsed.format;
    const errors: CatalogProblem[] = [...parsed.problems];
    const releaseIds = [...imp.releaseIds];
    await deps.prisma.catalogImport.update({ where: { id: importId }, data: { format: formatName, totalReleases: parsed.releases.length } });
    try {
      for (const [i, r] of parsed.releases.entries()) {
        if (i < imp.doneReleases) continue; // done by an earlier attempt
        const out = await importRelease(deps, imp, r, media);
        errors.push(...out.problems);
        if (out.releaseId) releaseIds.push(out.releaseId);
        await deps.prisma.catalogImport.update({ where: { id: importId }, data: { doneReleases: i + 1, releaseIds, errors: errors as unknown as Prisma.InputJsonValue } });
      }
    } finally {
      media.close();
    }
    const refused = errors.some((e) => !e.message.startsWith('Waiting for audio file'));
    await deps.prisma.catalogImport.update({ where: { id: importId }, data: { status: refused ? 'PARTIAL' : 'SUCCEEDED', finishedAt: new Date(), errors: errors as unknown as Prisma.InputJsonValue, releaseIds } });
    deps.logger?.info('catalogue import finished', { importId, releases: releaseIds.length, errors: errors.length });
    return { status: refused ? 'PARTIAL' : 'SUCCEEDED' };
  };
}

/**
 * Audio that arrives after the import: each file whose name a waiting track of this import expects
 * is stored and attached (the track stops waiting). Returns the names attached and those nobody waits for.
 */
export async function attachAwaitedAudio(ctx: Pick<AppContext, 'prisma' | 'config' | 'viewer'>, importId: string, file: { fileName: string; stream: Readable }): Promise<{ attached: string[]; unexpected: string[] }> {
  const view = await getCatalogImport(ctx, importId);
  const name = baseName(file.fileName);
  const track = await ctx.prisma.track.findFirst({ where: { releaseId: { in: view.releaseIds }, awaitedAudio: name }, orderBy: { id: 'asc' } });
  if (!track) {
    file.stream.resume();
    return { attached: [], unexpected: [name] };
  }
  const s = await storeAudio(ctx.config, file.stream);
  try {
    await ctx.prisma.$transaction(async (tx) => {
      const f = await tx.storedFile.create({ data: { userId: track.userId, kind: 'TRACK', storageKey: s.key, originalName: name, mimeType: s.contentType, sizeBytes: BigInt(s.size), sha256: s.sha256, md5: s.md5 } });
      const { count } = await tx.track.updateMany({
        where: { id: track.id, awaitedAudio: name },
        data: { audioFileId: f.id, awaitedAudio: null, sampleRate: s.audio.sampleRate, bitDepth: s.audio.bitDepth, channels: s.audio.channels, durationMs: s.audio.durationMs, codec: s.audio.codec },
      });
      if (count === 0) throw new DomainError('CONFLICT', `${name} has already arrived`, { key: 'audio-already-attached' });
    });
  } catch (err) {
    await discardStored(ctx.config, s.key);
    throw err;
  }
  return { attached: [name], unexpected: [] };
}
