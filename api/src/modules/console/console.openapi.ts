/** OpenAPI declarations of the console paths (http/openapi.ts reads them into /api/openapi.json). */
import { documentRoutes, fromStruct } from '../../http/openapi.ts';
import { RosterBody } from './console.rest.ts';

documentRoutes({
  'POST /api/admin/users/import': {
    summary: "Staff: imports a label's roster and invites each person",
    description:
      'The roster is CSV with the header email,first_name,last_name,artist_names, sent as JSON {csv} or as a text/csv body. Each new account is mailed a set-password link; lines that cannot be imported are listed in errors.',
    body: fromStruct(RosterBody),
    response: {
      status: 200,
      schema: {
        type: 'object',
        required: ['invited', 'errors'],
        properties: {
          invited: { type: 'array', items: { type: 'object', required: ['line', 'email', 'userId'], properties: { line: { type: 'integer' }, email: { type: 'string' }, userId: { type: 'string' } } } },
          errors: { type: 'array', items: { type: 'object', required: ['line', 'email', 'message'], properties: { line: { type: 'integer' }, email: { type: ['string', 'null'] }, message: { type: 'string' } } } },
        },
      },
    },
    errors: { 400: 'The roster cannot be read (key bad-csv), has the wrong columns (key wrong-columns) or too many rows (key too-many-rows).' },
  },
});
