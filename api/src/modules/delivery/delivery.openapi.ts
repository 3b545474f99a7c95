/** OpenAPI declarations of the delivery paths: DDEX messages and staff operations (http/openapi.ts reads them into /api/openapi.json). */
import { documentRoutes, fromStruct, type JsonSchema } from '../../http/openapi.ts';
import { EndpointBody } from './delivery.rest.ts';

const str = { type: 'string' };
const bool = { type: 'boolean' };
const dateOrNull = { type: ['string', 'null'], format: 'date-time' };
const obj = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', required: Object.keys(properties), properties });
const kind = { enum: ['LOCAL', 'SFTP', 'S3'] };
const storeEndpoint = obj({
  dspId: { type: 'integer' },
  dspName: str,
  kind,
  recipientDpid: str,
  recipientName: str,
  settings: { type: 'object', description: 'Host, port, user, path, bucket... by kind; never the secret.' },
  hasSecret: bool,
  enabled: bool,
  isDefault: { ...bool, description: 'No row of its own: the local folder is used.' },
});
const endpointBody = fromStruct(EndpointBody) as { properties: Record<string, JsonSchema> };
const adminsOnly = 'Only administrators (FORBIDDEN).';

documentRoutes({
  'GET /api/releases/:id/ddex': {
    summary: "A release's DDEX ERN message (owner, support acting as them, staff)",
    query: { delivery: { type: 'string', description: 'A delivery id: the message of that delivery (default the newest).' }, download: { type: 'boolean', description: 'true: as an attachment.' } },
    response: { status: 200, contentType: 'application/xml' },
    errors: { 404: 'No such release, or no message yet.' },
  },
  'GET /api/admin/store-endpoints': { summary: "Admin: each store's delivery endpoint", response: { status: 200, schema: obj({ storeEndpoints: { type: 'array', items: storeEndpoint } }) }, errors: { 403: adminsOnly } },
  'PUT /api/admin/store-endpoints/:dspId': {
    summary: "Admin: sets a store's delivery endpoint",
    body: { ...endpointBody, properties: { ...endpointBody.properties, settings: { type: 'object', additionalProperties: { type: ['string', 'integer'] }, description: 'By kind: host, port, username, path (SFTP); bucket, region, prefix (S3).' } } },
    response: { status: 200, schema: obj({ storeEndpoint }) },
    errors: { 403: adminsOnly, 404: 'No such store.' },
  },
  'DELETE /api/admin/store-endpoints/:dspId': { summary: "Admin: removes a store's endpoint (back to the local folder)", response: { status: 200, schema: obj({ storeEndpoint }) }, errors: { 403: adminsOnly, 404: 'No such store endpoint.' } },
  'POST /api/admin/deliveries/:id/acknowledge': {
    summary: 'Staff: marks a delivery acknowledged by the store',
    response: {
      status: 200,
      schema: obj({ delivery: obj({ id: str, dspId: { type: 'integer' }, store: str, kind: { enum: ['INSERT', 'UPDATE', 'TAKEDOWN'] }, status: { enum: ['PENDING', 'SENT', 'ACKNOWLEDGED', 'FAILED'] }, sentAt: dateOrNull, acknowledgedAt: dateOrNull, error: { type: ['string', 'null'] }, messageUrl: { type: ['string', 'null'] }, releaseId: str }) }),
    },
    errors: { 404: 'No such delivery.', 409: 'The delivery cannot be acknowledged in its state.' },
  },
});
