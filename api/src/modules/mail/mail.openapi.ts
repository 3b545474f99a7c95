/** OpenAPI declaration of GET /api/dev/outbox (http/openapi.ts reads it into /api/openapi.json). */
import { documentRoutes } from '../../http/openapi.ts';

documentRoutes({
  'GET /api/dev/outbox': {
    summary: 'The local outbox: mail the app sent (staff; outside production each addressee reads their own)',
    description: 'JSON by default; a browser asking for HTML gets a page. In production only staff: others get 404.',
    query: { to: { type: 'string', description: 'Only mail to this address.' }, limit: { type: 'integer', minimum: 0, maximum: 999 } },
    response: {
      status: 200,
      orAs: ['text/html'],
      schema: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'to', 'subject', 'text', 'template', 'createdAt', 'links'],
          properties: { id: { type: 'string' }, to: { type: 'string' }, subject: { type: 'string' }, text: { type: 'string' }, template: { type: ['string', 'null'] }, createdAt: { type: 'string', format: 'date-time' }, links: { type: 'array', items: { type: 'string' }, description: 'Links found in the text.' } },
        },
      },
    },
    errors: { 404: 'Production, and not staff.' },
  },
});
