/** OpenAPI declarations of the track paths (core §7; http/openapi.ts reads them into /api/openapi.json). */
import { TrackInputStruct } from '@cadence/domain/release-input';
import { documentRoutes, fromStruct, type JsonSchema } from '../../http/openapi.ts';
import { trackSchema } from '../releases/releases.openapi.ts';

/** The track as the legacy API shows it, with the release's new version for the next edit. */
const track: JsonSchema = { allOf: [trackSchema, { type: 'object', required: ['releaseVersion'], properties: { releaseVersion: { type: 'integer' } } }] };
const stale = 'The release changed since the version sent (key stale-version), or cannot be edited now.';

documentRoutes({
  'POST /api/track/upload': {
    summary: "Uploads a track's audio (WAV or FLAC) as a new track of a release",
    description:
      'The request is multipart/form-data (not JSON): field `releaseId` (or ?releaseId=), then the `file` part. A file over the limit is a 400 with code LIMIT_FILE_SIZE; other multipart problems MULTER_ERROR.',
    response: { status: 201, schema: track },
    errors: { 404: 'No such release.', 409: stale, 413: 'The request is too large (PAYLOAD_TOO_LARGE).', 415: 'Not WAV or FLAC audio.' },
  },
  'PUT /api/track/:id': {
    summary: 'Changes a track (partial)',
    body: { ...fromStruct(TrackInputStruct), description: 'Track fields, and optionally `version` (the release version read).' },
    response: { status: 200, schema: track },
    errors: { 404: 'No such track.', 409: stale },
  },
  'DELETE /api/track/:id': { summary: 'Deletes a track', query: { version: { type: 'integer', description: 'The release version read.' } }, response: { status: 204 }, errors: { 404: 'No such track.', 409: stale } },
  'GET /api/track/:id/audio': {
    summary: "The track's audio (the owner's), with byte ranges",
    description: 'Range requests answer 206 with Content-Range; an unsatisfiable range 416 without a body.',
    response: { status: 200, contentType: 'audio/*', description: 'The audio file.', also: { 206: 'The requested byte range.' } },
    errors: { 404: 'No such track or no audio yet.', 416: { description: 'The range is outside the file (no body; Content-Range names the size).' } },
  },
});
