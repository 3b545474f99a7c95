/** GraphQL: track mutations (upload, edit, delete, reorder, apply to all). */
import { TEXT_LIMITS, limitDescription } from '@cadence/domain/text-limits';
import { builder } from '../../graphql/builder.ts';
import { Release, releaseFor, releasePayload, Track } from '../releases/releases.schema.ts';
import { readTracks } from '../releases/release-read.ts';
import { applyToAllTracks, deleteTrack, reorderTracks, trackNotFound, updateTrack, uploadTrack } from './tracks.service.ts';

/** Description of the `version` every release edit sends: the optimistic lock that keeps two tabs from overwriting each other. */
export const RELEASE_VERSION_DESCRIPTION = "The release's version last read; a stale one is refused (CONFLICT, key stale-version).";

/** Payload of a change to one track: the track and its release, each loaded with what the client asked for. */
function trackPayload(name: string) {
  const mutation = name.charAt(0).toLowerCase() + name.slice(1).replace(/Payload$/, '');
  return builder.objectRef<{ id: string; releaseId: string }>(name).implement({
    description: `What ${mutation} answers: the track and its release as they are now.`,
    fields: (t) => ({
      track: t.field({
        type: Track,
        description: 'The track.',
        resolve: async (p, _a, ctx) => {
          const [track] = await readTracks(ctx, [p.id]);
          if (!track) throw trackNotFound();
          return track;
        },
      }),
      release: t.field({ type: Release, description: 'Its release.', resolve: (p, _a, ctx, info) => releaseFor(ctx, p.releaseId, info) }),
    }),
  });
}

const UploadTrackPayload = trackPayload('UploadTrackPayload');
const UpdateTrackPayload = trackPayload('UpdateTrackPayload');
const DeleteTrackPayload = builder.objectRef<{ id: string; releaseId: string }>('DeleteTrackPayload').implement({
  description: 'What deleteTrack answers.',
  fields: (t) => ({
    deletedTrackId: t.exposeID('id', { description: 'The track deleted.' }),
    release: t.field({ type: Release, description: 'Its release, without it.', resolve: (p, _a, ctx, info) => releaseFor(ctx, p.releaseId, info) }),
  }),
});
const ReorderTracksPayload = releasePayload('ReorderTracksPayload');
const ApplyToAllTracksPayload = releasePayload('ApplyToAllTracksPayload');

const UpdateTrackInput = builder.inputType('UpdateTrackInput', {
  description: 'Changes to a track: fields left out stay as they are.',
  fields: (t) => ({
    id: t.id({ required: true, description: 'The track.' }),
    version: t.int({ required: true, description: RELEASE_VERSION_DESCRIPTION }),
    title: t.string({ required: false, description: limitDescription(TEXT_LIMITS.trackTitle) }),
    isrc: t.string({ required: false, description: `CC-XXX-YY-NNNNN (dashes optional); empty = assigned at submission. ${limitDescription(TEXT_LIMITS.isrc)}` }),
    genreId: t.string({ required: false, description: limitDescription(TEXT_LIMITS.code) }),
    languageId: t.string({ required: false, description: limitDescription(TEXT_LIMITS.code) }),
    recordingVersionId: t.int({ required: false, description: '2430 studio, 2414 live.' }),
    isCover: t.boolean({ required: false, description: "A cover of another artist's song." }),
    explicitLyrics: t.boolean({ required: false, description: 'The lyrics are explicit.' }),
    isRemix: t.boolean({ required: false, description: 'A remix (needs a REMIXER credit).' }),
  }),
});

const UploadTrackInput = builder.inputType('UploadTrackInput', {
  description: 'The release and the audio file (a part of the multipart request).',
  fields: (t) => ({
    releaseId: t.id({ required: true, description: 'The release to add it to.' }),
    file: t.field({ type: 'Upload', required: true, description: 'The audio file.' }),
  }),
});

const DeleteTrackInput = builder.inputType('DeleteTrackInput', {
  description: 'The track to remove.',
  fields: (t) => ({
    id: t.id({ required: true, description: 'The track.' }),
    version: t.int({ required: true, description: RELEASE_VERSION_DESCRIPTION }),
  }),
});

const ReorderTracksInput = builder.inputType('ReorderTracksInput', {
  description: "A release's tracks in their new order.",
  fields: (t) => ({
    releaseId: t.id({ required: true, description: 'The release.' }),
    trackIds: t.idList({ required: true, description: 'Every track of the release, in the new order.' }),
    version: t.int({ required: true, description: RELEASE_VERSION_DESCRIPTION }),
  }),
});

const ApplyToAllTracksInput = builder.inputType('ApplyToAllTracksInput', {
  description: 'The track to copy from and what to copy.',
  fields: (t) => ({
    trackId: t.id({ required: true, description: 'The track to copy from.' }),
    version: t.int({ required: true, description: RELEASE_VERSION_DESCRIPTION }),
    credits: t.boolean({ required: false, defaultValue: true, description: 'Copy its credits.' }),
    genre: t.boolean({ required: false, defaultValue: true, description: 'Copy its genre.' }),
    language: t.boolean({ required: false, defaultValue: true, description: 'Copy its language.' }),
  }),
});

builder.mutationFields((t) => ({
  uploadTrack: t.field({
    type: UploadTrackPayload,
    authScopes: { signedIn: true },
    description: 'Adds a track from a WAV or FLAC file (multipart request with the Apollo-Require-Preflight header).',
    args: { input: t.arg({ type: UploadTrackInput, required: true, description: 'The release and the file.' }) },
    resolve: async (_p, { input }, ctx) => {
      const upload = await input.file;
      return uploadTrack(ctx, String(input.releaseId), { stream: upload.createReadStream(), fileName: upload.filename });
    },
  }),
  updateTrack: t.field({
    type: UpdateTrackPayload,
    description: 'Changes a track of an editable release.',
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: UpdateTrackInput, required: true, description: 'The changes.' }) },
    resolve: (_p, { input }, ctx) => {
      const { id, version, ...fields } = input;
      return updateTrack(ctx, String(id), Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)), version);
    },
  }),
  deleteTrack: t.field({
    type: DeleteTrackPayload,
    description: 'Removes a track from an editable release.',
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: DeleteTrackInput, required: true, description: 'The track.' }) },
    resolve: (_p, { input }, ctx) => deleteTrack(ctx, String(input.id), input.version),
  }),
  reorderTracks: t.field({
    type: ReorderTracksPayload,
    description: "Puts a release's tracks in a new order.",
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: ReorderTracksInput, required: true, description: 'The release and its new order.' }) },
    resolve: (_p, { input }, ctx) => reorderTracks(ctx, String(input.releaseId), input.trackIds.map(String), input.version),
  }),
  applyToAllTracks: t.field({
    type: ApplyToAllTracksPayload,
    authScopes: { signedIn: true },
    description: "'APPLY TO ALL TRACKS IN RELEASE': copy this track's credits, genre and language to the other tracks.",
    args: { input: t.arg({ type: ApplyToAllTracksInput, required: true, description: 'The track and what to copy.' }) },
    resolve: (_p, { input }, ctx) =>
      applyToAllTracks(ctx, String(input.trackId), { credits: input.credits ?? true, genre: input.genre ?? true, language: input.language ?? true }, input.version),
  }),
}));
