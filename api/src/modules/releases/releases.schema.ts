/** GraphQL: Release, Track and ArtistCredit types, the release queries and the release mutations. */
import { LIST_LIMITS, TEXT_LIMITS, limitDescription } from '@cadence/domain/text-limits';
import { PAGE_SIZE_MAX } from '@cadence/domain/text-limits';
import { ARTIST_ROLE } from '@cadence/domain/constants';
import { rejectionReasonLines } from '@cadence/domain/rejection-comment';
import { releaseArtistName, releaseDateText, releaseFlags } from '@cadence/domain/release-rules';
import { RELEASE_STATUSES, type ReleaseStatus } from '@cadence/domain/release-status';
import { territoryText } from '@cadence/domain/territory';
import { isRemix } from '@cadence/domain/track-rules';
import type { GraphQLResolveInfo } from 'graphql';
import { formatPrismaCursor, parsePrismaCursor } from '@pothos/plugin-prisma';
import { builder } from '../../graphql/builder.ts';
import { selectedFields, selectedUnder, type Selected } from '../../graphql/selection.ts';
import type { AppContext } from '../../context.ts';
import { badInput } from '../../domain-error.ts';
import {
  loaded,
  readRelease,
  readReleasePage,
  viewLike,
  type CreditKey,
  type CreditView,
  type ReleaseInclude,
  type ReleaseKey,
  type ReleaseView,
  type TrackKey,
  type TrackView,
} from './release-read.ts';
import { releaseAbilities } from './release.policy.ts';
import { statusName, todayUtc } from './release-model.ts';
import {
  checkRelease,
  createRelease,
  deleteRelease,
  releaseCounts,
  releaseStatuses,
  reopenRelease,
  submitRelease,
  takedownRelease,
  updateRelease,
  type ReleaseCheck,
  type ReleaseCounts,
} from './releases.service.ts';

/** What each status means, for the schema's readers. */
const STATUS_DESCRIPTIONS: Record<ReleaseStatus, string> = {
  BEFORE_CREATED: 'Not created yet (never stored).',
  NOT_COMPLETED: 'A draft: not submitted.',
  OK: 'Submitted; the validation job checks it.',
  ADMIN_EDIT: 'Being edited by staff.',
  IMPORTING: 'A catalogue transfer waiting for staff to confirm its codes.',
  VALIDATED: 'Passed validation; waiting for review.',
  APPROVED: 'Approved by review; queued for delivery.',
  DELIVERED: 'Sent to its stores.',
  AWAITING_TAKEDOWN: 'A takedown was asked for; waiting for the stores.',
  TAKEDOWN_COMPLETED: 'Taken down from its stores.',
  LIVE: 'Live in stores.',
  REJECTED: 'Rejected by review (see Release.rejectionReasons).',
  FAILED: 'Delivery failed.',
  DELETED: 'Deleted.',
};

export const ReleaseStatusEnum = builder.enumType('ReleaseStatus', {
  description: 'Release status; statusOrder gives its number (NOT_COMPLETED 0 ... DELETED 99).',
  values: Object.fromEntries(RELEASE_STATUSES.map((s) => [s, { description: STATUS_DESCRIPTIONS[s] }])) as Record<ReleaseStatus, { description: string }>,
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
  reopen: boolean;
  delete: boolean;
  takedown: boolean;
  viewTracks: boolean;
  download: boolean;
}
const ReleaseViewerCan = builder.objectRef<Abilities>('ReleaseViewerCan').implement({
  description: 'What the signed-in user may do with this release (computed by the server; the client never recomputes it).',
  fields: (t) => ({
    edit: t.exposeBoolean('edit', { description: 'May change the release (updateRelease, tracks, credits, cover).' }),
    reopen: t.exposeBoolean('reopen', { description: 'May send the release back to draft (reopenRelease).' }),
    delete: t.exposeBoolean('delete', { description: 'May delete the release.' }),
    takedown: t.exposeBoolean('takedown', { description: 'May ask for the release to be taken down from stores.' }),
    viewTracks: t.exposeBoolean('viewTracks', { description: 'May see its tracks.' }),
    download: t.exposeBoolean('download', { description: 'May download its audio and cover.' }),
  }),
});

interface TerritoryShape {
  allowed: boolean | null;
  countryCodes: string[];
}
const Territory = builder.objectRef<TerritoryShape>('Territory').implement({
  description: 'Where the release is available: allowed null = worldwide; true = only in countryCodes; false = everywhere except.',
  fields: (t) => ({
    allowed: t.exposeBoolean('allowed', { description: 'null: worldwide; true: only in countryCodes; false: everywhere except countryCodes.', nullable: true }),
    countryCodes: t.exposeStringList('countryCodes', { description: 'ISO 3166-1 alpha-2 codes the rule names.' }),
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
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'The outlet id (Query.outlets).' }),
    uri: t.exposeString('uri', { description: 'The store URI (Query.dsps), as sent in outletUris.' }),
    name: t.exposeString('name', { description: 'The store name.' }),
  }),
});

type AudioShape = Pick<TrackView, 'fileName' | 'sampleRate' | 'bitDepth' | 'channels' | 'durationMs' | 'codec'>;
const TrackAudio = builder.objectRef<AudioShape>('TrackAudio').implement({
  description: 'Facts read from the uploaded audio file.',
  fields: (t) => ({
    fileName: t.exposeString('fileName', { description: 'The uploaded file name.', nullable: true }),
    sampleRate: t.exposeInt('sampleRate', { description: 'Samples per second (Hz).', nullable: true }),
    bitDepth: t.exposeInt('bitDepth', { description: 'Bits per sample.', nullable: true }),
    channels: t.exposeInt('channels', { description: 'Number of channels (2 for stereo).', nullable: true }),
    durationMs: t.exposeInt('durationMs', { description: 'Length in milliseconds.', nullable: true }),
    codec: t.exposeString('codec', { description: 'The audio codec (e.g. PCM, FLAC).', nullable: true }),
  }),
});

// The three types are plain Pothos objects over the release read model (release-read.ts): a list
// or a release is one SQL statement returning JSON, whatever the number of tracks and credits, and
// the fields are plain resolvers over it (no per-field selection checks). What a query loads
// besides the release's own columns follows the fields it selects (releaseInclude).
export const ArtistCredit = builder.objectRef<CreditView>('ArtistCredit').implement({
  description: 'An artist credited on a track (trackId set) or on the whole release (trackId null).',
  fields: (t) => ({
    id: t.id({ description: 'The credit.', resolve: (c) => c.id }),
    artistName: t.string({ description: 'The artist as credited.', resolve: (c) => c.artistName }),
    role: t.field({ description: 'What the artist did.', type: ArtistRoleEnum, resolve: (c) => c.artistRelationTypeId as (typeof ARTIST_ROLE)[keyof typeof ARTIST_ROLE] }),
    artistRelationTypeId: t.int({ description: 'The legacy number of the role (see ArtistRole).', resolve: (c) => c.artistRelationTypeId }),
    trackId: t.id({ description: 'The track credited, or null for the whole release.', nullable: true, resolve: (c) => c.trackId }),
    position: t.int({ description: '0-based order among the credits of the same track or release.', resolve: (c) => c.position }),
  }),
});

export const Track = builder.objectRef<TrackView>('Track').implement({
  description: 'A track of a release.',
  fields: (t) => ({
    id: t.id({ description: 'The track.', resolve: (tr) => tr.id }),
    releaseId: t.id({ description: 'The release it belongs to.', resolve: (tr) => tr.releaseId }),
    title: t.string({ description: 'The track title.', resolve: (tr) => tr.title }),
    position: t.int({ description: '0-based order within the release.', resolve: (tr) => tr.position }),
    audio: t.field({
      type: TrackAudio,
      nullable: true,
      description: 'Null until an audio file is uploaded.',
      resolve: (tr) =>
        tr.audioFileId
          ? { fileName: tr.fileName, sampleRate: tr.sampleRate, bitDepth: tr.bitDepth, channels: tr.channels, durationMs: tr.durationMs, codec: tr.codec }
          : null,
    }),
    isrc: t.string({ nullable: true, description: 'Canonical 12-character ISRC; assigned at submission when left empty.', resolve: (tr) => tr.isrc }),
    genreId: t.string({ description: 'Its genre (Query.genres), or null for the release\'s genre.', nullable: true, resolve: (tr) => tr.genreId }),
    languageId: t.string({ description: 'The language of its lyrics or title (Query.languages).', resolve: (tr) => tr.languageId }),
    recordingVersionId: t.int({ description: '2430 studio, 2414 live.', resolve: (tr) => tr.recordingVersionId }),
    isCover: t.boolean({ description: 'A cover of another artist\'s song.', resolve: (tr) => tr.isCover }),
    isRemix: t.boolean({ description: "Flagged as remix, or the title says 'rmx'/'remix' (needs a REMIXER credit).", resolve: (tr) => isRemix(tr) }),
    explicitLyrics: t.boolean({ description: 'The lyrics are explicit.', resolve: (tr) => tr.explicitLyrics }),
    credits: t.field({ description: 'Artists credited on this track, in order.', type: [ArtistCredit], resolve: (tr) => loaded(tr.artistCredits, 'track credits') }),
  }),
});

export const Release = builder.objectRef<ReleaseView>('Release').implement({
  description: 'A release (album, EP or single) of the signed-in user.',
  fields: (t) => ({
    id: t.id({ description: 'The release.', resolve: (r) => r.id }),
    title: t.string({ description: 'The release title.', resolve: (r) => r.title }),
    genreId: t.string({ description: 'Its main genre (Query.genres).', nullable: true, resolve: (r) => r.genreId }),
    languageId: t.string({ description: 'The language of its title and metadata (Query.languages).', resolve: (r) => r.languageId }),
    status: t.field({ description: 'Where the release is in its life (see ReleaseStatus).', type: ReleaseStatusEnum, resolve: (r) => statusName(r.status) }),
    statusOrder: t.int({ description: 'The numeric order of the status.', resolve: (r) => r.status }),
    displayStatus: t.string({ description: 'Draft, Denied, Pending, Scheduled, Published, Takedown Submitted, Takedown Complete or Importing.', resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).displayStatus }),
    isEditable: t.boolean({ description: 'Its metadata, tracks and cover may still change.', resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).isEditable }),
    areTracksViewable: t.boolean({ description: 'Its tracks may be listed.', resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).areTracksViewable }),
    isDeletable: t.boolean({ description: 'It may be deleted.', resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).isDeletable }),
    canBeTakenDown: t.boolean({ description: 'A takedown may be asked for.', resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).canBeTakenDown }),
    isScheduled: t.boolean({ description: 'Approved or delivered, with a release date still ahead.', resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).isScheduled }),
    isPublished: t.boolean({ description: 'Live in stores.', resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).isPublished }),
    isDraft: t.boolean({ description: 'Not submitted yet.', resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).isDraft }),
    isDenied: t.boolean({ description: 'Rejected by review.', resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).isDenied }),
    isPending: t.boolean({ description: 'Submitted and waiting for review or delivery.', resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).isPending }),
    isDownloadEligible: t.boolean({ description: 'Its audio and cover may be downloaded.', resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).isDownloadEligible }),
    countsTowardsTotals: t.boolean({ description: 'Counted in ReleaseCounts.', resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).countsTowardsTotals }),
    viewerCan: t.field({ description: 'What the viewer may do with it.', type: ReleaseViewerCan, resolve: (r, _a, ctx) => releaseAbilities(ctx.viewer, r, viewLike(r), ctx.config.env.sunsetDate) }),
    coverArtUrl: t.string({
      nullable: true,
      description: 'Where the cover image can be fetched (owner only); changes when the cover changes.',
      resolve: (r) => (r.coverArtFileId ? `/api/releases/${r.id}/cover?v=${r.coverArtFileId}` : null),
    }),
    comment: t.string({ description: 'The review comment, when it was rejected.', nullable: true, resolve: (r) => r.comment }),
    rejectionReasons: t.stringList({
      description: "Rejection reasons to show, track reasons as 'Track N: reason'.",
      resolve: (r) => rejectionReasonLines(r.comment, loaded(r.tracks, 'tracks').map((tr) => tr.id)),
    }),
    territory: t.field({ description: 'Where it is available.', type: Territory, resolve: (r) => ({ allowed: r.territoryAllowed, countryCodes: r.territoryCountryCodes }) }),
    upc: t.string({ description: 'The UPC/EAN barcode; assigned at approval when left empty.', nullable: true, resolve: (r) => r.upc }),
    outlets: t.field({ description: 'The stores it is delivered to.', type: [ReleaseOutlet], resolve: (r) => loaded(r.outlets, 'outlets') }),
    catalogNumber: t.string({ description: 'The label\'s catalogue number.', nullable: true, resolve: (r) => r.catalogNumber }),
    releaseDate: t.field({ description: 'The day it goes live; null for as soon as possible.', type: 'Date', nullable: true, resolve: (r) => r.releaseDate }),
    releaseDateText: t.string({ description: "'ASAP' without a date, else MM/dd/yyyy.", resolve: (r) => releaseDateText(r.releaseDate) }),
    originalReleaseDate: t.field({ description: 'When it first came out, for a re-release.', type: 'Date', nullable: true, resolve: (r) => r.originalReleaseDate }),
    isDDex: t.boolean({ description: 'Delivered to stores as DDEX.', resolve: (r) => r.isDDex }),
    takedownDate: t.field({ description: 'When a takedown was asked for.', type: 'DateTime', nullable: true, resolve: (r) => r.takedownDate }),
    rejectDate: t.field({ description: 'When review rejected it.', type: 'DateTime', nullable: true, resolve: (r) => r.rejectDate }),
    artistName: t.string({
      description: "The primary artists joined by ', ', or 'Various Artists' for none or 4 and more.",
      resolve: (r) => releaseArtistName(loaded(r.artistCredits, 'release credits').filter((c) => c.artistRelationTypeId === ARTIST_ROLE.PRIMARY).map((c) => c.artistName)),
    }),
    credits: t.field({ type: [ArtistCredit], description: 'Credits on the whole release (trackId null).', resolve: (r) => loaded(r.artistCredits, 'release credits') }),
    tracks: t.field({ type: [Track], description: 'Tracks in order.', resolve: (r) => loaded(r.tracks, 'tracks') }),
    trackCount: t.int({ description: 'Number of tracks.', resolve: (r) => r.tracks?.length ?? loaded(r.trackCount, 'track count') }),
    createdAt: t.field({ description: 'When it was created.', type: 'DateTime', resolve: (r) => r.createdAt }),
    updatedAt: t.field({ description: 'When it last changed.', type: 'DateTime', resolve: (r) => r.updatedAt }),
    version: t.int({ description: 'Send back with updateRelease: a stale version is refused (CONFLICT).', resolve: (r) => r.version }),
  }),
});

const flagCache = new WeakMap<object, ReturnType<typeof releaseFlags>>();

/** All status predicates of a release, computed once per release per request (12 fields read them). */
function flags(r: ReleaseView, sunset: string) {
  let cached = flagCache.get(r);
  if (!cached) {
    cached = releaseFlags(viewLike(r), todayUtc(), sunset);
    flagCache.set(r, cached);
  }
  return cached;
}

const DisplayStatusCount = builder.objectRef<ReleaseCounts['byDisplayStatus'][number]>('DisplayStatusCount').implement({
  description: 'How many releases show one display status.',
  fields: (t) => ({ displayStatus: t.exposeString('displayStatus', { description: 'The display status (see Release.displayStatus).' }), count: t.exposeInt('count', { description: 'Releases with it.' }) }),
});
const ReleaseCountsRef = builder.objectRef<ReleaseCounts>('ReleaseCounts').implement({
  description: 'Totals: releases and tracks count only VALIDATED, IMPORTING, APPROVED, DELIVERED and LIVE releases.',
  fields: (t) => ({
    releases: t.exposeInt('releases', { description: 'Releases counted.' }),
    tracks: t.exposeInt('tracks', { description: 'Tracks on the releases counted.' }),
    byDisplayStatus: t.field({ description: 'Every release of the account by display status.', type: [DisplayStatusCount], resolve: (c) => c.byDisplayStatus }),
  }),
});
const ReleaseStatusEntry = builder.objectRef<{ id: string; status: ReleaseStatus }>('ReleaseStatusEntry').implement({
  description: "A release's id and status.",
  fields: (t) => ({ id: t.exposeID('id', { description: 'The release.' }), status: t.field({ type: ReleaseStatusEnum, description: 'Its status.', resolve: (e) => e.status }) }),
});
const ReleaseCheckIssue = builder.objectRef<ReleaseCheck['issues'][number]>('ReleaseCheckIssue').implement({
  description: "One missing or wrong field, with the spec's key (required, releaseDate, missingCountries, missingDSP, isrc-duplicate, ...).",
  fields: (t) => ({
    field: t.exposeString('field', { description: 'The field at fault.' }),
    key: t.exposeString('key', { description: 'A stable reason key.' }),
    message: t.exposeString('message', { description: 'The message to show.' }),
    trackId: t.exposeID('trackId', { description: 'The track at fault, for track problems.', nullable: true }),
    trackNumber: t.exposeInt('trackNumber', { nullable: true, description: '1-based track number for track problems.' }),
  }),
});
const ReleaseCheckRef = builder.objectRef<ReleaseCheck>('ReleaseCheck').implement({
  description: 'Whether a release is complete enough to submit.',
  fields: (t) => ({
    releaseId: t.exposeID('releaseId', { description: 'The release checked.' }),
    ok: t.exposeBoolean('ok', { description: 'True when it may be submitted.' }),
    issues: t.field({ description: 'What must be fixed first (empty when ok).', type: [ReleaseCheckIssue], resolve: (c) => c.issues }),
  }),
});

// The view keys each GraphQL field reads (beyond RELEASE_BASE_KEYS, which every read has): the read
// loads only those, as Pothos's select mode did. A field missing here reads nothing of its own.
const RELEASE_FIELD_KEYS: Partial<Record<string, readonly ReleaseKey[]>> = {
  title: ['title'], genreId: ['genreId'], languageId: ['languageId'], coverArtUrl: ['coverArtFileId'],
  territory: ['territoryAllowed', 'territoryCountryCodes'], upc: ['upc'], catalogNumber: ['catalogNumber'],
  originalReleaseDate: ['originalReleaseDate'], isDDex: ['isDDex'], createdAt: ['createdAt'], updatedAt: ['updatedAt'], version: ['version'],
};
const TRACK_FIELD_KEYS: Partial<Record<string, readonly TrackKey[]>> = {
  id: ['id'], releaseId: ['releaseId'], title: ['title'], position: ['position'],
  audio: ['audioFileId', 'fileName', 'sampleRate', 'bitDepth', 'channels', 'durationMs', 'codec'], isrc: ['isrc'], genreId: ['genreId'],
  languageId: ['languageId'], recordingVersionId: ['recordingVersionId'], isCover: ['isCover'], isRemix: ['title', 'isRemix'],
  explicitLyrics: ['explicitLyrics'],
};
const CREDIT_FIELD_KEYS: Partial<Record<string, readonly CreditKey[]>> = {
  id: ['id'], artistName: ['artistName'], role: ['artistRelationTypeId'], artistRelationTypeId: ['artistRelationTypeId'],
  trackId: ['trackId'], position: ['position'],
};

function keysFor<K>(fields: Selected, table: Partial<Record<string, readonly K[]>>, base: readonly K[] = []): K[] {
  const keys = new Set<K>(base);
  for (const name of fields.keys()) for (const key of table[name] ?? []) keys.add(key);
  return [...keys];
}

/** What a read of releases must load for the fields selected on them. */
export function releaseInclude(info: Pick<GraphQLResolveInfo, 'fragments'>, fields: Selected): ReleaseInclude {
  const trackFields = selectedUnder(info, fields, 'tracks');
  const withTracks = fields.has('tracks') || fields.has('rejectionReasons');
  const artistName = fields.has('artistName');
  return {
    release: keysFor(fields, RELEASE_FIELD_KEYS),
    // rejectionReasons reads the tracks' ids.
    tracks: withTracks ? keysFor(trackFields, TRACK_FIELD_KEYS, ['id']) : undefined,
    trackCredits: trackFields.has('credits') ? keysFor(selectedUnder(info, trackFields, 'credits'), CREDIT_FIELD_KEYS) : undefined,
    // artistName reads the release credits' names and roles.
    credits: fields.has('credits') || artistName
      ? keysFor(selectedUnder(info, fields, 'credits'), CREDIT_FIELD_KEYS, artistName ? ['artistName', 'artistRelationTypeId'] : [])
      : undefined,
    outlets: fields.has('outlets'),
    trackCount: fields.has('trackCount'),
  };
}

/** The release a field resolves to (a query or a mutation payload), loaded with what its selection reads. */
export function releaseFor(ctx: AppContext, id: string, info: GraphQLResolveInfo): Promise<ReleaseView> {
  return readRelease(ctx, id, releaseInclude(info, selectedFields(info)));
}

const PAGE = { defaultSize: 20, maxSize: PAGE_SIZE_MAX };

function pageCursorId(cursor: string, name: 'after' | 'before'): string {
  try {
    const id = parsePrismaCursor(cursor);
    if (typeof id === 'string') return id;
  } catch {
    // answered below
  }
  throw badInput(`${name} is not a cursor of this list`, [{ field: name, key: 'invalid', message: 'Invalid cursor' }], 'invalid');
}

/** Relay paging arguments to a read window, refusing combinations that make no sense. */
function pageWindow(args: { first?: number | null; last?: number | null; after?: string | null; before?: string | null }) {
  const { first, last, after, before } = args;
  const refuse = (field: string, message: string) => badInput(message, [{ field, key: 'invalid', message }], 'invalid');
  if (first != null && first < 0) throw refuse('first', 'first must not be negative');
  if (last != null && last < 0) throw refuse('last', 'last must not be negative');
  if (first != null && last != null) throw refuse('last', 'Send first or last, not both');
  if (after != null && before != null) throw refuse('before', 'Send after or before, not both');
  if (before != null && first != null) throw refuse('first', 'Page back with last and before');
  if (after != null && last != null) throw refuse('last', 'Page forward with first and after');
  const backward = before != null || last != null;
  return {
    take: Math.min(first ?? last ?? PAGE.defaultSize, PAGE.maxSize),
    direction: backward ? ('backward' as const) : ('forward' as const),
    cursorId: after != null ? pageCursorId(after, 'after') : before != null ? pageCursorId(before, 'before') : null,
  };
}

builder.queryFields((t) => ({
  releases: t.connection(
    {
      type: Release,
      authScopes: { signedIn: true },
      description: "The signed-in user's releases, newest first.",
      args: { statuses: t.arg({ type: [ReleaseStatusEnum], required: false, description: 'Only releases in these statuses (all when absent; deleted releases are never listed).' }) },
      resolve: async (_p, args, ctx, info) => {
        const window = pageWindow(args);
        const page = await readReleasePage(
          ctx,
          { ...window, statuses: args.statuses, count: selectedFields(info).has('totalCount') },
          releaseInclude(info, selectedFields(info, ['edges', 'node'])),
        );
        const edges = page.releases.map((node) => ({ cursor: formatPrismaCursor({ id: node.id }, 'id'), node }));
        const backward = window.direction === 'backward';
        return {
          totalCount: page.totalCount ?? 0,
          edges,
          pageInfo: {
            startCursor: edges[0]?.cursor ?? null,
            endCursor: edges.at(-1)?.cursor ?? null,
            hasNextPage: args.before != null ? true : backward ? false : page.hasMore,
            hasPreviousPage: args.after != null ? true : backward ? page.hasMore : false,
          },
        };
      },
    },
    { fields: (c) => ({ totalCount: c.int({ description: 'Releases in the whole list, on every page.', resolve: (conn) => (conn as { totalCount: number }).totalCount }) }) },
  ),
  release: t.field({
    type: Release,
    description: 'One release of the signed-in user (NOT_FOUND for anyone else\'s).',
    authScopes: { signedIn: true },
    args: { id: t.arg.id({ required: true, description: 'The release.' }) },
    resolve: (_p, args, ctx, info) => releaseFor(ctx, String(args.id), info),
  }),
  releaseCounts: t.field({ type: ReleaseCountsRef, description: "Counts of the signed-in user's releases and tracks.", authScopes: { signedIn: true }, resolve: (_p, _a, ctx) => releaseCounts(ctx) }),
  releaseStatuses: t.field({ type: [ReleaseStatusEntry], description: "The status of each of the signed-in user's releases.", authScopes: { signedIn: true }, resolve: (_p, _a, ctx) => releaseStatuses(ctx) }),
  checkRelease: t.field({
    type: ReleaseCheckRef,
    description: 'Whether a release may be submitted, and what to fix first if not.',
    authScopes: { signedIn: true },
    args: { id: t.arg.id({ required: true, description: 'The release.' }) },
    resolve: (_p, args, ctx) => checkRelease(ctx, String(args.id)),
  }),
}));

/** A mutation payload carrying the changed release, loaded with what the client asked for. */
export function releasePayload(name: string) {
  const mutation = name.charAt(0).toLowerCase() + name.slice(1).replace(/Payload$/, '');
  return builder.objectRef<{ releaseId: string }>(name).implement({
    description: `What ${mutation} answers: the release as it is now.`,
    fields: (t) => ({
      release: t.field({ type: Release, description: 'The release, with what the operation changed.', resolve: (p, _a, ctx, info) => releaseFor(ctx, p.releaseId, info) }),
    }),
  });
}

const TerritoryInput = builder.inputType('TerritoryInput', {
  description: 'Where a release is available (see Territory).',
  fields: (t) => ({ allowed: t.boolean({ required: true, description: 'true: only in countryCodes; false: everywhere except countryCodes.' }), countryCodes: t.stringList({ required: true, description: `ISO country codes. ${limitDescription(LIST_LIMITS.countries, 'codes')}` }) }),
});

const releaseInputFields = (t: Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0]) => ({
  title: t.string({ required: false, description: limitDescription(TEXT_LIMITS.releaseTitle) }),
  genreId: t.string({ required: false, description: limitDescription(TEXT_LIMITS.code) }),
  languageId: t.string({ required: false, description: limitDescription(TEXT_LIMITS.code) }),
  catalogNumber: t.string({ required: false, description: limitDescription(TEXT_LIMITS.catalogNumber) }),
  upc: t.string({ required: false, description: `12 or 13 digits. ${limitDescription(TEXT_LIMITS.upc)}` }),
  releaseDate: t.field({ type: 'Date', required: false, description: 'The day it goes live; null for as soon as possible.' }),
  originalReleaseDate: t.field({ type: 'Date', required: false, description: 'When it first came out, for a re-release.' }),
  territory: t.field({ type: TerritoryInput, required: false, description: 'null = worldwide.' }),
  outletUris: t.stringList({ required: false, description: `Store URIs. ${limitDescription(LIST_LIMITS.outlets, 'stores')}` }),
});
const CreateReleaseInput = builder.inputType('CreateReleaseInput', { description: 'A new draft release; every field may be filled in later.', fields: (t) => releaseInputFields(t) });
const UpdateReleaseInput = builder.inputType('UpdateReleaseInput', {
  description: 'Changes to a release: fields left out stay as they are, null clears one.',
  fields: (t) => ({
    id: t.id({ required: true, description: 'The release.' }),
    version: t.int({ required: true, description: 'Release.version as last read: a stale one is refused (CONFLICT).' }),
    ...releaseInputFields(t),
  }),
});
const ReleaseIdInput = (name: string) =>
  builder.inputType(name, { description: `Which release ${name.charAt(0).toLowerCase() + name.slice(1).replace(/Input$/, '')} acts on.`, fields: (t) => ({ id: t.id({ required: true, description: 'The release.' }) }) });

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
  description: 'What deleteRelease answers.',
  fields: (t) => ({ deletedReleaseId: t.exposeID('id', { description: 'The release deleted.' }) }),
});

builder.mutationFields((t) => ({
  createRelease: t.field({
    type: CreateReleasePayload,
    description: 'Creates a draft release (NOT_COMPLETED) for the signed-in user.',
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: CreateReleaseInput, required: true, description: 'What is known so far (an empty object is fine).' }) },
    resolve: async (_p, { input }, ctx) => ({ releaseId: (await createRelease(ctx, present(input))).id }),
  }),
  updateRelease: t.field({
    type: UpdateReleasePayload,
    description: 'Changes an editable release (Release.isEditable).',
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: UpdateReleaseInput, required: true, description: 'The changes.' }) },
    resolve: async (_p, { input }, ctx) => {
      const { id, version, ...fields } = input;
      return { releaseId: (await updateRelease(ctx, String(id), present(fields), version)).id };
    },
  }),
  deleteRelease: t.field({
    type: DeleteReleasePayload,
    description: 'Deletes a release that may be deleted (Release.isDeletable).',
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: ReleaseIdInput('DeleteReleaseInput'), required: true, description: 'The release.' }) },
    resolve: (_p, { input }, ctx) => deleteRelease(ctx, String(input.id)),
  }),
  submitRelease: t.field({
    type: SubmitReleasePayload,
    description: 'Submits a complete draft for validation and review (see checkRelease); moves it to OK.',
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: ReleaseIdInput('SubmitReleaseInput'), required: true, description: 'The release.' }) },
    resolve: async (_p, { input }, ctx) => ({ releaseId: (await submitRelease(ctx, String(input.id))).id }),
  }),
  takedownRelease: t.field({
    type: TakedownReleasePayload,
    description: 'Asks for a release to be taken down from its stores (Release.canBeTakenDown).',
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: ReleaseIdInput('TakedownReleaseInput'), required: true, description: 'The release.' }) },
    resolve: async (_p, { input }, ctx) => ({ releaseId: (await takedownRelease(ctx, String(input.id))).id }),
  }),
  reopenRelease: t.field({
    type: ReopenReleasePayload,
    authScopes: { signedIn: true },
    description: 'Change status to NOT_COMPLETED (back to draft).',
    args: { input: t.arg({ type: ReleaseIdInput('ReopenReleaseInput'), required: true, description: 'The release.' }) },
    resolve: async (_p, { input }, ctx) => ({ releaseId: (await reopenRelease(ctx, String(input.id))).id }),
  }),
}));
