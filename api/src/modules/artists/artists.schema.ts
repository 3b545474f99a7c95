/** GraphQL: adding and removing artist credits. */
import { TEXT_LIMITS, limitDescription } from '@cadence/domain/text-limits';
import { builder } from '../../graphql/builder.ts';
import { ArtistCredit, ArtistRoleEnum, Release, releaseFor } from '../releases/releases.schema.ts';
import { readCredits } from '../releases/release-read.ts';
import { RELEASE_VERSION_DESCRIPTION } from '../tracks/tracks.schema.ts';
import { addArtistCredits, removeArtistCredit } from './artists.service.ts';

const AddArtistCreditInput = builder.inputType('AddArtistCreditInput', {
  description: 'An artist to credit on a track or on the whole release.',
  fields: (t) => ({
    releaseId: t.id({ required: false, description: 'Credit the whole release (when trackId is absent).' }),
    trackId: t.id({ required: false, description: 'Credit this track.' }),
    artistName: t.string({ required: true, description: `One name (${limitDescription(TEXT_LIMITS.artistName)}), or several separated by commas (${limitDescription(TEXT_LIMITS.artistNameList)}).` }),
    role: t.field({ type: ArtistRoleEnum, required: true, description: 'What the artist did.' }),
    version: t.int({ required: true, description: RELEASE_VERSION_DESCRIPTION }),
  }),
});

const AddArtistCreditPayload = builder.objectRef<{ releaseId: string; creditIds: string[] }>('AddArtistCreditPayload').implement({
  description: 'What addArtistCredit answers.',
  fields: (t) => ({
    credits: t.field({ type: [ArtistCredit], description: 'The credits added (one per name).', resolve: (p, _a, ctx) => readCredits(ctx, p.creditIds) }),
    release: t.field({ type: Release, description: 'The release as it is now.', resolve: (p, _a, ctx, info) => releaseFor(ctx, p.releaseId, info) }),
  }),
});
const RemoveArtistCreditPayload = builder.objectRef<{ releaseId: string; id: string }>('RemoveArtistCreditPayload').implement({
  description: 'What removeArtistCredit answers.',
  fields: (t) => ({
    removedCreditId: t.exposeID('id', { description: 'The credit removed.' }),
    release: t.field({ type: Release, description: 'The release as it is now.', resolve: (p, _a, ctx, info) => releaseFor(ctx, p.releaseId, info) }),
  }),
});

const RemoveArtistCreditInput = builder.inputType('RemoveArtistCreditInput', {
  description: 'The credit to remove.',
  fields: (t) => ({
    id: t.id({ required: true, description: 'The credit.' }),
    version: t.int({ required: true, description: RELEASE_VERSION_DESCRIPTION }),
  }),
});

builder.mutationFields((t) => ({
  addArtistCredit: t.field({
    type: AddArtistCreditPayload,
    description: 'Credits one or more artists on a track or release of an editable release.',
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: AddArtistCreditInput, required: true, description: 'The credit.' }) },
    resolve: (_p, { input }, ctx) =>
      addArtistCredits(ctx, {
        releaseId: input.releaseId ? String(input.releaseId) : null,
        trackId: input.trackId ? String(input.trackId) : null,
        artistName: input.artistName,
        role: input.role,
        version: input.version,
      }),
  }),
  removeArtistCredit: t.field({
    type: RemoveArtistCreditPayload,
    description: 'Removes a credit from an editable release.',
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: RemoveArtistCreditInput, required: true, description: 'The credit.' }) },
    resolve: async (_p, { input }, ctx) => ({ ...(await removeArtistCredit(ctx, String(input.id), input.version)), id: String(input.id) }),
  }),
}));
