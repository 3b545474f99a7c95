/** OpenAPI declarations of the invitation paths (core §7; http/openapi.ts reads them into /api/openapi.json). */
import { documentRoutes, fromStruct } from '../../http/openapi.ts';
import { InviteBody } from './invitations.rest.ts';

const dateOrNull = { type: ['string', 'null'], format: 'date-time' };
const invitations = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'email', 'status', 'sentAt', 'acceptedAt', 'createdAt'],
    properties: { id: { type: 'string' }, email: { type: 'string' }, status: { enum: ['PENDING', 'SENT', 'ACCEPTED', 'FAILED'] }, sentAt: dateOrNull, acceptedAt: dateOrNull, createdAt: { type: 'string', format: 'date-time' } },
  },
};

documentRoutes({
  'GET /api/invitations': { summary: 'The invitations the user sent, newest first', response: { status: 200, schema: invitations } },
  'POST /api/invitations': { summary: 'Invites people by email', body: fromStruct(InviteBody), response: { status: 200, schema: invitations, description: 'The invitations made.' } },
});
