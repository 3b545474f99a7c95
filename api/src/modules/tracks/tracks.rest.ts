/** Legacy REST paths for tracks: upload (multipart), edit, delete, and the owner's audio. */
import { Router } from 'express';
import { type } from 'superstruct';
import { handler, objectBody, sendFileRange, validate, versionField, pathParam } from '../../http/rest-helpers.ts';
import { readSingleFileForm, uploadReleaseId } from '../uploads/multipart.ts';
import { requireViewer } from '../releases/release-model.ts';
import { restRelease } from '../releases/releases.presenter.ts';
import { deleteTrack, openTrackAudio, updateTrack, uploadTrack } from './tracks.service.ts';

/** The track as the legacy API shows it, plus the release's new version for the caller's next edit. */
async function restTrack(ctx: Parameters<typeof restRelease>[0], releaseId: string, trackId: string) {
  const release = await restRelease(ctx, releaseId);
  const track = release.tracks.find((t) => t.id === trackId);
  return track ? { ...track, releaseVersion: release.version } : null;
}

/** PUT /api/track/:id: the track's fields (checked by the service's TrackInput) and the release's optional `version`. */
export const TrackBody = objectBody(type({ version: versionField }), 'The track must be an object');

/** DELETE /api/track/:id?version= */
export const DeleteTrackQuery = type({ version: versionField });

/** Router for /api/track/... */
export function tracksRouter(): Router {
  const r = Router();
  r.post('/track/upload', handler(async (req, res) => {
    const ctx = req.ctx;
    requireViewer(ctx);
    const { result } = await readSingleFileForm(
      req,
      { fileField: 'file', maxFileBytes: ctx.config.limits.audioUploadBytes },
      async (file, fields) => uploadTrack(ctx, uploadReleaseId(req.query, fields), { stream: file.stream, fileName: file.fileName }),
      async (track) => {
        await deleteTrack(ctx, track.id);
      },
    );
    res.status(201);
    return restTrack(ctx, result.releaseId, result.id);
  }));
  // `version` (the release's) is optional on edits: the legacy API had none, so omitting it keeps last-write-wins.
  r.put('/track/:id', handler(async (req) => {
    const { version, ...fields } = validate(TrackBody, req.body, { noKey: [''] });
    const { id, releaseId } = await updateTrack(req.ctx, pathParam(req, 'id'), fields, version);
    return restTrack(req.ctx, releaseId, id);
  }));
  r.delete('/track/:id', handler(async (req) => {
    await deleteTrack(req.ctx, pathParam(req, 'id'), validate(DeleteTrackQuery, req.query, {}).version);
    return undefined;
  }));
  r.get('/track/:id/audio', handler(async (req, res) => {
    await sendFileRange(req, res, await openTrackAudio(req.ctx, pathParam(req, 'id')));
  }));
  return r;
}
