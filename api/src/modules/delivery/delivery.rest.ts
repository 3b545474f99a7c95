/**
 * REST: a release's DDEX message as XML (owner, support acting as them, and staff), and for
 * partner tools the staff operations of this module: store endpoints (admins) and marking a
 * delivery acknowledged (staff). Each route validates, calls the service, presents.
 */
import { Router, type Request, type RequestHandler } from 'express';
import { boolean, coerce, enums, integer, nullable, object, optional, pattern, record, size, string, type, union } from 'superstruct';
import { DomainError } from '../../domain-error.ts';
import { boolQuery, fieldNames, handler, LISTED, sendFile, signedIn, validate, worded, pathParam } from '../../http/rest-helpers.ts';
import { acknowledgeDelivery, openDdexMessage } from './delivery.service.ts';
import { listStoreEndpoints, removeStoreEndpoint, setStoreEndpoint } from './store-endpoints.service.ts';
import { canAcknowledgeDelivery, canManageStoreEndpoints } from './delivery.policy.ts';

/** Route guard: store endpoints, admins only (named so the security suite reads the audience from the route table). */
const adminOnly: RequestHandler = function adminOnly(req, _res, next) {
  const viewer = req.ctx.viewer;
  if (!viewer) return next(new DomainError('UNAUTHENTICATED', 'Sign in required'));
  next(canManageStoreEndpoints(viewer) ? undefined : new DomainError('FORBIDDEN', 'Only administrators can manage store endpoints'));
};

/** Route guard: marking a delivery acknowledged, support or admin. */
const staffOnly: RequestHandler = function staffOnly(req, _res, next) {
  const viewer = req.ctx.viewer;
  if (!viewer) return next(new DomainError('UNAUTHENTICATED', 'Sign in required'));
  next(canAcknowledgeDelivery(viewer) ? undefined : new DomainError('FORBIDDEN', 'Only staff can mark a delivery acknowledged'));
};

export const EndpointBody = object({
  kind: enums(['LOCAL', 'SFTP', 'S3'] as const),
  recipientDpid: size(string(), 1, 100),
  recipientName: size(string(), 1, 200),
  settings: optional(record(string(), union([string(), integer()]))),
  secret: optional(nullable(size(string(), 0, 20_000))),
  enabled: optional(boolean()),
});

const DspParams = type({ dspId: worded(coerce(integer(), pattern(string(), /^\d{1,9}$/), Number), 'invalid', 'dspId must be a whole number') });
const dspIdParam = (params: Request['params']) => validate(DspParams, params, { noKey: ['dspId'] }).dspId;

const uuid = (name: string) => worded(pattern(string(), /^[0-9a-f-]{36}$/i), 'invalid', `${name} must be an id`);
const IdParams = type({ id: uuid('id') });

/** GET /api/releases/:id/ddex?delivery&download: one delivery's message, shown inline unless download=true. */
const DdexQuery = type({ delivery: optional(uuid('delivery')), download: boolQuery('download') });

export function deliveryRouter(): Router {
  const router = Router();
  router.get(
    '/releases/:id/ddex',
    signedIn,
    handler(async (req, res) => {
      const { delivery, download } = validate(DdexQuery, req.query, { noKey: fieldNames(DdexQuery) });
      const message = await openDdexMessage(req.ctx, pathParam(req, 'id'), delivery);
      res.setHeader('Cache-Control', 'private, no-store');
      await sendFile(res, message.stream, { mimeType: 'application/xml; charset=utf-8', fileName: message.fileName, size: message.size, inline: download !== true });
    }),
  );
  router.get('/admin/store-endpoints', adminOnly, handler(async (req) => ({ storeEndpoints: await listStoreEndpoints(req.ctx) })));
  router.put(
    '/admin/store-endpoints/:dspId',
    adminOnly,
    handler(async (req) => {
      const dspId = dspIdParam(req.params);
      const body = validate(EndpointBody, req.body, LISTED);
      return { storeEndpoint: await setStoreEndpoint(req.ctx, { dspId, ...body, settings: body.settings ?? {} }) };
    }),
  );
  router.delete('/admin/store-endpoints/:dspId', adminOnly, handler(async (req) => ({ storeEndpoint: await removeStoreEndpoint(req.ctx, dspIdParam(req.params)) })));
  router.post('/admin/deliveries/:id/acknowledge', staffOnly, handler(async (req) => ({ delivery: await acknowledgeDelivery(req.ctx, validate(IdParams, req.params, { noKey: ['id'] }).id) })));
  return router;
}
