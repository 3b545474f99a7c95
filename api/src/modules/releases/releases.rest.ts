/** Legacy REST paths for releases (core §7): parse, call the services, present. */
import { PAGE_SIZE_MAX } from '@cadence/domain/text-limits';
import { Router, type Request, type Response } from 'express';
import { isReleaseStatus, type ReleaseStatus } from '@cadence/domain/release-status';
import { handler, optionalVersion, queryBool, sendFile, signedIn } from '../../http/rest-helpers.ts';
import { badInput } from '../../domain-error.ts';
import { readFilesForm, readSingleFileForm, uploadReleaseId } from '../uploads/multipart.ts';
import { attachAwaitedAudio, getCatalogImport, importTempDir, registerCatalogImport, removeDir, saveImportUpload } from './catalog-import.service.ts';
import { requestDownloadAll, openDownloadLink, createDownloadLink } from '../downloads/downloads.service.ts';
import { tarSize, tarStream } from '../downloads/tar.ts';
import { uploadCoverArt, openCoverArt } from './cover-art.service.ts';
import { requireViewer } from './release-model.ts';
import { presentRelease, restRelease } from './releases.presenter.ts';
import { FULL_RELEASE, readReleasePage } from './release-read.ts';
import {
  checkRelease,
  checkReleases,
  createRelease,
  deleteRelease,
  releaseStatuses,
  reopenRelease,
  submitRelease,
  takedownRelease,
  updateRelease,
  type ReleaseCheck,
} from './releases.service.ts';
import { submitTransfer, type SubmitTransferInput } from './transfer.service.ts';

/** The check as the legacy API reports it: release fields, then per-track fields, each with key and message. */
export function presentCheck(check: ReleaseCheck) {
  const fields: Record<string, { key: string; message: string }> = {};
  const tracks: Record<string, { trackNumber: number; fields: Record<string, { key: string; message: string }> }> = {};
  for (const i of check.issues) {
    if (i.trackId && i.trackNumber) {
      const entry = (tracks[i.trackId] ??= { trackNumber: i.trackNumber, fields: {} });
      entry.fields[i.field] ??= { key: i.key, message: i.message };
    } else fields[i.field] ??= { key: i.key, message: i.message };
  }
  return { id: check.releaseId, valid: check.ok, fields, tracks, issues: check.issues };
}

function str(value: unknown, name: string, required = true): string | undefined {
  if (value === undefined || value === '') {
    if (required) throw badInput(`${name} is required`, [{ field: name, key: 'required', message: `${name} is required` }], 'required');
    return undefined;
  }
  if (typeof value !== 'string') throw badInput(`${name} must be a string`, [{ field: name, key: 'invalid-type', message: `${name} must be a string` }], 'invalid-type');
  return value;
}

async function coverUpload(req: Request) {
  const ctx = req.ctx;
  requireViewer(ctx);
  const { result } = await readSingleFileForm(
    req,
    { fileField: 'file', maxFileBytes: ctx.config.limits.imageUploadBytes },
    // Like releaseId, `version` (optional, for partners' older clients) comes before the file or on the URL.
    async (file, fields) => uploadCoverArt(ctx, uploadReleaseId(req.query, fields), { stream: file.stream, fileName: file.fileName }, optionalVersion(fields.version ?? req.query.version)),
    async () => undefined, // a replaced cover is a complete, valid state
  );
  return restRelease(ctx, result.id);
}

/**
 * POST /api/releases/import (multipart): `file` (the ERN or CSV), `media` (a zip, or files) and
 * `files` (loose media); fields `previousDistributor` and, for staff, `ownerId`. 202 with the job on
 * a new file, 200 with the existing one when the same file was uploaded before.
 */
async function catalogImportUpload(req: Request, res: Response) {
  const ctx = req.ctx;
  requireViewer(ctx);
  const temp = await importTempDir(ctx.config);
  try {
    const state: { hash?: string; catalogName?: string } = {};
    const fields = await readFilesForm(req, { maxFiles: 1000, maxFileBytes: ctx.config.limits.audioUploadBytes * 4 }, (part) => saveImportUpload(ctx.config, part, temp, state));
    if (!state.hash) throw badInput('Send the catalogue as the file field', [{ field: 'file', key: 'required', message: 'Choose a DDEX ERN or CSV file' }], 'required');
    const out = await registerCatalogImport(ctx, { temp, hash: state.hash, fileName: state.catalogName ?? 'catalog', ownerId: fields.ownerId, previousDistributor: fields.previousDistributor });
    res.status(out.created ? 202 : 200);
    return { created: out.created, ...(await getCatalogImport(ctx, out.importId)) };
  } finally {
    await removeDir(temp);
  }
}

/** Router for /api/releases/... */
export function releasesRouter(): Router {
  const r = Router();
  r.get('/releases', handler(async (req) => {
    const ctx = req.ctx;
    requireViewer(ctx);
    const limit = req.query.limit === undefined ? 20 : Number(req.query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_SIZE_MAX) throw badInput(`limit must be a whole number from 1 to ${PAGE_SIZE_MAX}`, [{ field: 'limit', key: 'range', message: `limit must be from 1 to ${PAGE_SIZE_MAX}` }], 'range');
    const cursor = str(req.query.cursor, 'cursor', false);
    const statusText = str(req.query.status, 'status', false);
    const statuses = statusText ? statusText.split(',').map((s) => s.trim()) : undefined;
    if (statuses && !statuses.every(isReleaseStatus)) throw badInput('Unknown status', [{ field: 'status', key: 'invalid', message: 'Unknown status' }], 'invalid');
    const page = await readReleasePage(ctx, { statuses: statuses as ReleaseStatus[] | undefined, take: limit, direction: 'forward', cursorId: cursor, count: true }, FULL_RELEASE);
    return {
      releases: page.releases.map((row) => presentRelease(row, ctx.viewer, ctx.config.env.sunsetDate)),
      totalCount: page.totalCount,
      nextCursor: page.hasMore ? (page.releases.at(-1)?.id ?? null) : null,
    };
  }));
  r.get('/releases/status', handler(async (req) => Object.fromEntries((await releaseStatuses(req.ctx)).map((e) => [e.id, e.status]))));
  r.get('/releases/check/:id', handler(async (req) => presentCheck(await checkRelease(req.ctx, String(req.params.id)))));
  r.post('/releases/check', signedIn, handler(async (req) => {
    const body = req.body as unknown;
    const ids = Array.isArray(body) ? body : (body as { ids?: unknown } | null)?.ids;
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > 100 || !ids.every((id) => typeof id === 'string')) {
      throw badInput('Send a list of 1 to 100 release ids', [{ field: 'ids', key: 'invalid', message: 'Send a list of 1 to 100 release ids' }], 'invalid');
    }
    return (await checkReleases(req.ctx, ids as string[])).map(presentCheck);
  }));
  r.get('/releases/download-all', handler(async (req) => requestDownloadAll(req.ctx, { skipTimeLimit: queryBool(req.query.skipTimeLimit, 'skipTimeLimit') ?? false })));
  r.get('/releases/download-link/:code', handler(async (req, res) => {
    const { archiveName, entries } = await openDownloadLink(req.ctx, String(req.params.code));
    const size = await tarSize(entries);
    await sendFile(res, tarStream(entries), { mimeType: 'application/x-tar', fileName: archiveName, size });
  }));
  r.post('/releases/cover-upload', handler(coverUpload));
  r.post('/releases/import', handler(catalogImportUpload));
  r.get('/releases/import/:jobId', handler(async (req) => getCatalogImport(req.ctx, String(req.params.jobId))));
  // Audio that arrives after the import: each file attaches to the track waiting for its name.
  r.post('/releases/import/:jobId/files', handler(async (req) => {
    const ctx = req.ctx;
    const id = String(req.params.jobId);
    await getCatalogImport(ctx, id);
    const out = { attached: [] as string[], unexpected: [] as string[] };
    await readFilesForm(req, { maxFiles: 500, maxFileBytes: ctx.config.limits.audioUploadBytes }, async (part) => {
      const r = await attachAwaitedAudio(ctx, id, { fileName: part.fileName, stream: part.stream });
      out.attached.push(...r.attached);
      out.unexpected.push(...r.unexpected);
    });
    return { ...out, import: await getCatalogImport(ctx, id) };
  }));
  r.post('/releases/takedown/:id', handler(async (req) => restRelease(req.ctx, (await takedownRelease(req.ctx, String(req.params.id))).id)));
  r.post('/releases/status/change/notCompleted/:id', handler(async (req) => restRelease(req.ctx, (await reopenRelease(req.ctx, String(req.params.id))).id)));
  r.post('/releases/:id/submit', handler(async (req) => restRelease(req.ctx, (await submitRelease(req.ctx, String(req.params.id))).id)));
  // A release already in stores (issue 23): body {upc, originalReleaseDate, previousDistributor, liveStores[], tracks: [{trackId, isrc}], version?}.
  r.post('/releases/:id/transfer', handler(async (req) => {
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Partial<SubmitTransferInput>;
    const transfer = await submitTransfer(req.ctx, { ...(body as SubmitTransferInput), releaseId: String(req.params.id), version: optionalVersion(body.version) });
    return { ...(await restRelease(req.ctx, transfer.releaseId)), transfer };
  }));
  r.post('/releases/:id/download-link', handler(async (req) => createDownloadLink(req.ctx, String(req.params.id))));
  r.get('/releases/:id/cover', handler(async (req, res) => {
    const cover = await openCoverArt(req.ctx, String(req.params.id));
    res.setHeader('Cache-Control', 'private, max-age=3600');
    await sendFile(res, cover.stream, { mimeType: cover.mimeType, fileName: cover.fileName, size: cover.size, inline: true });
  }));
  r.get('/releases/:id', handler(async (req) => restRelease(req.ctx, String(req.params.id))));
  r.post('/releases', handler(async (req, res) => {
    const { id } = await createRelease(req.ctx, req.body ?? {});
    res.status(201);
    return restRelease(req.ctx, id);
  }));
  r.put('/releases/:id', handler(async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const { version, ...fields } = body;
    return restRelease(req.ctx, (await updateRelease(req.ctx, String(req.params.id), fields, optionalVersion(version))).id);
  }));
  r.delete('/releases/:id', handler(async (req) => {
    await deleteRelease(req.ctx, String(req.params.id));
    return undefined;
  }));
  return r;
}
