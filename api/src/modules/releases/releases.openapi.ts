/** OpenAPI declarations of the release paths (core §7), catalogue import and transfer (http/openapi.ts reads them into /api/openapi.json). */
import { RELEASE_STATUSES } from '@cadence/domain/release-status';
import { releaseInputStruct } from '@cadence/domain/release-input';
import { PAGE_SIZE_MAX } from '@cadence/domain/text-limits';
import { documentRoutes, fromStruct, type JsonSchema } from '../../http/openapi.ts';

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
const bool = { type: 'boolean' };
const int = { type: 'integer' };
const dateTimeOrNull = { type: ['string', 'null'], format: 'date-time' };
const status = { enum: [...RELEASE_STATUSES] };
const credit = obj({ id: str, artistName: str, artistRelationTypeId: { ...int, description: 'The artist role (primary, featuring, remixer, ...).' } });
/** A track in the legacy shape (releases.presenter.ts presentTrack). */
export const trackSchema = obj({
  id: str,
  title: strOrNull,
  audioUrl: { ...strOrNull, description: 'GET this path for the audio; null until a file is uploaded.' },
  isrc: strOrNull,
  genreId: strOrNull,
  recordingVersionId: { type: ['integer', 'null'] },
  isCover: bool,
  releaseId: str,
  userId: str,
  languageId: strOrNull,
  explicitLyrics: bool,
  isRemix: bool,
  artists: { type: 'array', items: credit },
  fileName: strOrNull,
  position: int,
  audio: { oneOf: [obj({ sampleRate: { type: ['integer', 'null'] }, bitDepth: { type: ['integer', 'null'] }, channels: { type: ['integer', 'null'] }, durationMs: { type: ['integer', 'null'] }, codec: strOrNull }), { type: 'null' }] },
});
/** A release in the legacy shape (releases.presenter.ts presentRelease): core §3 fields, the status flags and the viewer's abilities. */
export const releaseSchema: JsonSchema = obj(
  {
    id: str,
    title: str,
    genreId: strOrNull,
    status,
    statusOrder: { ...int, description: 'The numeric status (core §3).' },
    languageId: strOrNull,
    coverArtUrl: strOrNull,
    comment: strOrNull,
    rejectionReasons: { type: 'array', items: str, description: 'Why staff rejected it, one line each (track lines start with "Track n:").' },
    territory: { oneOf: [obj({ allowed: bool, countryCodes: { type: ['string', 'null'], description: 'Comma-separated ISO codes.' } }), { type: 'null' }] },
    upc: strOrNull,
    outletUris: { type: 'array', items: str },
    catalogNumber: strOrNull,
    releaseDate: { ...strOrNull, format: 'date' },
    releaseDateText: { type: 'string', description: "'ASAP' without a date, else MM/dd/yyyy." },
    originalReleaseDate: { ...strOrNull, format: 'date' },
    isDDex: bool,
    takedownDate: dateTimeOrNull,
    rejectDate: dateTimeOrNull,
    artistName: str,
    artists: { type: 'array', items: credit },
    tracks: { type: 'array', items: trackSchema },
    tracksOrder: { type: 'array', items: str },
    version: { ...int, description: 'Send it back with a change; a stale one is a 409 (key stale-version).' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    displayStatus: str,
    isEditable: bool,
    areTracksViewable: bool,
    isDeletable: bool,
    canBeTakenDown: bool,
    isScheduled: bool,
    isPublished: bool,
    isDraft: bool,
    isDenied: bool,
    isPending: bool,
    isDownloadEligible: bool,
    countsTowardsTotals: bool,
    viewerCan: obj({ edit: bool, delete: bool, takedown: bool, viewTracks: bool, download: bool }),
  },
  'A release as GET /api/releases/{id} answers it.',
);
const fieldIssue = obj({ key: str, message: str });
const releaseCheck = obj({
  id: str,
  valid: bool,
  fields: { type: 'object', additionalProperties: fieldIssue, description: 'Release fields at fault, by field name.' },
  tracks: { type: 'object', additionalProperties: obj({ trackNumber: int, fields: { type: 'object', additionalProperties: fieldIssue } }), description: 'Tracks at fault, by track id.' },
  issues: { type: 'array', items: obj({ field: str, key: str, message: str, trackId: strOrNull, trackNumber: { type: ['integer', 'null'] } }) },
});
const downloadLink = obj({ code: str, url: str, expiresAt: { type: 'string', format: 'date-time' } });
const notFound = 'No such release (or not yours).';
const stale = 'The release changed since the version sent (key stale-version), or its status does not allow this.';
export const transferSchema = obj({
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

// The release's input shape is the domain's (the service validates with it): dates are YYYY-MM-DD.
const releaseBody: JsonSchema = { ...fromStruct(releaseInputStruct('2000-01-01')), description: 'Release fields (partial); dates YYYY-MM-DD, a release date not before today.' };

documentRoutes({
  'GET /api/releases': {
    summary: "The user's releases, newest first, a page at a time",
    query: {
      limit: { type: 'integer', minimum: 1, maximum: PAGE_SIZE_MAX, default: 20 },
      cursor: { type: 'string', description: 'nextCursor of the previous page.' },
      status: { type: 'string', description: `Comma-separated statuses (${RELEASE_STATUSES.join(', ')}).` },
    },
    response: { status: 200, schema: obj({ releases: { type: 'array', items: releaseSchema }, totalCount: int, nextCursor: strOrNull }) },
  },
  'GET /api/releases/status': { summary: "Each of the user's releases' status, by id", response: { status: 200, schema: { type: 'object', additionalProperties: status } } },
  'GET /api/releases/:id': { summary: 'A release with its tracks', response: { status: 200, schema: releaseSchema }, errors: { 404: notFound } },
  'POST /api/releases': { summary: 'Starts a release (status NOT_COMPLETED)', body: releaseBody, response: { status: 201, schema: releaseSchema } },
  'PUT /api/releases/:id': {
    summary: 'Changes a release (partial)',
    body: { ...releaseBody, properties: { ...(releaseBody.properties as Record<string, JsonSchema>), version: { type: ['integer', 'null'], description: 'The version read; a stale one is a 409.' } } },
    response: { status: 200, schema: releaseSchema },
    errors: { 404: notFound, 409: stale },
  },
  'DELETE /api/releases/:id': { summary: 'Deletes a release that was never delivered', response: { status: 204 }, errors: { 404: notFound, 409: 'The status does not allow deleting.' } },
  'POST /api/releases/:id/submit': { summary: 'Submits a complete release for review', response: { status: 200, schema: releaseSchema }, errors: { 404: notFound, 409: stale } },
  'POST /api/releases/takedown/:id': { summary: 'Asks for a live release to be taken down from the stores', response: { status: 200, schema: releaseSchema }, errors: { 404: notFound, 409: stale } },
  'POST /api/releases/status/change/notCompleted/:id': { summary: 'Reopens a submitted or rejected release for editing', response: { status: 200, schema: releaseSchema }, errors: { 404: notFound, 409: stale } },
  'GET /api/releases/check/:id': { summary: 'What is missing or wrong before a release can be submitted', response: { status: 200, schema: releaseCheck }, errors: { 404: notFound } },
  'POST /api/releases/check': {
    summary: 'The check of several releases',
    body: { anyOf: [{ type: 'array', items: str, minItems: 1, maxItems: 100 }, obj({ ids: { type: 'array', items: str, minItems: 1, maxItems: 100 } })] },
    response: { status: 200, schema: { type: 'array', items: releaseCheck } },
    errors: { 404: notFound },
  },
  'GET /api/releases/download-all': {
    summary: "Prepares an archive of all the user's releases and mails the link",
    query: { skipTimeLimit: { type: 'boolean', description: 'Skip the wait between two requests.' } },
    response: { status: 200, schema: { allOf: [downloadLink, obj({ releaseCount: int })] } },
    errors: { 409: 'An archive was requested a short while ago.' },
  },
  'POST /api/releases/:id/download-link': { summary: "A download link for one release's files", response: { status: 200, schema: downloadLink }, errors: { 404: notFound, 409: 'The release cannot be downloaded.' } },
  'GET /api/releases/download-link/:code': {
    summary: 'Downloads the archive behind a link (tar)',
    response: { status: 200, contentType: 'application/x-tar', description: 'The archive.' },
    errors: { 404: 'The link is unknown or expired.' },
  },
  'GET /api/releases/:id/cover': { summary: "The release's cover art", response: { status: 200, contentType: 'image/*', description: 'The image (JPEG or PNG).' }, errors: { 404: 'No such release or no cover yet.' } },
  'POST /api/releases/cover-upload': {
    summary: 'Uploads cover art (at least 1600x1600)',
    description: `${multipart} Fields \`releaseId\` (or ?releaseId=) and optional \`version\`, before the \`file\` part. A too large file is a 400 with code LIMIT_FILE_SIZE; other multipart problems MULTER_ERROR.`,
    response: { status: 200, schema: releaseSchema },
    errors: { 404: notFound, 409: stale, 413: 'The file is too large (PAYLOAD_TOO_LARGE).', 415: 'Not a JPEG or PNG image.' },
  },
  'POST /api/releases/import': {
    summary: 'Imports a catalogue (DDEX ERN or CSV) with its media',
    description: `${multipart} Parts: \`file\` (the ERN or CSV, required), \`media\` (a zip, or files) and \`files\` (loose media); fields \`previousDistributor\` and, for staff, \`ownerId\`. 202 with the queued job for a new file; 200 with the existing job when the same file was uploaded before.`,
    response: { status: 202, description: 'The import job, queued.', also: { 200: 'The existing job (created false): the same file was imported before.' }, schema: { allOf: [catalogImport, obj({ created: { type: 'boolean' } })] } },
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
    response: { status: 200, schema: { allOf: [releaseSchema, obj({ transfer: transferSchema })] } },
    errors: { 404: 'No such release.', 409: 'The release changed since the version sent (key stale-version).' },
  },
});
