/** OpenAPI declarations of the artist credit paths (core §7; http/openapi.ts reads them into /api/openapi.json). */
import { documentRoutes } from '../../http/openapi.ts';
import { releaseSchema } from '../releases/releases.openapi.ts';

const idOrNull = { type: ['string', 'null'] };
const version = { type: ['integer', 'null'], description: "The release's version read; omitted, the last write wins; a stale one is a 409." };

documentRoutes({
  'POST /api/artists': {
    summary: 'Credits an artist on a release or one of its tracks',
    body: {
      type: 'object',
      required: ['artistName'],
      properties: {
        artistName: { type: 'string', minLength: 1 },
        releaseId: idOrNull,
        albumId: { ...idOrNull, description: 'Legacy name of releaseId.' },
        trackId: { ...idOrNull, description: "Credit the track instead of the release." },
        artistRelationTypeId: { type: ['integer', 'string'], description: 'The role (1 primary, the default); `role` is accepted too.' },
        role: { type: ['integer', 'string'] },
        version,
      },
    },
    response: { status: 201, schema: { type: 'object', required: ['creditIds', 'release'], properties: { creditIds: { type: 'array', items: { type: 'string' } }, release: releaseSchema } } },
    errors: { 404: 'No such release or track.', 409: 'The release changed since the version sent (key stale-version), or cannot be edited now.' },
  },
  'DELETE /api/artists': {
    summary: "Removes an artist's credits from a track by name",
    query: { artistName: { type: 'string' }, trackId: { type: 'string' }, userId: { type: 'string', description: "Staff: the owner's id." }, version: { type: 'integer' } },
    response: { status: 200, schema: { type: 'object', required: ['removed', 'release'], properties: { removed: { type: 'integer' }, release: releaseSchema } } },
    errors: { 404: 'No such track.', 409: 'The release changed since the version sent (key stale-version), or cannot be edited now.' },
  },
});
