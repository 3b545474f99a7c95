/** Legacy REST paths for releases (core §7): parse, call the services, present. */
import { PAGE_SIZE_MAX } from '@cadence/domain/text-limits';
import { Router, type Request, type Response } from 'express';
import { array, coerce, integer, optional, size, string, type, union, unknown as anything } from 'superstruct';
import { isReleaseStatus, type ReleaseStatus } from '@cadence/domain/release-status';
import { checked, fieldError } from '@cadence/domain/validators';
import { boolQuery, fieldsOf, handler, optionalText, optionalVersion, sendFile, signedIn, validate, versionField, worded, pathParam } from '../../http/rest-helpers.ts';
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

/** GET /api/releases?limit&cursor&status: a page size (default 20), the last id seen, statuses comma-separated. */
export const ReleasesQuery = type({
  limit: worded(coerce(size(integer(), 1, PAGE_SIZE_MAX), optional(string()), (v) => (v === undefined ? 20 : Number(v))), 'range', `limit must be from 1 to ${PAGE_SIZE_MAX}`),
  cursor: optionalText('cursor'),
  status: checked(optionalText('status'), (v) => (v === undefined || v.split(',').every((s) => isReleaseStatus(s.trim())) ? undefined : fieldError('invalid', 'Unknown status'))),
});
const releasesQueryWording = { sentences: { limit: `limit must be a whole number from 1 to ${PAGE_SIZE_MAX}` } };

/** POST /api/releases/check: a list of 1 to 100 release ids, bare or as {ids}. */
const idList = size(array(string()), 1, 100);
export const CheckBody = worded(union([idList, type({ ids: idList })]), 'invalid', 'Send a list of 1 to 100 release ids', 'ids');

export const DownloadAllQuery = type({ skipTimeLimit: boolQuery('skipTimeLimit') });

/**
 * POST /api/releases/:id/transfer: the codes are checked by the transfer service (one rule for
 * GraphQL and REST); here only the optional `version`. The other fields pass as sent.
 */
export const TransferBody = type({
  upc: anything(),
  originalReleaseDate: anything(),
  previousDistributor: anything(),
  liveStores: anything(),
  tracks: anything(),
  version: versionField,
});

/** PUT /api/releases/:id: the release fields (checked by the service's ReleaseInput) and the optional `version`. */
export const UpdateReleaseBody = type({ version: versionField });

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
    const query = validate(ReleasesQuery, req.query, releasesQueryWording);
    const statuses = query.status?.split(',').map((s) => s.trim() as ReleaseStatus);
    const page = await readReleasePage(ctx, { statuses, take: query.limit, direction: 'forward', cursorId: query.cursor, count: true }, FULL_RELEASE);
    return {
      releases: page.releases.map((row) => presentRelease(row, ctx.viewer, ctx.config.env.sunsetDate)),
      totalCount: page.totalCount,
      nextCursor: page.hasMore ? (page.releases.at(-1)?.id ?? null) : null,
    };
  }));
  r.get('/releases/status', handler(async (req) => Object.fromEntries((await releaseStatuses(req.ctx)).map((e) => [e.id, e.status]))));
  r.get('/releases/check/:id', handler(async (req) => presentCheck(await checkRelease(req.ctx, pathParam(req, 'id')))));
  r.post('/releases/check', signedIn, handler(async (req) => {
    const body = validate(CheckBody, req.body, {});
    const ids = Array.isArray(body) ? body : body.ids;
    return (await checkReleases(req.ctx, ids)).map(presentCheck);
  }));
  r.get('/releases/download-all', handler(async (req) => requestDownloadAll(req.ctx, { skipTimeLimit: validate(DownloadAllQuery, req.query, { noKey: ['skipTimeLimit'] }).skipTimeLimit ?? false })));
  r.get('/releases/download-link/:code', handler(async (req, res) => {
    const { archiveName, entries } = await openDownloadLink(req.ctx, pathParam(req, 'code'));
    const size = await tarSize(entries);
    await sendFile(res, tarStream(entries), { mimeType: 'application/x-tar', fileName: archiveName, size });
  }));
  r.post('/releases/cover-upload', handler(coverUpload));
  r.post('/releases/import', handler(catalogImportUpload));
  r.get('/releases/import/:jobId', handler(async (req) => getCatalogImport(req.ctx, pathParam(req, 'jobId'))));
  // Audio that arrives after the import: each file attaches to the track waiting for its name.
  r.post('/releases/import/:jobId/files', handler(async (req) => {
    const ctx = req.ctx;
    const id = pathParam(req, 'jobId');
    await getCatalogImport(ctx, id);
    const out = { attached: [] as string[], unexpected: [] as string[] };
    await readFilesForm(req, { maxFiles: 500, maxFileBytes: ctx.config.limits.audioUploadBytes }, async (part) => {
      const r = await attachAwaitedAudio(ctx, id, { fileName: part.fileName, stream: part.stream });
      out.attached.push(...r.attached);
      out.unexpected.push(...r.unexpected);
    });
    return { ...out, import: await getCatalogImport(ctx, id) };
  }));
  r.post('/releases/takedown/:id', handler(async (req) => restRelease(req.ctx, (await takedownRelease(req.ctx, pathParam(req, 'id'))).id)));
  r.post('/releases/status/change/notCompleted/:id', handler(async (req) => restRelease(req.ctx, (await reopenRelease(req.ctx, pathParam(req, 'id'))).id)));
  r.post('/releases/:id/submit', handler(async (req) => restRelease(req.ctx, (await submitRelease(req.ctx, pathParam(req, 'id'))).id)));
  // A release already in stores (issue 23): body {upc, originalReleaseDate, previousDistributor, liveStores[], tracks: [{trackId, isrc}], version?}.
  r.post('/releases/:id/transfer', handler(async (req) => {
    const body = validate(TransferBody, fieldsOf(req.body), {}) as Omit<SubmitTransferInput, 'releaseId'>;
    const transfer = await submitTransfer(req.ctx, { ...body, releaseId: pathParam(req, 'id') });
    return { ...(await restRelease(req.ctx, transfer.releaseId)), transfer };
  }));
  r.post('/releases/:id/download-link', handler(async (req) => createDownloadLink(req.ctx, pathParam(req, 'id'))));
  r.get('/releases/:id/cover', handler(async (req, res) => {
    const cover = await openCoverArt(req.ctx, pathParam(req, 'id'));
    res.setHeader('Cache-Control', 'private, max-age=3600');
    await sendFile(res, cover.stream, { mimeType: cover.mimeType, fileName: cover.fileName, size: cover.size, inline: true });
  }));
  r.get('/releases/:id', handler(async (req) => restRelease(req.ctx, pathParam(req, 'id'))));
  r.post('/releases', handler(async (req, res) => {
    const { id } = await createRelease(req.ctx, req.body ?? {});
    res.status(201);
    return restRelease(req.ctx, id);
  }));
  r.put('/releases/:id', handler(async (req) => {
    const { version, ...fields } = validate(UpdateReleaseBody, req.body, {});
    return restRelease(req.ctx, (await updateRelease(req.ctx, pathParam(req, 'id'), fields, version)).id);
  }));
  r.delete('/releases/:id', handler(async (req) => {
    await deleteRelease(req.ctx, pathParam(req, 'id'));
    return undefined;
  }));
  return r;
}
