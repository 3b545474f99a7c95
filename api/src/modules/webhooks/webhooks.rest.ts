/** REST paths for webhooks (issue 18): validate, call the service, present. Shapes in docs/webhooks.md. */
import { Router, type Request } from 'express';
import { array, boolean, object, optional, size, string, type as loose, type Struct } from 'superstruct';
import { validateShape } from '@cadence/domain/validators';
import { badInput } from '../../domain-error.ts';
import { handler, signedIn, pathParam } from '../../http/rest-helpers.ts';
import { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookDeliveries, listWebhookEndpoints, redeliverWebhook, updateWebhookEndpoint, type WebhookDeliveryView, type WebhookEndpointView } from './webhooks.service.ts';

function validate<T, S>(struct: Struct<T, S>, value: unknown): T {
  const result = validateShape(struct, value ?? {});
  if (result.ok) return result.value;
  const fieldErrors = Object.entries(result.errors).map(([field, e]) => ({ field, key: e.key, message: e.message }));
  throw badInput(fieldErrors.map((e) => `${e.field}: ${e.message}`).join('; '), fieldErrors, fieldErrors[0]?.key);
}

export const CreateEndpointBody = object({ url: size(string(), 1, 2_000), events: size(array(string()), 1, 10), description: optional(size(string(), 0, 200)) });
// Unknown keys are ignored on update (so a partner can send back what it read), never stored.
export const UpdateEndpointBody = loose({ url: optional(size(string(), 1, 2_000)), events: optional(size(array(string()), 1, 10)), description: optional(size(string(), 0, 200)), enabled: optional(boolean()) });
export const NoBody = object({});

export const presentEndpoint = (e: WebhookEndpointView) => ({ ...e, disabledAt: e.disabledAt?.toISOString() ?? null, failingSince: e.failingSince?.toISOString() ?? null, createdAt: e.createdAt.toISOString() });
export const presentDelivery = (d: WebhookDeliveryView) => ({ ...d, createdAt: d.createdAt.toISOString(), lastAttemptAt: d.lastAttemptAt?.toISOString() ?? null, deliveredAt: d.deliveredAt?.toISOString() ?? null });

const id = (req: Request) => pathParam(req, 'id');

export function webhooksRouter(): Router {
  const r = Router();
  r.get('/webhooks', signedIn, handler(async (req) => (await listWebhookEndpoints(req.ctx)).map(presentEndpoint)));
  r.post('/webhooks', signedIn, handler(async (req, res) => {
    const body = validate(CreateEndpointBody, req.body);
    const { endpoint, secret } = await createWebhookEndpoint(req.ctx, body);
    res.status(201);
    return { ...presentEndpoint(endpoint), secret };
  }));
  r.put('/webhooks/:id', signedIn, handler(async (req) => presentEndpoint(await updateWebhookEndpoint(req.ctx, id(req), validate(UpdateEndpointBody, req.body)))));
  r.delete('/webhooks/:id', signedIn, handler(async (req) => {
    await deleteWebhookEndpoint(req.ctx, id(req));
    return undefined;
  }));
  r.get('/webhooks/:id/deliveries', signedIn, handler(async (req) => (await listWebhookDeliveries(req.ctx, id(req))).map(presentDelivery)));
  r.post('/webhooks/deliveries/:id/redeliver', signedIn, handler(async (req) => presentDelivery(await redeliverWebhook(req.ctx, id(req)))));
  return r;
}
