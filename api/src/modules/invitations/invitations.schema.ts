/** GraphQL: friend invitations. */
import { LIST_LIMITS, TEXT_LIMITS, limitDescription } from '@cadence/domain/text-limits';
import { builder } from '../../graphql/builder.ts';
import { listInvitations, sendInvitations, type InvitationView } from './invitations.service.ts';

const InvitationStatus = builder.enumType('InvitationStatus', { values: ['PENDING', 'SENT', 'ACCEPTED', 'FAILED'] as const });

const Invitation = builder.objectRef<InvitationView>('Invitation').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    status: t.expose('status', { type: InvitationStatus }),
    sentAt: t.expose('sentAt', { type: 'DateTime', nullable: true }),
    acceptedAt: t.expose('acceptedAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

builder.queryField('invitations', (t) =>
  t.field({ type: [Invitation], authScopes: { signedIn: true }, resolve: (_r, _a, ctx) => listInvitations(ctx) }),
);

builder.mutationField('sendInvitations', (t) =>
  t.field({
    type: [Invitation],
    authScopes: { signedIn: true },
    description: 'Invites 1-20 addresses; an address invited before is returned, not mailed again.',
    args: { emails: t.arg.stringList({ required: true, description: `1 to ${LIST_LIMITS.invitations} addresses, each ${limitDescription(TEXT_LIMITS.email).toLowerCase()}` }) },
    resolve: (_r, a, ctx) => sendInvitations(ctx, a.emails),
  }),
);
