/** Legacy REST paths for artist credits. */
import { Router } from 'express';
import { handler, optionalVersion, signedIn } from '../../http/rest-helpers.ts';
import { badInput } from '../../domain-error.ts';
import { restRelease } from '../releases/releases.presenter.ts';
import { addArtistCredits, removeArtistCreditsByName, toArtistRole } from './artists.service.ts';

const text = (v: unknown, name: string): string => {
  if (typeof v !== 'string' || v.trim() === '') throw badInput(`${name} is required`, [{ field: name, key: 'required', message: `${name} is required` }], 'required');
  return v;
};

/** Router for /api/artists; `version` (the release's, in the body or the query) is optional: omitted, last write wins. */
export function artistsRouter(): Router {
  const r = Router();
  r.post('/artists', signedIn, handler(async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const trackId = body.trackId === undefined || body.trackId === null ? null : text(body.trackId, 'trackId');
    const releaseId = body.releaseId === undefined || body.releaseId === null ? (body.albumId ? text(body.albumId, 'albumId') : null) : text(body.releaseId, 'releaseId');
    const result = await addArtistCredits(req.ctx, {
      trackId,
      releaseId,
      artistName: text(body.artistName, 'artistName'),
      role: toArtistRole(body.artistRelationTypeId ?? body.role ?? 1),
      version: optionalVersion(body.version),
    });
    res.status(201);
    return { creditIds: result.creditIds, release: await restRelease(req.ctx, result.releaseId) };
  }));
  r.delete('/artists', signedIn, handler(async (req) => {
    const userId = typeof req.query.userId === 'string' && req.query.userId !== '' ? req.query.userId : undefined;
    const result = await removeArtistCreditsByName(req.ctx, {
      artistName: text(req.query.artistName, 'artistName'),
      trackId: text(req.query.trackId, 'trackId'),
      userId,
      version: optionalVersion(req.query.version),
    });
    return { removed: result.removed, release: await restRelease(req.ctx, result.releaseId) };
  }));
  return r;
}
