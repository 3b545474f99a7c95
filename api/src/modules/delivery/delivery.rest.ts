/**
 * REST: a release's DDEX message as XML (owner, support acting as them, and staff), and for
 * partner tools the staff operations of this module: store endpoints (admins) and marking a
 * delivery acknowledged (staff). Each route validates, calls the service, presents.
 */
import { Router, type RequestHandler } from 'express';
import { boolean, enums, integer, nullable, object, optional, record, size, string, union } from 'superstruct';
import { badInput, DomainError } from '../../domain-error.ts';
import { handler, sendFile, signedIn } from '../../http/rest-helpers.ts';
import { parseBody } from '../../http/rest-body.ts';
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

function dspIdParam(raw: unknown): number {
  const n = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n)) throw badInput('dspId must be a whole number', [{ field: 'dspId', key: 'invalid', message: 'dspId must be a whole number' }]);
  return n;
}

function uuidParam(raw: unknown, name: string): string {
  if (typeof raw !== 'string' || !/^[0-9a-f-]{36}$/i.test(raw)) throw badInput(`${name} must be an id`, [{ field: name, key: 'invalid', message: `${name} must be an id` }]);
  return raw;
}

export function deliveryRouter(): Router {
  const router = Router();
  router.get(
    '/releases/:id/ddex',
    signedIn,
    handler(async (req, res) => {
      const delivery = req.query.delivery === undefined ? undefined : uuidParam(req.query.delivery, 'delivery');
      const message = await openDdexMessage(req.ctx, String(req.params.id), delivery);
      res.setHeader('Cache-Control', 'private, no-store');
      await sendFile(res, message.stream, { mimeType: 'application/xml; charset=utf-8', fileName: message.fileName, size: message.size, inline: req.query.download !== 'true' });
    }),
  );
  router.get('/admin/store-endpoints', adminOnly, handler(async (req) => ({ storeEndpoints: await listStoreEndpoints(req.ctx) })));
  router.put(
    '/admin/store-endpoints/:dspId',
    adminOnly,
    handler(async (req) => {
      const dspId = dspIdParam(req.params.dspId);
      const body = parseBody(EndpointBody, req.body);
      return { storeEndpoint: await setStoreEndpoint(req.ctx, { dspId, ...body, settings: body.settings ?? {} }) };
    }),
  );
  router.delete('/admin/store-endpoints/:dspId', adminOnly, handler(async (req) => ({ storeEndpoint: await removeStoreEndpoint(req.ctx, dspIdParam(req.params.dspId)) })));
  router.post('/admin/deliveries/:id/acknowledge', staffOnly, handler(async (req) => ({ delivery: await acknowledgeDelivery(req.ctx, uuidParam(req.params.id, 'id')) })));
  return router;
}
