/** OpenAPI declarations of the reference's own paths (http/openapi.ts reads them into /api/openapi.json). */
import { documentRoutes } from '../../http/openapi.ts';

documentRoutes({
  'GET /api/openapi.json': {
    summary: 'This document (OpenAPI 3.1)',
    response: { status: 200, schema: { type: 'object', required: ['openapi', 'info', 'paths'], properties: { openapi: { const: '3.1.0' }, info: { type: 'object' }, paths: { type: 'object' } } } },
  },
  'GET /api/docs': { summary: 'The reading page of this document (swagger-ui, served from our origin)', response: { status: 200, contentType: 'text/html' } },
  'GET /api/docs/init.js': { summary: "The reading page's start-up script", response: { status: 200, contentType: 'application/javascript' } },
  'GET /api/docs/:file': {
    summary: "The reading page's swagger-ui files (swagger-ui.css, swagger-ui-bundle.js, swagger-ui-standalone-preset.js)",
    response: { status: 200, contentType: 'text/css', orAs: ['text/javascript'] },
    errors: { 404: 'Not one of those files.' },
  },
});
