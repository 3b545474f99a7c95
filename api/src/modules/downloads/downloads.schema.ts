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

builder.relayMutationField(
  'createDownloadLink',
  { description: 'The release to download.', inputFields: (t) => ({ releaseId: t.id({ required: true, description: 'The release (Release.isDownloadEligible).' }) }) },
  {
    description: "A 15-minute link to one release's audio and cover.",
    authScopes: { signedIn: true },
    resolve: (_p, { input }, ctx) => createDownloadLink(ctx, String(input.releaseId)),
  },
  { description: 'The new link.', outputFields: (t) => ({ downloadLink: t.field({ type: DownloadLink, description: 'The link.', resolve: (p) => p }) }) },
);

builder.relayMutationField(
  'requestDownloadAll',
  { description: 'How to make the archive.', inputFields: (t) => ({ skipTimeLimit: t.boolean({ required: false, description: 'Make a new archive even within 10 minutes of the previous one.' }) }) },
  {
    description: 'A 24-hour link to an archive of every downloadable release of the account; refused within 10 minutes of the previous one.',
    authScopes: { signedIn: true },
    resolve: (_p, { input }, ctx) => requestDownloadAll(ctx, { skipTimeLimit: input.skipTimeLimit ?? false }),
  },
  { description: 'The new link.', outputFields: (t) => ({ downloadLink: t.field({ type: DownloadLink, description: 'The link.', resolve: (p) => p }) }) },
);
