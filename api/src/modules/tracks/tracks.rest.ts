/** Legacy REST paths for tracks: upload (multipart), edit, delete, and the owner's audio. */
import { Router } from 'express';
import { handler } from '../../http/rest-helpers.ts';
import { badInput } from '../../domain-error.ts';
import { readSingleFileForm } from '../uploads/multipart.ts';
import { requireViewer } from '../releases/release-model.ts';
import { restRelease, sendFile } from '../releases/releases.rest.ts';
import { deleteTrack, openTrackAudio, updateTrack, uploadTrack } from './tracks.service.ts';

async function restTrack(ctx: Parameters<typeof restRelease>[0], releaseId: string, trackId: string) {
  const release = await restRelease(ctx, releaseId);
  return release.tracks.find((t) => t.id === trackId) ?? null;
}

/** Router for /api/track/... */
export function tracksRouter(): Router {
  const r = Router();
  r.post('/track/upload', handler(async (req, res) => {
    const ctx = req.ctx;
    requireViewer(ctx);
    const queryId = typeof req.query.releaseId === 'string' ? req.query.releaseId : undefined;
    const { result } = await readSingleFileForm(
      req,
      { fileField: 'file', maxFileBytes: ctx.config.limits.audioUploadBytes },
      async (file, fields) => {
        const releaseId = fields.releaseId ?? fields.albumId ?? queryId;
        if (!releaseId) throw badInput('Send releaseId before the file', [{ field: 'releaseId', key: 'required', message: 'releaseId is required' }], 'required');
        return uploadTrack(ctx, releaseId, { stream: file.stream, fileName: file.fileName });
      },
      async (track) => {
        await deleteTrack(ctx, track.id);
      },
    );
    res.status(201);
    return restTrack(ctx, result.releaseId, result.id);
  }));
  r.put('/track/:id', handler(async (req) => {
    const { id, releaseId } = await updateTrack(req.ctx, String(req.params.id), req.body ?? {});
    return restTrack(req.ctx, releaseId, id);
  }));
  r.delete('/track/:id', handler(async (req) => {
    await deleteTrack(req.ctx, String(req.params.id));
    return undefined;
  }));
  r.get('/track/:id/audio', handler(async (req, res) => {
    const audio = await openTrackAudio(req.ctx, String(req.params.id));
    await sendFile(res, audio.stream, { mimeType: audio.mimeType, fileName: audio.fileName, size: audio.size });
  }));
  return r;
}
