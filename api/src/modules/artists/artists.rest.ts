/** Legacy REST paths for artist credits. */
import { Router } from 'express';
import { coerce, define, literal, nullable, optional, refine, string, type, union, unknown as anything } from 'superstruct';
import { fieldsOf, handler, signedIn, validate, versionField, worded } from '../../http/rest-helpers.ts';
import { restRelease } from '../releases/releases.presenter.ts';
import { addArtistCredits, removeArtistCreditsByName, toArtistRole } from './artists.service.ts';

/** Text that is not blank; anything else is "<name> is required" (key required). */
const requiredText = (name: string) => worded(refine(string(), 'not-blank', (v) => v.trim() !== ''), 'required', `${name} is required`);
/** Absent (undefined or null), or text that is not blank. */
const optionalId = (name: string) => optional(nullable(requiredText(name)));

/**
 * POST /api/artists: the artist name on a track (trackId) or a release (releaseId, or the legacy
 * albumId; a falsy albumId is absent). The role (artistRelationTypeId or role, 1 when absent) is
 * the service's rule (toArtistRole); version is the release's.
 */
export const AddArtistBody = type({
  trackId: optionalId('trackId'),
  releaseId: optionalId('releaseId'),
  albumId: coerce(optionalId('albumId'), union([literal(''), literal(0), literal(false)]), () => undefined),
  artistName: requiredText('artistName'),
  artistRelationTypeId: anything(),
  role: anything(),
  version: versionField,
});

/** A query parameter that counts only as non-empty text; anything else is absent. */
const ignoredUnlessText = define<unknown>('not text', (v) => typeof v !== 'string' || v === '');

/** DELETE /api/artists?artistName&trackId[&userId][&version]: removes the name from the track. */
export const RemoveArtistQuery = type({
  artistName: requiredText('artistName'),
  trackId: requiredText('trackId'),
  userId: coerce(optional(string()), ignoredUnlessText, () => undefined),
  version: versionField,
});

/** Router for /api/artists; `version` (the release's, in the body or the query) is optional: omitted, last write wins. */
export function artistsRouter(): Router {
  const r = Router();
  r.post('/artists', signedIn, handler(async (req, res) => {
    const body = validate(AddArtistBody, fieldsOf(req.body), {});
    const result = await addArtistCredits(req.ctx, {
      trackId: body.trackId ?? null,
      releaseId: body.releaseId ?? body.albumId ?? null,
      artistName: body.artistName,
      role: toArtistRole(body.artistRelationTypeId ?? body.role ?? 1),
      version: body.version,
    });
    res.status(201);
    return { creditIds: result.creditIds, release: await restRelease(req.ctx, result.releaseId) };
  }));
  r.delete('/artists', signedIn, handler(async (req) => {
    const result = await removeArtistCreditsByName(req.ctx, validate(RemoveArtistQuery, req.query, {}));
    return { removed: result.removed, release: await restRelease(req.ctx, result.releaseId) };
  }));
  return r;
}
