/** OpenAPI declarations of the console paths (http/openapi.ts reads them into /api/openapi.json). */
import { RELEASE_STATUSES } from '@cadence/domain/release-status';
import { documentRoutes, fromStruct, type JsonSchema } from '../../http/openapi.ts';
import { transferSchema } from '../releases/releases.openapi.ts';
import { ApproveBody, BlockBody, RejectBody, RoleBody, RosterBody } from './console.rest.ts';

const str = { type: 'string' };
const strOrNull = { type: ['string', 'null'] };
const intOrNull = { type: ['integer', 'null'] };
const bool = { type: 'boolean' };
const obj = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', required: Object.keys(properties), properties });
const credit = obj({ artistName: str, role: { ...str, description: 'PRIMARY, FEATURING, ...' }, trackId: strOrNull });
/** A release as a reviewer sees it (release-review.service.ts). */
const reviewRelease = obj({
  id: str,
  userId: str,
  owner: obj({ id: str, email: str, name: str, artistName: strOrNull }),
  title: str,
  status: { enum: [...RELEASE_STATUSES] },
  version: { type: 'integer' },
  genre: strOrNull,
  genreId: strOrNull,
  language: str,
  upc: strOrNull,
  catalogNumber: strOrNull,
  labelName: strOrNull,
  pLine: strOrNull,
  cLine: strOrNull,
  releaseDate: { ...strOrNull, format: 'date' },
  originalReleaseDate: { ...strOrNull, format: 'date' },
  territoryAllowed: { type: ['boolean', 'null'] },
  territoryCountryCodes: { type: 'array', items: str },
  submittedAt: { type: ['string', 'null'], format: 'date-time' },
  statusChangedAt: { type: ['string', 'null'], format: 'date-time' },
  hasCover: bool,
  coverWidth: intOrNull,
  coverHeight: intOrNull,
  outlets: { type: 'array', items: str },
  credits: { type: 'array', items: credit },
  tracks: {
    type: 'array',
    items: obj({ id: str, position: { type: 'integer' }, title: str, isrc: strOrNull, durationMs: intOrNull, fileName: strOrNull, sampleRate: intOrNull, bitDepth: intOrNull, channels: intOrNull, explicitLyrics: bool, isRemix: bool, isCover: bool, hasAudio: bool, credits: { type: 'array', items: credit } }),
  },
  checkIssues: { type: 'array', items: obj({ field: str, key: str, message: str, trackId: strOrNull, trackNumber: intOrNull }) },
  rejectionReasons: { type: 'array', items: str },
  transfer: { oneOf: [transferSchema, { type: 'null' }] },
});
const userSummary = obj({
  id: str,
  email: str,
  firstName: strOrNull,
  lastName: strOrNull,
  primaryArtists: { type: 'array', items: str },
  role: { enum: ['USER', 'SUPPORT', 'ADMIN'] },
  status: { enum: ['ACTIVE', 'BLOCKED', 'SUPER_BLOCKED'] },
  isLocked: bool,
  createdAt: { type: 'string', format: 'date-time' },
});
const notFound = 'No such release.';
const stale = 'The release changed since the version sent (key stale-version), or its status does not allow this.';
// The console reads numbers and booleans as text (console.rest.ts texts()), so both are accepted.
const lenient = (schema: JsonSchema): JsonSchema => JSON.parse(JSON.stringify(schema).replaceAll('"type":["string","null"]', '"type":["string","integer","boolean","null"]')) as JsonSchema;

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
  'GET /api/admin/releases': {
    summary: 'Staff: the review queue, oldest submission first',
    query: { status: { enum: RELEASE_STATUSES.filter((st) => st !== 'DELETED'), default: 'VALIDATED' }, first: { type: 'integer', minimum: 1, maximum: 100, default: 25 }, after: { type: 'string', description: 'endCursor of the previous page.' } },
    response: { status: 200, schema: obj({ releases: { type: 'array', items: reviewRelease }, hasMore: bool, endCursor: strOrNull, totalCount: { type: 'integer' } }) },
  },
  'GET /api/admin/releases/:id': { summary: 'Staff: a release as a reviewer sees it', response: { status: 200, schema: reviewRelease }, errors: { 404: notFound } },
  'POST /api/admin/releases/:id/approve': { summary: 'Staff: approves a release (delivery starts)', body: lenient(fromStruct(ApproveBody)), response: { status: 200, schema: reviewRelease }, errors: { 404: notFound, 409: stale } },
  'POST /api/admin/releases/:id/reject': {
    summary: 'Staff: rejects a release with reasons (for the release, or per track)',
    body: lenient(fromStruct(RejectBody)),
    response: { status: 200, schema: reviewRelease },
    errors: { 404: notFound, 409: stale },
  },
  'GET /api/admin/releases/:id/cover': { summary: "Staff: a release's cover art", response: { status: 200, contentType: 'image/*', also: { 206: 'The requested byte range.' } }, errors: { 404: 'No such release or no cover.', 416: { description: 'The range is outside the file (no body).' } } },
  'GET /api/admin/tracks/:id/audio': { summary: "Staff: a track's audio, with byte ranges", response: { status: 200, contentType: 'audio/*', also: { 206: 'The requested byte range.' } }, errors: { 404: 'No such track or no audio.', 416: { description: 'The range is outside the file (no body).' } } },
  'POST /api/admin/users/:id/block': { summary: 'Staff: blocks an account (superBlock "true": also its releases)', body: lenient(fromStruct(BlockBody)), response: { status: 200, schema: userSummary }, errors: { 404: 'No such user.' } },
  'POST /api/admin/users/:id/unblock': { summary: 'Staff: unblocks an account', body: lenient(fromStruct(BlockBody)), response: { status: 200, schema: userSummary }, errors: { 404: 'No such user.' } },
  'POST /api/admin/users/:id/role': { summary: "Admin: changes a user's role", body: fromStruct(RoleBody), response: { status: 200, schema: userSummary }, errors: { 404: 'No such user.' } },
});
