/** OpenAPI declarations of the tracking, web push and client log paths (core §7; http/openapi.ts reads them into /api/openapi.json). */
import { documentRoutes, fromStruct } from '../../http/openapi.ts';
import { BrowserTokenBody, LogBody, PushClickBody, TrackingBody } from './tracking.rest.ts';

const success = { type: 'object', required: ['success'], properties: { success: { const: true } } };

documentRoutes({
  'POST /api/users/tracking': { summary: 'Records the marketing campaign and template a visitor came from', body: fromStruct(TrackingBody), response: { status: 200, schema: success } },
  'POST /api/users/track-event/:eventName': {
    summary: 'Records a product event',
    // EventBody is optional(object(...)): superstruct's optional keeps no shape to read.
    body: { type: 'object', additionalProperties: false, properties: { properties: { type: 'object', description: 'Free-form event properties.' } } },
    response: { status: 200, schema: success },
  },
  'POST /api/users/registerBrowserToken': { summary: "Registers the browser's web push token", body: fromStruct(BrowserTokenBody), response: { status: 200, schema: success } },
  'POST /api/trackWebPushClick': { summary: 'Records a click on a web push notification', body: fromStruct(PushClickBody), response: { status: 200, schema: success } },
  'POST /api/logstash/log': { summary: 'Sends a client log line (level in type: error, warn, info)', body: fromStruct(LogBody), response: { status: 204 } },
});
