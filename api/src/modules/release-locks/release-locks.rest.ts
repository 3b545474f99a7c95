/** Legacy REST path: POST /api/check-release-lock {albumId, lockTypes}. */
import { Router } from 'express';
import { handler, signedIn } from '../../http/rest-helpers.ts';
import { badInput } from '../../domain-error.ts';
import { acquireReleaseLocks, parseLockTypes } from './release-locks.service.ts';

/** Router for /api/check-release-lock. */
export function releaseLocksRouter(): Router {
  const r = Router();
  r.post('/check-release-lock', signedIn, handler(async (req) => {
    const body = (req.body ?? {}) as { albumId?: unknown; lockTypes?: unknown };
    if (typeof body.albumId !== 'string' || body.albumId === '') throw badInput('albumId is required', [{ field: 'albumId', key: 'required', message: 'albumId is required' }], 'required');
    const locks = await acquireReleaseLocks(req.ctx, body.albumId, parseLockTypes(body.lockTypes));
    return { albumId: body.albumId, locked: locks.some((l) => !l.acquired), locks };
  }));
  return r;
}
