/** OpenAPI declarations of the webhook paths (http/openapi.ts reads them into /api/openapi.json). */
import { documentRoutes, fromStruct, type JsonSchema } from '../../http/openapi.ts';
import { CreateEndpointBody, UpdateEndpointBody } from './webhooks.rest.ts';
import { WEBHOOK_EVENTS } from './webhooks.service.ts';

const date = { type: ['string', 'null'], format: 'date-time' };
const endpoint: JsonSchema = {
  type: 'object',
  required: ['id', 'url', 'events', 'enabled', 'createdAt'],
  properties: {
    id: { type: 'string' },
    url: { type: 'string' },
    events: { type: 'array', items: { enum: [...WEBHOOK_EVENTS] } },
    description: { type: 'string' },
    enabled: { type: 'boolean' },
    disabledAt: date,
    disabledReason: { type: ['string', 'null'] },
    failingSince: date,
    createdAt: { type: 'string', format: 'date-time' },
  },
};
const delivery: JsonSchema = {
  type: 'object',
  required: ['id', 'endpointId', 'eventId', 'eventType', 'status', 'attempts'],
  properties: {
    id: { type: 'string' },
    endpointId: { type: 'string' },
    eventId: { type: 'string', description: 'The webhook-id header: the same on every retry and redelivery.' },
    eventType: { enum: [...WEBHOOK_EVENTS] },
    payload: { type: 'object' },
    status: { enum: ['PENDING', 'SUCCEEDED', 'FAILED'] },
    attempts: { type: 'integer' },
    responseStatus: { type: ['integer', 'null'] },
    error: { type: ['string', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
    lastAttemptAt: date,
    deliveredAt: date,
  },
};

documentRoutes({
  'GET /api/webhooks': { summary: "The account's webhook endpoints", response: { status: 200, schema: { type: 'array', items: endpoint } } },
  'POST /api/webhooks': {
    summary: 'Registers a webhook endpoint',
    description: 'The answer carries the signing secret (whsec_…) once. URLs must be https:// on a public address.',
    body: fromStruct(CreateEndpointBody),
    response: { status: 201, schema: { allOf: [endpoint, { type: 'object', required: ['secret'], properties: { secret: { type: 'string' } } }] } },
    errors: { 409: 'At most 10 endpoints (key too-many-endpoints).' },
  },
  'PUT /api/webhooks/:id': { summary: 'Changes a webhook endpoint', body: fromStruct(UpdateEndpointBody), response: { status: 200, schema: endpoint }, errors: { 404: 'No such endpoint.' } },
  'DELETE /api/webhooks/:id': { summary: 'Removes a webhook endpoint and its log', response: { status: 204 }, errors: { 404: 'No such endpoint.' } },
  'GET /api/webhooks/:id/deliveries': { summary: "An endpoint's newest deliveries", response: { status: 200, schema: { type: 'array', items: delivery } }, errors: { 404: 'No such endpoint.' } },
  'POST /api/webhooks/deliveries/:id/redeliver': { summary: 'Sends a delivery again, with the same event id', response: { status: 200, schema: delivery }, errors: { 404: 'No such delivery.', 409: 'The endpoint is disabled.' } },
});
