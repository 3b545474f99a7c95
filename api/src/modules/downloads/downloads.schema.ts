/** GraphQL: download links. */
import { builder } from '../../graphql/builder.ts';
import { createDownloadLink, requestDownloadAll, type DownloadLinkInfo } from './downloads.service.ts';

const DownloadLink = builder.objectRef<DownloadLinkInfo & { releaseCount?: number }>('DownloadLink').implement({
  description: 'A time-limited link to the original files (GET it with the session cookie).',
  fields: (t) => ({
    url: t.exposeString('url'),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    releaseCount: t.exposeInt('releaseCount', { nullable: true }),
  }),
});

builder.mutationFields((t) => ({
  createDownloadLink: t.field({
    type: DownloadLink,
    authScopes: { signedIn: true },
    args: { releaseId: t.arg.id({ required: true }) },
    resolve: (_p, args, ctx) => createDownloadLink(ctx, String(args.releaseId)),
  }),
  requestDownloadAll: t.field({
    type: DownloadLink,
    authScopes: { signedIn: true },
    args: { skipTimeLimit: t.arg.boolean({ required: false }) },
    resolve: (_p, args, ctx) => requestDownloadAll(ctx, { skipTimeLimit: args.skipTimeLimit ?? false }),
  }),
}));
