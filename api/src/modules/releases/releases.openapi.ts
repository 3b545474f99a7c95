/** OpenAPI declarations of the catalogue import and transfer paths (http/openapi.ts reads them into /api/openapi.json). */
import { documentRoutes, type JsonSchema } from '../../http/openapi.ts';

const str = { type: 'string' };
const strOrNull = { type: ['string', 'null'] };
const obj = (properties: Record<string, JsonSchema>, description?: string): JsonSchema => ({ type: 'object', required: Object.keys(properties), properties, ...(description ? { description } : {}) });

const catalogImport = obj({
  id: str,
  userId: str,
  format: { type: 'string', description: 'The catalogue format (DDEX ERN or CSV).' },
  fileName: str,
  status: { enum: ['QUEUED', 'RUNNING', 'SUCCEEDED', 'PARTIAL', 'FAILED'] },
  totalReleases: { type: 'integer' },
  doneReleases: { type: 'integer' },
  errors: { type: 'array', items: obj({ line: { type: ['integer', 'null'] }, release: { ...strOrNull, description: "The release's UPC when the problem is about one release." }, field: strOrNull, message: str }) },
  releaseIds: { type: 'array', items: str },
  awaitingAudio: { type: 'array', items: str, description: 'Tracks of this import still waiting for their audio file.' },
  createdAt: { type: 'string', format: 'date-time' },
  finishedAt: { type: ['string', 'null'], format: 'date-time' },
});
const release: JsonSchema = { type: 'object', required: ['id'], properties: { id: str }, description: 'The release as GET /api/releases/{id} answers it.' };
const transfer = obj({
  releaseId: str,
  previousDistributor: str,
  liveStores: { type: 'array', items: str },
  review: { enum: ['PENDING', 'CODE_CONFLICT', 'APPROVED'] },
  conflicts: {
    type: 'array',
    items: obj({
      kind: { enum: ['UPC', 'ISRC'] },
      code: str,
      reason: { enum: ['claimed', 'in-use', 'own-prefix'], description: "claimed: another transfer holds it; in-use: another account's release carries it; own-prefix: we issued it." },
      otherUserId: strOrNull,
      otherReleaseId: strOrNull,
    }),
  },
  submittedAt: { type: 'string', format: 'date-time' },
  notice: str,
});
const multipart = 'The request is multipart/form-data (not JSON).';

documentRoutes({
  'POST /api/releases/import': {
    summary: 'Imports a catalogue (DDEX ERN or CSV) with its media',
    description: `${multipart} Parts: \`file\` (the ERN or CSV, required), \`media\` (a zip, or files) and \`files\` (loose media); fields \`previousDistributor\` and, for staff, \`ownerId\`. 202 with the queued job for a new file; 200 with the existing job when the same file was uploaded before.`,
    response: { status: 202, description: 'The import job (200 with created false when the same file was imported before).', schema: { allOf: [catalogImport, obj({ created: { type: 'boolean' } })] } },
    errors: { 413: 'A file is too large (PAYLOAD_TOO_LARGE).' },
  },
  'GET /api/releases/import/:jobId': { summary: 'A catalogue import job and its progress', response: { status: 200, schema: catalogImport }, errors: { 404: 'Import not found (key import-not-found).' } },
  'POST /api/releases/import/:jobId/files': {
    summary: 'Sends audio that a catalogue import is waiting for',
    description: `${multipart} Each file attaches to the track of this import waiting for its file name; other files are listed as unexpected.`,
    response: { status: 200, schema: obj({ attached: { type: 'array', items: str }, unexpected: { type: 'array', items: str }, import: catalogImport }) },
    errors: { 404: 'Import not found (key import-not-found).', 409: 'That audio has already arrived (key audio-already-attached).' },
  },
  'POST /api/releases/:id/transfer': {
    summary: 'Submits a release already in stores as a transfer',
    description: 'The codes the release carries elsewhere (UPC, an ISRC per track) and where it is live; staff review the transfer when a code is held elsewhere.',
    body: {
      type: 'object',
      required: ['upc', 'originalReleaseDate', 'previousDistributor', 'tracks'],
      properties: {
        upc: str,
        originalReleaseDate: { type: 'string', format: 'date' },
        previousDistributor: str,
        liveStores: { type: ['array', 'null'], items: str },
        tracks: { type: 'array', items: obj({ trackId: str, isrc: str }), description: 'The ISRC of each track of the release.' },
        version: { type: ['integer', 'null'], description: 'The release version read back; a stale one is a 409.' },
      },
    },
    response: { status: 200, schema: { allOf: [release, obj({ transfer })] } },
    errors: { 404: 'No such release.', 409: 'The release changed since the version sent (key stale-version).' },
  },
});
