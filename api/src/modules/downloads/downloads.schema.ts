/** GraphQL: download links. */
import { builder } from '../../graphql/builder.ts';
import { createDownloadLink, requestDownloadAll, type DownloadLinkInfo } from './downloads.service.ts';

const DownloadLink = builder.objectRef<DownloadLinkInfo & { releaseCount?: number }>('DownloadLink').implement({
  description: 'A time-limited link to the original files (GET it with the session cookie).',
  fields: (t) => ({
    url: t.exposeString('url', { description: 'Where to GET the files.' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', description: 'The link stops working after this.' }),
    releaseCount: t.exposeInt('releaseCount', { nullable: true, description: 'Releases in an account archive (null for one release).' }),
  }),
});

builder.mutationFields((t) => ({
  createDownloadLink: t.field({
    type: DownloadLink,
    description: "A 15-minute link to one release's audio and cover.",
    authScopes: { signedIn: true },
    args: { releaseId: t.arg.id({ required: true, description: 'The release (Release.isDownloadEligible).' }) },
    resolve: (_p, args, ctx) => createDownloadLink(ctx, String(args.releaseId)),
  }),
  requestDownloadAll: t.field({
    type: DownloadLink,
    description: 'A 24-hour link to an archive of every downloadable release of the account; refused within 10 minutes of the previous one.',
    authScopes: { signedIn: true },
    args: { skipTimeLimit: t.arg.boolean({ required: false, description: 'Make a new archive even within 10 minutes of the previous one.' }) },
    resolve: (_p, args, ctx) => requestDownloadAll(ctx, { skipTimeLimit: args.skipTimeLimit ?? false }),
  }),
}));
