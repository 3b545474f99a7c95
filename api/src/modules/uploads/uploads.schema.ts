/** GraphQL: cover-art upload (track upload lives with the tracks). */
import { builder } from '../../graphql/builder.ts';
import { releasePayload } from '../releases/releases.schema.ts';
import { uploadCoverArt } from '../releases/cover-art.service.ts';
import { RELEASE_VERSION_DESCRIPTION } from '../tracks/tracks.schema.ts';

const UploadCoverArtPayload = releasePayload('UploadCoverArtPayload');

const UploadCoverArtInput = builder.inputType('UploadCoverArtInput', {
  description: 'The release and the image (a part of the multipart request).',
  fields: (t) => ({
    releaseId: t.id({ required: true, description: 'One of the viewer’s releases, not yet delivered.' }),
    file: t.field({ type: 'Upload', required: true, description: 'The image file (.jpg, .jpeg or .png), a part of the multipart request.' }),
    version: t.int({ required: true, description: RELEASE_VERSION_DESCRIPTION }),
  }),
});

builder.mutationField('uploadCoverArt', (t) =>
  t.field({
    type: UploadCoverArtPayload,
    authScopes: { signedIn: true },
    description: 'Sets the cover from a JPG or PNG, square, at least 1600x1600 (multipart request with the Apollo-Require-Preflight header).',
    args: { input: t.arg({ type: UploadCoverArtInput, required: true, description: 'The release and the image.' }) },
    resolve: async (_p, { input }, ctx) => {
      const upload = await input.file;
      return { releaseId: (await uploadCoverArt(ctx, String(input.releaseId), { stream: upload.createReadStream(), fileName: upload.filename }, input.version)).id };
    },
  }),
);
