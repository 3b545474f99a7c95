/** GraphQL: Release, Track and ArtistCredit types, the release queries and the release mutations. */
import { ARTIST_ROLE } from '@cadence/domain/constants';
import { rejectionReasonLines } from '@cadence/domain/rejection-comment';
import { releaseArtistName, releaseDateText, releaseFlags } from '@cadence/domain/release-rules';
import { RELEASE_STATUSES, type ReleaseStatus } from '@cadence/domain/release-status';
import { territoryText } from '@cadence/domain/territory';
import { isRemix } from '@cadence/domain/track-rules';
import { builder } from '../../graphql/builder.ts';
import { releaseAbilities } from './release.policy.ts';
import { dateOnly, statusName, todayUtc } from './release-model.ts';
import {
  checkRelease,
  countReleases,
  createRelease,
  deleteRelease,
  getRelease,
  listReleases,
  releaseCounts,
  releaseStatuses,
  reopenRelease,
  submitRelease,
  takedownRelease,
  updateRelease,
  type ReleaseCheck,
  type ReleaseCounts,
} from './releases.service.ts';

export const ReleaseStatusEnum = builder.enumType('ReleaseStatus', {
  description: 'Release status; statusOrder gives its number (NOT_COMPLETED 0 ... DELETED 99).',
  values: RELEASE_STATUSES,
});

export const ArtistRoleEnum = builder.enumType('ArtistRole', {
  description: 'Artist credit role; the legacy artistRelationTypeId is the value in brackets.',
  values: {
    PRIMARY: { value: ARTIST_ROLE.PRIMARY, description: 'Primary artist (1)' },
    FEATURED: { value: ARTIST_ROLE.FEATURED, description: 'Featured artist (12)' },
    COMPOSER: { value: ARTIST_ROLE.COMPOSER, description: 'Composer, full legal name (4)' },
    LYRICIST: { value: ARTIST_ROLE.LYRICIST, description: 'Lyricist, full legal name (10)' },
    PRODUCER: { value: ARTIST_ROLE.PRODUCER, description: 'Producer (18)' },
    REMIXER: { value: ARTIST_ROLE.REMIXER, description: 'Remixer, required on a remix (24)' },
  } as const,
});

interface Abilities {
  edit: boolean;
  delete: boolean;
  takedown: boolean;
  viewTracks: boolean;
  download: boolean;
}
const ReleaseViewerCan = builder.objectRef<Abilities>('ReleaseViewerCan').implement({
  description: 'What the signed-in user may do with this release (computed by the server; the client never recomputes it).',
  fields: (t) => ({
    edit: t.exposeBoolean('edit'),
    delete: t.exposeBoolean('delete'),
    takedown: t.exposeBoolean('takedown'),
    viewTracks: t.exposeBoolean('viewTracks'),
    download: t.exposeBoolean('download'),
  }),
});

interface TerritoryShape {
  allowed: boolean | null;
  countryCodes: string[];
}
const Territory = builder.objectRef<TerritoryShape>('Territory').implement({
  description: 'Where the release is available: allowed null = worldwide; true = only in countryCodes; false = everywhere except.',
  fields: (t) => ({
    allowed: t.exposeBoolean('allowed', { nullable: true }),
    countryCodes: t.exposeStringList('countryCodes'),
    text: t.string({
      description: "'Worldwide', 'Only in ...' or 'Everywhere except ...'.",
      resolve: (p) => territoryText(p.allowed === null ? null : { allowed: p.allowed, countryCodes: p.countryCodes.join(',') }),
    }),
  }),
});

interface OutletShape {
  id: number;
  uri: string;
  name: string;
}
const ReleaseOutlet = builder.objectRef<OutletShape>('ReleaseOutlet').implement({
  description: 'A store (DSP) the release is delivered to.',
  fields: (t) => ({ id: t.exposeInt('id'), uri: t.exposeString('uri'), name: t.exposeString('name') }),
});

interface AudioShape {
  fileName: string | null;
  sampleRate: number | null;
  bitDepth: number | null;
  channels: number | null;
  durationMs: number | null;
  codec: string | null;
}
const TrackAudio = builder.objectRef<AudioShape>('TrackAudio').implement({
  description: 'Facts read from the uploaded audio file.',
  fields: (t) => ({
    fileName: t.exposeString('fileName', { nullable: true }),
    sampleRate: t.exposeInt('sampleRate', { nullable: true }),
    bitDepth: t.exposeInt('bitDepth', { nullable: true }),
    channels: t.exposeInt('channels', { nullable: true }),
    durationMs: t.exposeInt('durationMs', { nullable: true }),
    codec: t.exposeString('codec', { nullable: true }),
  }),
});

// The three types use Pothos's select mode: a query loads only the columns its fields read, which
// makes the list's Prisma query about four times cheaper than loading whole rows. The few columns
// every list reads are in the type's own select and read by plain resolvers: an exposed field in
// select mode goes through Pothos's per-field selection check, which cost more than the query
// itself (bench/releases-layers.ts).
export const ArtistCredit = builder.prismaObject('ArtistCredit', {
  description: 'An artist credited on a track (trackId set) or on the whole release (trackId null).',
  select: { id: true, artistName: true, artistRelationTypeId: true },
  fields: (t) => ({
    id: t.id({ resolve: (c) => c.id }),
    artistName: t.string({ resolve: (c) => c.artistName }),
    role: t.field({ type: ArtistRoleEnum, resolve: (c) => c.artistRelationTypeId as (typeof ARTIST_ROLE)[keyof typeof ARTIST_ROLE] }),
    artistRelationTypeId: t.exposeInt('artistRelationTypeId'),
    trackId: t.exposeID('trackId', { nullable: true }),
    position: t.exposeInt('position'),
  }),
});

export const Track = builder.prismaObject('Track', {
  description: 'A track of a release.',
  select: { id: true, title: true, isrc: true },
  fields: (t) => ({
    id: t.id({ resolve: (tr) => tr.id }),
    releaseId: t.exposeID('releaseId'),
    title: t.string({ resolve: (tr) => tr.title }),
    position: t.exposeInt('position', { description: '0-based order within the release.' }),
    audio: t.field({
      type: TrackAudio,
      nullable: true,
      description: 'Null until an audio file is uploaded.',
      select: { audioFileId: true, fileName: true, sampleRate: true, bitDepth: true, channels: true, durationMs: true, codec: true },
      resolve: (tr) =>
        tr.audioFileId
          ? { fileName: tr.fileName, sampleRate: tr.sampleRate, bitDepth: tr.bitDepth, channels: tr.channels, durationMs: tr.durationMs, codec: tr.codec }
          : null,
    }),
    isrc: t.string({ nullable: true, description: 'Canonical 12-character ISRC; assigned at submission when left empty.', resolve: (tr) => tr.isrc }),
    genreId: t.exposeString('genreId', { nullable: true }),
    languageId: t.exposeString('languageId'),
    recordingVersionId: t.exposeInt('recordingVersionId', { description: '2430 studio, 2414 live.' }),
    isCover: t.exposeBoolean('isCover'),
    isRemix: t.boolean({ description: "Flagged as remix, or the title says 'rmx'/'remix' (needs a REMIXER credit).", select: { isRemix: true }, resolve: (tr) => isRemix(tr) }),
    explicitLyrics: t.exposeBoolean('explicitLyrics'),
    credits: t.relation('artistCredits', { query: { orderBy: [{ artistRelationTypeId: 'asc' }, { position: 'asc' }] } }),
  }),
});

const TRACKS_QUERY = { orderBy: { position: 'asc' as const } };
const RELEASE_CREDITS_QUERY = { where: { trackId: null }, orderBy: { position: 'asc' as const } };


export const Release = builder.prismaObject('Release', {
  description: 'A release (album, EP or single) of the signed-in user.',
  // The status predicates read status, comment and the three dates.
  select: { id: true, userId: true, title: true, status: true, comment: true, releaseDate: true, takedownDate: true, rejectDate: true },
  fields: (t) => ({
    id: t.id({ resolve: (r) => r.id }),
    title: t.string({ resolve: (r) => r.title }),
    genreId: t.exposeString('genreId', { nullable: true }),
    languageId: t.exposeString('languageId'),
    status: t.field({ type: ReleaseStatusEnum, resolve: (r) => statusName(r.status) }),
    statusOrder: t.int({ description: 'The numeric order of the status.', resolve: (r) => r.status }),
    displayStatus: t.string({ description: 'Draft, Denied, Pending, Scheduled, Published, Takedown Submitted, Takedown Complete or Importing.', resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).displayStatus }),
    isEditable: t.boolean({ resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).isEditable }),
    areTracksViewable: t.boolean({ resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).areTracksViewable }),
    isDeletable: t.boolean({ resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).isDeletable }),
    canBeTakenDown: t.boolean({ resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).canBeTakenDown }),
    isScheduled: t.boolean({ resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).isScheduled }),
    isPublished: t.boolean({ resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).isPublished }),
    isDraft: t.boolean({ resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).isDraft }),
    isDenied: t.boolean({ resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).isDenied }),
    isPending: t.boolean({ resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).isPending }),
    isDownloadEligible: t.boolean({ resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).isDownloadEligible }),
    countsTowardsTotals: t.boolean({ resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).countsTowardsTotals }),
    viewerCan: t.field({ type: ReleaseViewerCan, resolve: (r, _a, ctx) => releaseAbilities(ctx.viewer, r, ctx.config.env.sunsetDate) }),
    coverArtUrl: t.string({
      nullable: true,
      description: 'Where the cover image can be fetched (owner only); changes when the cover changes.',
      select: { coverArtFileId: true },
      resolve: (r) => (r.coverArtFileId ? `/api/releases/${r.id}/cover?v=${r.coverArtFileId}` : null),
    }),
    comment: t.string({ nullable: true, resolve: (r) => r.comment }),
    rejectionReasons: t.stringList({
      description: "Rejection reasons to show, track reasons as 'Track N: reason'.",
      select: { tracks: { ...TRACKS_QUERY, select: { id: true } } },
      resolve: (r) => rejectionReasonLines(r.comment, r.tracks.map((tr) => tr.id)),
    }),
    territory: t.field({ type: Territory, select: { territoryAllowed: true, territoryCountryCodes: true }, resolve: (r) => ({ allowed: r.territoryAllowed, countryCodes: r.territoryCountryCodes }) }),
    upc: t.exposeString('upc', { nullable: true }),
    outlets: t.field({
      type: [ReleaseOutlet],
      select: { outlets: { select: { dsp: { select: { id: true, uri: true, name: true } } }, orderBy: { dspId: 'asc' } } },
      resolve: (r) => r.outlets.map((o) => o.dsp),
    }),
    catalogNumber: t.exposeString('catalogNumber', { nullable: true }),
    releaseDate: t.field({ type: 'Date', nullable: true, resolve: (r) => dateOnly(r.releaseDate) }),
    releaseDateText: t.string({ description: "'ASAP' without a date, else MM/dd/yyyy.", resolve: (r) => releaseDateText(dateOnly(r.releaseDate)) }),
    originalReleaseDate: t.field({ type: 'Date', nullable: true, select: { originalReleaseDate: true }, resolve: (r) => dateOnly(r.originalReleaseDate) }),
    isDDex: t.exposeBoolean('isDDex'),
    takedownDate: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.takedownDate }),
    rejectDate: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.rejectDate }),
    artistName: t.string({
      description: "The primary artists joined by ', ', or 'Various Artists' for none or 4 and more.",
      select: { artistCredits: { ...RELEASE_CREDITS_QUERY, select: { artistName: true, artistRelationTypeId: true } } },
      resolve: (r) => releaseArtistName(r.artistCredits.filter((c) => c.artistRelationTypeId === ARTIST_ROLE.PRIMARY).map((c) => c.artistName)),
    }),
    credits: t.relation('artistCredits', { description: 'Credits on the whole release (trackId null).', query: RELEASE_CREDITS_QUERY }),
    tracks: t.relation('tracks', { description: 'Tracks in order.', query: TRACKS_QUERY }),
    trackCount: t.relationCount('tracks'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    version: t.exposeInt('version', { description: 'Send back with updateRelease: a stale version is refused (CONFLICT).' }),
  }),
});

type FlagInput = { status: number; comment: string | null; releaseDate: Date | null; takedownDate: Date | null; rejectDate: Date | null };
const flagCache = new WeakMap<object, ReturnType<typeof releaseFlags>>();

/** All status predicates of a release row, computed once per row per request (12 fields read them). */
function flags(r: FlagInput, sunset: string) {
  let cached = flagCache.get(r);
  if (!cached) {
    cached = releaseFlags(
      { status: statusName(r.status), comment: r.comment, releaseDate: dateOnly(r.releaseDate), takedownDate: dateOnly(r.takedownDate), rejectDate: dateOnly(r.rejectDate) },
      todayUtc(),
      sunset,
    );
    flagCache.set(r, cached);
  }
  return cached;
}

const DisplayStatusCount = builder.objectRef<ReleaseCounts['byDisplayStatus'][number]>('DisplayStatusCount').implement({
  fields: (t) => ({ displayStatus: t.exposeString('displayStatus'), count: t.exposeInt('count') }),
});
const ReleaseCountsRef = builder.objectRef<ReleaseCounts>('ReleaseCounts').implement({
  description: 'Totals: releases and tracks count only VALIDATED, IMPORTING, APPROVED, DELIVERED and LIVE releases.',
  fields: (t) => ({
    releases: t.exposeInt('releases'),
    tracks: t.exposeInt('tracks'),
    byDisplayStatus: t.field({ type: [DisplayStatusCount], resolve: (c) => c.byDisplayStatus }),
  }),
});
const ReleaseStatusEntry = builder.objectRef<{ id: string; status: ReleaseStatus }>('ReleaseStatusEntry').implement({
  fields: (t) => ({ id: t.exposeID('id'), status: t.field({ type: ReleaseStatusEnum, resolve: (e) => e.status }) }),
});
const ReleaseCheckIssue = builder.objectRef<ReleaseCheck['issues'][number]>('ReleaseCheckIssue').implement({
  description: "One missing or wrong field, with the spec's key (required, releaseDate, missingCountries, missingDSP, isrc-duplicate, ...).",
  fields: (t) => ({
    field: t.exposeString('field'),
    key: t.exposeString('key'),
    message: t.exposeString('message'),
    trackId: t.exposeID('trackId', { nullable: true }),
    trackNumber: t.exposeInt('trackNumber', { nullable: true, description: '1-based track number for track problems.' }),
  }),
});
const ReleaseCheckRef = builder.objectRef<ReleaseCheck>('ReleaseCheck').implement({
  fields: (t) => ({
    releaseId: t.exposeID('releaseId'),
    ok: t.exposeBoolean('ok'),
    issues: t.field({ type: [ReleaseCheckIssue], resolve: (c) => c.issues }),
  }),
});

builder.queryFields((t) => ({
  releases: t.prismaConnection({
    type: 'Release',
    cursor: 'id',
    defaultSize: 20,
    maxSize: 100,
    authScopes: { signedIn: true },
    description: "The signed-in user's releases, newest first.",
    args: { statuses: t.arg({ type: [ReleaseStatusEnum], required: false }) },
    totalCount: (_p, args, ctx) => countReleases(ctx, { statuses: args.statuses }),
    resolve: (query, _p, args, ctx) => listReleases(ctx, query, { statuses: args.statuses }),
  }),
  release: t.prismaField({
    type: 'Release',
    authScopes: { signedIn: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (query, _p, args, ctx) => getRelease(ctx, String(args.id), query),
  }),
  releaseCounts: t.field({ type: ReleaseCountsRef, authScopes: { signedIn: true }, resolve: (_p, _a, ctx) => releaseCounts(ctx) }),
  releaseStatuses: t.field({ type: [ReleaseStatusEntry], authScopes: { signedIn: true }, resolve: (_p, _a, ctx) => releaseStatuses(ctx) }),
  checkRelease: t.field({
    type: ReleaseCheckRef,
    authScopes: { signedIn: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_p, args, ctx) => checkRelease(ctx, String(args.id)),
  }),
}));

/** A mutation payload carrying the changed release, loaded with exactly the fields the client asked for. */
export function releasePayload(name: string) {
  return builder.objectRef<{ releaseId: string }>(name).implement({
    fields: (t) => ({
      release: t.prismaField({ type: 'Release', resolve: (query, p, _a, ctx) => getRelease(ctx, p.releaseId, query) }),
    }),
  });
}

const TerritoryInput = builder.inputType('TerritoryInput', {
  fields: (t) => ({ allowed: t.boolean({ required: true }), countryCodes: t.stringList({ required: true }) }),
});

const releaseInputFields = (t: Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0]) => ({
  title: t.string({ required: false }),
  genreId: t.string({ required: false }),
  languageId: t.string({ required: false }),
  catalogNumber: t.string({ required: false }),
  upc: t.string({ required: false }),
  releaseDate: t.field({ type: 'Date', required: false }),
  originalReleaseDate: t.field({ type: 'Date', required: false }),
  territory: t.field({ type: TerritoryInput, required: false, description: 'null = worldwide.' }),
  outletUris: t.stringList({ required: false }),
});
const CreateReleaseInput = builder.inputType('CreateReleaseInput', { fields: (t) => releaseInputFields(t) });
const UpdateReleaseInput = builder.inputType('UpdateReleaseInput', {
  fields: (t) => ({ id: t.id({ required: true }), version: t.int({ required: true }), ...releaseInputFields(t) }),
});
const ReleaseIdInput = (name: string) => builder.inputType(name, { fields: (t) => ({ id: t.id({ required: true }) }) });

/** Drops keys GraphQL left out (undefined) so they are not saved; explicit nulls clear a field. */
function present<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;
}

const CreateReleasePayload = releasePayload('CreateReleasePayload');
const UpdateReleasePayload = releasePayload('UpdateReleasePayload');
const SubmitReleasePayload = releasePayload('SubmitReleasePayload');
const TakedownReleasePayload = releasePayload('TakedownReleasePayload');
const ReopenReleasePayload = releasePayload('ReopenReleasePayload');
const DeleteReleasePayload = builder.objectRef<{ id: string }>('DeleteReleasePayload').implement({
  fields: (t) => ({ deletedReleaseId: t.exposeID('id') }),
});

builder.mutationFields((t) => ({
  createRelease: t.field({
    type: CreateReleasePayload,
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: CreateReleaseInput, required: false }) },
    resolve: async (_p, { input }, ctx) => ({ releaseId: (await createRelease(ctx, present(input ?? {}))).id }),
  }),
  updateRelease: t.field({
    type: UpdateReleasePayload,
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: UpdateReleaseInput, required: true }) },
    resolve: async (_p, { input }, ctx) => {
      const { id, version, ...fields } = input;
      return { releaseId: (await updateRelease(ctx, String(id), present(fields), version)).id };
    },
  }),
  deleteRelease: t.field({
    type: DeleteReleasePayload,
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: ReleaseIdInput('DeleteReleaseInput'), required: true }) },
    resolve: (_p, { input }, ctx) => deleteRelease(ctx, String(input.id)),
  }),
  submitRelease: t.field({
    type: SubmitReleasePayload,
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: ReleaseIdInput('SubmitReleaseInput'), required: true }) },
    resolve: async (_p, { input }, ctx) => ({ releaseId: (await submitRelease(ctx, String(input.id))).id }),
  }),
  takedownRelease: t.field({
    type: TakedownReleasePayload,
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: ReleaseIdInput('TakedownReleaseInput'), required: true }) },
    resolve: async (_p, { input }, ctx) => ({ releaseId: (await takedownRelease(ctx, String(input.id))).id }),
  }),
  reopenRelease: t.field({
    type: ReopenReleasePayload,
    authScopes: { signedIn: true },
    description: 'Change status to NOT_COMPLETED (back to draft).',
    args: { input: t.arg({ type: ReleaseIdInput('ReopenReleaseInput'), required: true }) },
    resolve: async (_p, { input }, ctx) => ({ releaseId: (await reopenRelease(ctx, String(input.id))).id }),
  }),
}));
