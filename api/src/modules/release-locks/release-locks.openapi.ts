/** OpenAPI declaration of POST /api/check-release-lock (core §7; http/openapi.ts reads it into /api/openapi.json). */
import { documentRoutes } from '../../http/openapi.ts';

const lockTypes = { description: 'Lock names (1 to 10, letters first), as a list or comma-separated.', anyOf: [{ type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 10 }, { type: 'string' }] };

documentRoutes({
  'POST /api/check-release-lock': {
    summary: 'Takes or checks edit locks on a release (one editing session at a time)',
    body: { type: 'object', required: ['albumId', 'lockTypes'], properties: { albumId: { type: 'string', description: 'The release id.' }, lockTypes } },
    response: {
      status: 200,
      schema: {
        type: 'object',
        required: ['albumId', 'locked', 'locks'],
        properties: {
          albumId: { type: 'string' },
          locked: { type: 'boolean', description: 'Another session holds at least one of the locks.' },
          locks: {
            type: 'array',
            items: {
              type: 'object',
              required: ['lockType', 'acquired', 'heldBy', 'holderUserId', 'expiresAt'],
              properties: { lockType: { type: 'string' }, acquired: { type: 'boolean' }, heldBy: { enum: ['THIS_SESSION', 'OTHER_SESSION', 'NOBODY'] }, holderUserId: { type: ['string', 'null'] }, expiresAt: { type: ['string', 'null'], format: 'date-time' } },
            },
          },
        },
      },
    },
    errors: { 404: 'No such release (or not yours).' },
  },
});
