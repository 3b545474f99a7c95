/** Legacy REST path: POST /api/check-release-lock {albumId, lockTypes}. */
import { Router } from 'express';
import { refine, string, type, unknown as anything } from 'superstruct';
import { fieldsOf, handler, signedIn, validate, worded } from '../../http/rest-helpers.ts';
import { acquireReleaseLocks, parseLockTypes } from './release-locks.service.ts';

/**
 * The release (legacy name albumId) and its lock names: a list or comma-separated text, read by
 * the service's rule (parseLockTypes), which GraphQL shares.
 */
export const CheckLockBody = type({
  albumId: worded(refine(string(), 'not-empty', (v) => v !== ''), 'required', 'albumId is required'),
  lockTypes: anything(),
});

/** Router for /api/check-release-lock. */
export function releaseLocksRouter(): Router {
  const r = Router();
  r.post('/check-release-lock', signedIn, handler(async (req) => {
    const body = validate(CheckLockBody, fieldsOf(req.body), {});
    const locks = await acquireReleaseLocks(req.ctx, body.albumId, parseLockTypes(body.lockTypes));
    return { albumId: body.albumId, locked: locks.some((l) => !l.acquired), locks };
  }));
  return r;
}
