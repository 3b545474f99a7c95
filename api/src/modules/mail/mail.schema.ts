/** GraphQL: the outbox (staff; outside production also each addressee for their own mail). */
import { PAGE_SIZE_MAX, TEXT_LIMITS, limitDescription } from '@cadence/domain/text-limits';
import { builder } from '../../graphql/builder.ts';
import { listOutbox, type OutboxEntry } from './mail.service.ts';

const OutboxEmail = builder.objectRef<OutboxEntry>('OutboxEmail').implement({
  description: 'A mail kept in the local outbox (no SMTP here); links can be followed in the browser.',
  fields: (t) => ({
    id: t.exposeID('id'),
    to: t.exposeString('to'),
    subject: t.exposeString('subject'),
    text: t.exposeString('text'),
    template: t.exposeString('template', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    links: t.exposeStringList('links'),
  }),
});

builder.queryField('outbox', (t) =>
  t.field({
    type: [OutboxEmail],
    description: 'Recent mails, newest first. Staff read every mail (in production with links redacted); outside production a signed-in person reads only mail sent to their own address. Filter by recipient with `to`.',
    args: { to: t.arg.string({ description: limitDescription(TEXT_LIMITS.email) }), limit: t.arg.int({ description: `Default 50, at most ${PAGE_SIZE_MAX}.` }) },
    resolve: (_r, a, ctx) => listOutbox(ctx, { to: a.to ?? undefined, limit: a.limit ?? undefined }),
  }),
);
