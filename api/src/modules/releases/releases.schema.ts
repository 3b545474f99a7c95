/** GraphQL: Release, Track and ArtistCredit types, the release queries and the release mutations. */
import { LIST_LIMITS, TEXT_LIMITS, limitDescription } from '@cadence/domain/text-limits';
import { PAGE_SIZE_MAX } from '@cadence/domain/text-limits';
import { ARTIST_ROLE } from '@cadence/domain/constants';
import { rejectionReasonLines } from '@cadence/domain/rejection-comment';
import { releaseArtistName, releaseDateText, releaseFlags } from '@cadence/domain/release-rules';
import { RELEASE_STATUSES, type ReleaseStatus } from '@cadence/domain/release-status';
import { territoryText } from '@cadence/domain/territory';
import { isRemix } from '@cadence/domain/track-rules';
import type { GraphQLObjectType, GraphQLResolveInfo, GraphQLSchema } from 'graphql';
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
// the fields are plain resolvers over it (no per-field selection checks). Each field declares,
// beside its resolver, what it reads (`releaseReads`, `trackReads`, `creditReads`: view keys and
// parts, kept in the field's GraphQL extensions), and releaseInclude loads what the selected fields
// declare. A test walks the schema and fails on a field without a declaration.

/** What a field needs loaded: keys of its view, and the parts it reads. */
interface Reads<K> {
  keys?: readonly K[];
  /** The release's tracks (Release fields). */
  tracks?: true;
  /** Credits: of the release (Release fields) or of the track (Track fields); a list names the credit keys it reads itself. */
  credits?: true | readonly CreditKey[];
  outlets?: true;
  trackCount?: true;
}
/** Options for a Release field (also those other modules add): what it reads. */
export const releaseReads = (reads: Reads<ReleaseKey>) => ({ extensions: { reads } });
const trackReads = (reads: Reads<TrackKey>) => ({ extensions: { reads } });
const creditReads = (reads: Reads<CreditKey>) => ({ extensions: { reads } });
/** What the status predicates (flags) read. */
const STATUS_KEYS = ['status', 'comment', 'releaseDate', 'takedownDate', 'rejectDate'] as const satisfies readonly ReleaseKey[];

export const ArtistCredit = builder.objectRef<CreditView>('ArtistCredit').implement({
  description: 'An artist credited on a track (trackId set) or on the whole release (trackId null).',
  fields: (t) => ({
    id: t.id({ ...creditReads({ keys: ['id'] }), description: 'The credit.', resolve: (c) => c.id }),
    artistName: t.string({ ...creditReads({ keys: ['artistName'] }), description: 'The artist as credited.', resolve: (c) => c.artistName }),
    role: t.field({ ...creditReads({ keys: ['artistRelationTypeId'] }), description: 'What the artist did.', type: ArtistRoleEnum, resolve: (c) => c.artistRelationTypeId as (typeof ARTIST_ROLE)[keyof typeof ARTIST_ROLE] }),
    artistRelationTypeId: t.int({ ...creditReads({ keys: ['artistRelationTypeId'] }), description: 'The legacy number of the role (see ArtistRole).', resolve: (c) => c.artistRelationTypeId }),
    trackId: t.id({ ...creditReads({ keys: ['trackId'] }), description: 'The track credited, or null for the whole release.', nullable: true, resolve: (c) => c.trackId }),
    position: t.int({ ...creditReads({ keys: ['position'] }), description: '0-based order among the credits of the same track or release.', resolve: (c) => c.position }),
  }),
});

export const Track = builder.objectRef<TrackView>('Track').implement({
  description: 'A track of a release.',
  fields: (t) => ({
    id: t.id({ ...trackReads({ keys: ['id'] }), description: 'The track.', resolve: (tr) => tr.id }),
    releaseId: t.id({ ...trackReads({ keys: ['releaseId'] }), description: 'The release it belongs to.', resolve: (tr) => tr.releaseId }),
    title: t.string({ ...trackReads({ keys: ['title'] }), description: 'The track title.', resolve: (tr) => tr.title }),
    position: t.int({ ...trackReads({ keys: ['position'] }), description: '0-based order within the release.', resolve: (tr) => tr.position }),
    audio: t.field({
      ...trackReads({ keys: ['audioFileId', 'fileName', 'sampleRate', 'bitDepth', 'channels', 'durationMs', 'codec'] }),
      type: TrackAudio,
      nullable: true,
      description: 'Null until an audio file is uploaded.',
      resolve: (tr) =>
        tr.audioFileId
          ? { fileName: tr.fileName, sampleRate: tr.sampleRate, bitDepth: tr.bitDepth, channels: tr.channels, durationMs: tr.durationMs, codec: tr.codec }
          : null,
    }),
    isrc: t.string({ ...trackReads({ keys: ['isrc'] }), nullable: true, description: 'Canonical 12-character ISRC; assigned at submission when left empty.', resolve: (tr) => tr.isrc }),
    genreId: t.string({ ...trackReads({ keys: ['genreId'] }), description: 'Its genre (Query.genres), or null for the release\'s genre.', nullable: true, resolve: (tr) => tr.genreId }),
    languageId: t.string({ ...trackReads({ keys: ['languageId'] }), description: 'The language of its lyrics or title (Query.languages).', resolve: (tr) => tr.languageId }),
    recordingVersionId: t.int({ ...trackReads({ keys: ['recordingVersionId'] }), description: '2430 studio, 2414 live.', resolve: (tr) => tr.recordingVersionId }),
    isCover: t.boolean({ ...trackReads({ keys: ['isCover'] }), description: 'A cover of another artist\'s song.', resolve: (tr) => tr.isCover }),
    isRemix: t.boolean({ ...trackReads({ keys: ['title', 'isRemix'] }), description: "Flagged as remix, or the title says 'rmx'/'remix' (needs a REMIXER credit).", resolve: (tr) => isRemix(tr) }),
    explicitLyrics: t.boolean({ ...trackReads({ keys: ['explicitLyrics'] }), description: 'The lyrics are explicit.', resolve: (tr) => tr.explicitLyrics }),
    credits: t.field({ ...trackReads({ credits: true }), description: 'Artists credited on this track, in order.', type: [ArtistCredit], resolve: (tr) => loaded(tr.artistCredits, 'track credits') }),
  }),
});

export const Release = builder.objectRef<ReleaseView>('Release').implement({
  description: 'A release (album, EP or single) of the signed-in user.',
  fields: (t) => ({
    id: t.id({ ...releaseReads({ keys: ['id'] }), description: 'The release.', resolve: (r) => r.id }),
    title: t.string({ ...releaseReads({ keys: ['title'] }), description: 'The release title.', resolve: (r) => r.title }),
    genreId: t.string({ ...releaseReads({ keys: ['genreId'] }), description: 'Its main genre (Query.genres).', nullable: true, resolve: (r) => r.genreId }),
    languageId: t.string({ ...releaseReads({ keys: ['languageId'] }), description: 'The language of its title and metadata (Query.languages).', resolve: (r) => r.languageId }),
    status: t.field({ ...releaseReads({ keys: ['status'] }), description: 'Where the release is in its life (see ReleaseStatus).', type: ReleaseStatusEnum, resolve: (r) => statusName(r.status) }),
    statusOrder: t.int({ ...releaseReads({ keys: ['status'] }), description: 'The numeric order of the status.', resolve: (r) => r.status }),
    displayStatus: t.string({ ...releaseReads({ keys: STATUS_KEYS }), description: 'Draft, Denied, Pending, Scheduled, Published, Takedown Submitted, Takedown Complete or Importing.', resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).displayStatus }),
    isEditable: t.boolean({ ...releaseReads({ keys: STATUS_KEYS }), description: 'Its metadata, tracks and cover may still change.', resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).isEditable }),
    areTracksViewable: t.boolean({ ...releaseReads({ keys: STATUS_KEYS }), description: 'Its tracks may be listed.', resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).areTracksViewable }),
    isDeletable: t.boolean({ ...releaseReads({ keys: STATUS_KEYS }), description: 'It may be deleted.', resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).isDeletable }),
    canBeTakenDown: t.boolean({ ...releaseReads({ keys: STATUS_KEYS }), description: 'A takedown may be asked for.', resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).canBeTakenDown }),
    isScheduled: t.boolean({ ...releaseReads({ keys: STATUS_KEYS }), description: 'Approved or delivered, with a release date still ahead.', resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).isScheduled }),
    isPublished: t.boolean({ ...releaseReads({ keys: STATUS_KEYS }), description: 'Live in stores.', resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).isPublished }),
    isDraft: t.boolean({ ...releaseReads({ keys: STATUS_KEYS }), description: 'Not submitted yet.', resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).isDraft }),
    isDenied: t.boolean({ ...releaseReads({ keys: STATUS_KEYS }), description: 'Rejected by review.', resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).isDenied }),
    isPending: t.boolean({ ...releaseReads({ keys: STATUS_KEYS }), description: 'Submitted and waiting for review or delivery.', resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).isPending }),
    isDownloadEligible: t.boolean({ ...releaseReads({ keys: STATUS_KEYS }), description: 'Its audio and cover may be downloaded.', resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).isDownloadEligible }),
    countsTowardsTotals: t.boolean({ ...releaseReads({ keys: STATUS_KEYS }), description: 'Counted in ReleaseCounts.', resolve: (r, _a, ctx) => flags(r, ctx.config.env.sunsetDate).countsTowardsTotals }),
    viewerCan: t.field({ ...releaseReads({ keys: ['userId', ...STATUS_KEYS] }), description: 'What the viewer may do with it.', type: ReleaseViewerCan, resolve: (r, _a, ctx) => releaseAbilities(ctx.viewer, r, viewLike(r), ctx.config.env.sunsetDate) }),
    coverArtUrl: t.string({
      ...releaseReads({ keys: ['id', 'coverArtFileId'] }),
      nullable: true,
      description: 'Where the cover image can be fetched (owner only); changes when the cover changes.',
      resolve: (r) => (r.coverArtFileId ? `/api/releases/${r.id}/cover?v=${r.coverArtFileId}` : null),
    }),
    comment: t.string({ ...releaseReads({ keys: ['comment'] }), description: 'The review comment, when it was rejected.', nullable: true, resolve: (r) => r.comment }),
    rejectionReasons: t.stringList({
      ...releaseReads({ keys: ['comment'], tracks: true }),
      description: "Rejection reasons to show, track reasons as 'Track N: reason'.",
      resolve: (r) => rejectionReasonLines(r.comment, loaded(r.tracks, 'tracks').map((tr) => tr.id)),
    }),
    territory: t.field({ ...releaseReads({ keys: ['territoryAllowed', 'territoryCountryCodes'] }), description: 'Where it is available.', type: Territory, resolve: (r) => ({ allowed: r.territoryAllowed, countryCodes: r.territoryCountryCodes }) }),
    upc: t.string({ ...releaseReads({ keys: ['upc'] }), description: 'The UPC/EAN barcode; assigned at approval when left empty.', nullable: true, resolve: (r) => r.upc }),
    outlets: t.field({ ...releaseReads({ outlets: true }), description: 'The stores it is delivered to.', type: [ReleaseOutlet], resolve: (r) => loaded(r.outlets, 'outlets') }),
    catalogNumber: t.string({ ...releaseReads({ keys: ['catalogNumber'] }), description: 'The label\'s catalogue number.', nullable: true, resolve: (r) => r.catalogNumber }),
    releaseDate: t.field({ ...releaseReads({ keys: ['releaseDate'] }), description: 'The day it goes live; null for as soon as possible.', type: 'Date', nullable: true, resolve: (r) => r.releaseDate }),
    releaseDateText: t.string({ ...releaseReads({ keys: ['releaseDate'] }), description: "'ASAP' without a date, else MM/dd/yyyy.", resolve: (r) => releaseDateText(r.releaseDate) }),
    originalReleaseDate: t.field({ ...releaseReads({ keys: ['originalReleaseDate'] }), description: 'When it first came out, for a re-release.', type: 'Date', nullable: true, resolve: (r) => r.originalReleaseDate }),
    isDDex: t.boolean({ ...releaseReads({ keys: ['isDDex'] }), description: 'Delivered to stores as DDEX.', resolve: (r) => r.isDDex }),
    takedownDate: t.field({ ...releaseReads({ keys: ['takedownDate'] }), description: 'When a takedown was asked for.', type: 'DateTime', nullable: true, resolve: (r) => r.takedownDate }),
    rejectDate: t.field({ ...releaseReads({ keys: ['rejectDate'] }), description: 'When review rejected it.', type: 'DateTime', nullable: true, resolve: (r) => r.rejectDate }),
    artistName: t.string({
      ...releaseReads({ credits: ['artistName', 'artistRelationTypeId'] }),
      description: "The primary artists joined by ', ', or 'Various Artists' for none or 4 and more.",
      resolve: (r) => releaseArtistName(loaded(r.artistCredits, 'release credits').filter((c) => c.artistRelationTypeId === ARTIST_ROLE.PRIMARY).map((c) => c.artistName)),
    }),
    credits: t.field({ ...releaseReads({ credits: true }), type: [ArtistCredit], description: 'Credits on the whole release (trackId null).', resolve: (r) => loaded(r.artistCredits, 'release credits') }),
    tracks: t.field({ ...releaseReads({ tracks: true }), type: [Track], description: 'Tracks in order.', resolve: (r) => loaded(r.tracks, 'tracks') }),
    trackCount: t.int({ ...releaseReads({ trackCount: true }), description: 'Number of tracks.', resolve: (r) => r.tracks?.length ?? loaded(r.trackCount, 'track count') }),
    createdAt: t.field({ ...releaseReads({ keys: ['createdAt'] }), description: 'When it was created.', type: 'DateTime', resolve: (r) => r.createdAt }),
    updatedAt: t.field({ ...releaseReads({ keys: ['updatedAt'] }), description: 'When it last changed.', type: 'DateTime', resolve: (r) => r.updatedAt }),
    version: t.int({ ...releaseReads({ keys: ['version'] }), description: 'Send back with updateRelease: a stale version is refused (CONFLICT).', resolve: (r) => r.version }),
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

/** The declarations (Reads) of the selected fields of a type. */
export function readsOf<K>(schema: GraphQLSchema, typeName: 'Release' | 'Track' | 'ArtistCredit', fields: Selected): Reads<K>[] {
  const defs = (schema.getType(typeName) as GraphQLObjectType).getFields();
  const out: Reads<K>[] = [];
  for (const name of fields.keys()) {
    const reads = defs[name]?.extensions?.reads as Reads<K> | undefined;
    if (reads) out.push(reads);
  }
  return out;
}

function keysOf<K>(reads: readonly Reads<K>[], base: readonly K[] = []): K[] {
  return [...new Set<K>([...base, ...reads.flatMap((r) => r.keys ?? [])])];
}

/** Credit keys asked for by name (`credits: [...]`) besides those of the credit fields selected. */
function creditKeysNamed(reads: readonly Reads<unknown>[]): CreditKey[] {
  return reads.flatMap((r) => (Array.isArray(r.credits) ? (r.credits as readonly CreditKey[]) : []));
}

/** What a read of releases must load for the fields selected on them (each field's own declaration). */
export function releaseInclude(info: Pick<GraphQLResolveInfo, 'fragments' | 'schema'>, fields: Selected): ReleaseInclude {
  const reads = readsOf<ReleaseKey>(info.schema, 'Release', fields);
  const trackFields = selectedUnder(info, fields, 'tracks');
  const trackReadsSelected = readsOf<TrackKey>(info.schema, 'Track', trackFields);
  const creditsUnder = (selected: Selected, field: string) => readsOf<CreditKey>(info.schema, 'ArtistCredit', selectedUnder(info, selected, field));
  const withCredits = reads.filter((r) => r.credits);
  return {
    release: keysOf(reads),
    tracks: reads.some((r) => r.tracks) ? keysOf(trackReadsSelected, ['id']) : undefined,
    trackCredits: trackReadsSelected.some((r) => r.credits) ? keysOf(creditsUnder(trackFields, 'credits'), creditKeysNamed(trackReadsSelected)) : undefined,
    credits: withCredits.length ? keysOf(creditsUnder(fields, 'credits'), creditKeysNamed(withCredits)) : undefined,
    outlets: reads.some((r) => r.outlets),
    trackCount: reads.some((r) => r.trackCount),
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
