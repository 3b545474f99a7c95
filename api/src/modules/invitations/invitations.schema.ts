/** GraphQL: friend invitations. */
import { LIST_LIMITS, TEXT_LIMITS, limitDescription } from '@cadence/domain/text-limits';
import { builder } from '../../graphql/builder.ts';
import { listInvitations, sendInvitations, type InvitationView } from './invitations.service.ts';

const InvitationStatus = builder.enumType('InvitationStatus', {
  description: 'Where an invitation to join stands.',
  values: {
    PENDING: { description: 'Recorded but not mailed (not given today: an invitation is mailed as it is made, and starts SENT).' },
    SENT: { description: 'The invitation email was handed to the mail queue.' },
    ACCEPTED: { description: 'The invited person signed up.' },
    FAILED: { description: 'The email could not be delivered (not given today; kept for invitations recorded so).' },
  } as const,
});

const Invitation = builder.objectRef<InvitationView>('Invitation').implement({
  description: 'An invitation to join Cadence the viewer sent to a friend by email.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The invitation’s identifier.' }),
    email: t.exposeString('email', { description: 'The address invited.' }),
    status: t.expose('status', { type: InvitationStatus, description: 'PENDING, SENT, ACCEPTED or FAILED.' }),
    sentAt: t.expose('sentAt', { type: 'DateTime', nullable: true, description: 'When the email went out; null until SENT.' }),
    acceptedAt: t.expose('acceptedAt', { type: 'DateTime', nullable: true, description: 'When the invited person signed up; null until ACCEPTED.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the invitation was made.' }),
  }),
});

builder.queryField('invitations', (t) =>
  t.field({ type: [Invitation], authScopes: { signedIn: true }, description: 'The viewer’s invitations, newest first (at most 500).', resolve: (_r, _a, ctx) => listInvitations(ctx) }),
);

builder.relayMutationField(
  'sendInvitations',
  { description: 'The addresses to invite.', inputFields: (t) => ({ emails: t.stringList({ required: true, description: `1 to ${LIST_LIMITS.invitations} addresses, each ${limitDescription(TEXT_LIMITS.email).toLowerCase()}` }) }) },
  {
    authScopes: { signedIn: true },
    description: 'Invites 1-20 addresses; an address invited before is returned, not mailed again.',
    resolve: async (_r, { input }, ctx) => ({ invitations: await sendInvitations(ctx, input.emails) }),
  },
  { description: 'The invitations made or found.', outputFields: (t) => ({ invitations: t.field({ type: [Invitation], description: 'The invitations of the addresses (an address invited before gives its earlier invitation).', resolve: (p) => p.invitations }) }) },
);
