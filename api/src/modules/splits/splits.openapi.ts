/** OpenAPI declarations of the royalty split paths (http/openapi.ts reads them into /api/openapi.json). */
import { documentRoutes, fromStruct, type JsonSchema } from '../../http/openapi.ts';
import { PutBody, RespondBody } from './splits.rest.ts';

const str = { type: 'string' };
const strOrNull = { type: ['string', 'null'] };
const status = { enum: ['INVITED', 'ACCEPTED', 'DECLINED'] };
const obj = (properties: Record<string, JsonSchema>, description?: string): JsonSchema => ({ type: 'object', required: Object.keys(properties), properties, ...(description ? { description } : {}) });

const version = obj({
  id: str,
  trackId: { ...strOrNull, description: 'null: the release-wide split.' },
  trackTitle: strOrNull,
  version: { type: 'integer' },
  effectiveFrom: { type: 'string', format: 'date' },
  createdAt: { type: 'string', format: 'date-time' },
  parties: { type: 'array', items: obj({ collaboratorId: str, email: str, basisPoints: { type: 'integer' }, status }) },
  ownerBasisPoints: { type: 'integer', description: 'What the owner keeps, in basis points.' },
});
const splits = obj(
  {
    releaseId: str,
    releaseTitle: str,
    versions: { type: 'array', items: version, description: 'Every version of every scope (release and tracks), newest first.' },
    current: { type: 'array', items: version, description: 'The current version of each scope.' },
    collaborators: {
      type: 'array',
      items: obj({ id: str, email: str, status, respondedAt: { type: ['string', 'null'], format: 'date-time' }, accrued: { type: 'string', description: 'Accrued earnings, a decimal amount with 2 places.' } }),
    },
    viewerIsOwner: { type: 'boolean', description: 'False for a collaborator, who sees only their own share.' },
  },
  "A release's splits: the owner sees every version; a collaborator only their own share.",
);
const invitation = obj({
  id: str,
  releaseId: str,
  releaseTitle: str,
  email: str,
  status,
  shares: { type: 'array', items: obj({ trackTitle: strOrNull, basisPoints: { type: 'integer' } }), description: "The collaborator's share in each scope's current version." },
  accrued: { type: 'string', description: 'Accrued earnings, a decimal amount with 2 places.' },
});
const respond = (verb: string) => ({
  summary: `${verb} a split invitation`,
  description: 'Signed in as the invited email, or by the token from the invitation mail (no sign-in needed then).',
  body: fromStruct(RespondBody),
  response: { status: 200, schema: invitation },
  errors: { 404: 'No such split invitation.', 409: 'Already accepted or declined (key already-answered).' },
});

documentRoutes({
  'GET /api/releases/:id/splits': { summary: "A release's royalty splits", response: { status: 200, schema: splits }, errors: { 404: 'No such release (or not visible to the viewer).' } },
  'PUT /api/releases/:id/splits': {
    summary: 'Sets a new split version for a release or one of its tracks',
    description: 'Shares are in basis points; collaborators are invited by email. Send the version read back to guard against a concurrent change.',
    body: fromStruct(PutBody),
    response: { status: 200, schema: splits },
    errors: { 404: 'No such release.', 409: 'The version is stale (key stale-version, with currentVersion).' },
  },
  'GET /api/releases/:id/splits.csv': {
    summary: "The release's split sheet (owner only)",
    response: { status: 200, contentType: 'text/csv', description: 'The split sheet (attachment split-sheet.csv): every version and party with what each accrued.' },
    errors: { 404: 'No such release.' },
  },
  'POST /api/splits/:id/accept': respond('Accepts'),
  'POST /api/splits/:id/decline': respond('Declines'),
});
