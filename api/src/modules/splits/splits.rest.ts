/**
 * REST paths of royalty splits (issue #16), for partners: validate, call the service, present.
 *
 *   GET  /api/releases/{id}/splits        -> presentSplits (owner: all versions; collaborator: own share)
 *   PUT  /api/releases/{id}/splits        body {trackId?, shares: [{email, basisPoints}], version?} -> presentSplits
 *   GET  /api/releases/{id}/splits.csv    the split sheet (owner)
 *   POST /api/splits/{id}/accept|decline  body {token?}: signed in as the invited email, or by the mailed token
 */
import { Router } from 'express';
import { array, integer, nullable, number, object, optional, size, string, type } from 'superstruct';
import { stringify } from 'csv-stringify/sync';
import { formatMinor } from '@cadence/domain/money';
import { handler, signedIn, validate, pathParam } from '../../http/rest-helpers.ts';
import { getReleaseSplits, releaseForSplitChange, respondToSplit, setReleaseSplits, splitSheetRows, type ReleaseSplitsView, type SplitInvitationView } from './splits.service.ts';

export const PutBody = object({
  trackId: optional(nullable(size(string(), 1, 64))),
  shares: size(array(object({ email: size(string(), 0, 320), basisPoints: number() })), 0, 200),
  version: optional(nullable(integer())),
});
// Other fields are ignored (a partner may send the invitation it read back).
export const RespondBody = type({ token: optional(nullable(size(string(), 0, 200))) });

/** The splits as the REST paths answer them (amounts as decimal strings). */
export function presentSplits(s: ReleaseSplitsView) {
  return {
    ...s,
    versions: s.versions.map((v) => ({ ...v, createdAt: v.createdAt.toISOString() })),
    current: s.current.map((v) => ({ ...v, createdAt: v.createdAt.toISOString() })),
    collaborators: s.collaborators.map(({ accruedMinor, respondedAt, ...c }) => ({ ...c, respondedAt: respondedAt?.toISOString() ?? null, accrued: formatMinor(accruedMinor) })),
  };
}

function presentInvitation({ accruedMinor, ...i }: SplitInvitationView) {
  return { ...i, accrued: formatMinor(accruedMinor) };
}

export function splitsRouter(): Router {
  const r = Router();
  r.get('/releases/:id/splits', signedIn, handler(async (req) => presentSplits(await getReleaseSplits(req.ctx, pathParam(req, 'id')))));
  r.put(
    '/releases/:id/splits',
    signedIn,
    handler(async (req) => {
      await releaseForSplitChange(req.ctx, pathParam(req, 'id')); // who may, before what they sent
      const body = validate(PutBody, req.body);
      return presentSplits(await setReleaseSplits(req.ctx, { releaseId: pathParam(req, 'id'), trackId: body.trackId ?? null, shares: body.shares, version: body.version ?? null }));
    }),
  );
  r.get(
    '/releases/:id/splits.csv',
    signedIn,
    handler(async (req, res) => {
      const rows = await splitSheetRows(req.ctx, pathParam(req, 'id'));
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', 'attachment; filename="split-sheet.csv"');
      res.send(stringify(rows, { record_delimiter: '\r\n' }));
    }),
  );
  for (const answer of ['accept', 'decline'] as const) {
    r.post(
      `/splits/:id/${answer}`,
      handler(async (req) => {
        const body = validate(RespondBody, req.body);
        return presentInvitation(await respondToSplit(req.ctx, { id: pathParam(req, 'id'), token: body.token ?? null }, answer === 'accept' ? 'ACCEPTED' : 'DECLINED'));
      }),
    );
  }
  return r;
}
