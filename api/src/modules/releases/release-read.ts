/**
 * The release read model. Every read of releases, tracks and credits (the GraphQL types, the REST
 * presenter) is ONE SQL statement that returns the rows as JSON built by PostgreSQL
 * (json_build_object / json_agg), whatever the number of releases, tracks and credits. Writes stay
 * on Prisma; this path exists because the list is the hottest read of the product and Prisma plus
 * Pothos's per-field selection checks cost most of its time (bench/releases-list.ts, decisions.md).
 *
 * Dates come back as 'YYYY-MM-DD' and instants as ISO 8601 strings with milliseconds and 'Z'
 * (what Date#toISOString gives), formatted by the database so both drivers (pg, PGlite) agree.
 */
import type { ReleaseLike } from '@cadence/domain/release-rules';
import type { ReleaseStatus } from '@cadence/domain/release-status';
import type { AppContext } from '../../context.ts';
import { releaseNotFound, requireViewer, statusName, statusNumber } from './release-model.ts';

export interface CreditView {
  id: string;
  trackId: string | null;
  artistName: string;
  artistRelationTypeId: number;
  position: number;
}

export interface TrackView {
  id: string;
  releaseId: string;
  userId: string;
  title: string;
  position: number;
  audioFileId: string | null;
  fileName: string | null;
  sampleRate: number | null;
  bitDepth: number | null;
  channels: number | null;
  durationMs: number | null;
  codec: string | null;
  isrc: string | null;
  genreId: string | null;
  languageId: string;
  recordingVersionId: number;
  isCover: boolean;
  isRemix: boolean;
  explicitLyrics: boolean;
  /** Ordered by role, then position; present when the read included track credits. */
  artistCredits?: CreditView[];
}

export interface OutletView {
  id: number;
  uri: string;
  name: string;
}

export interface ReleaseView {
  id: string;
  userId: string;
  title: string;
  genreId: string | null;
  /** The stored status order (statusName gives the name). */
  status: number;
  languageId: string;
  coverArtFileId: string | null;
  comment: string | null;
  territoryAllowed: boolean | null;
  territoryCountryCodes: string[];
  upc: string | null;
  catalogNumber: string | null;
  /** YYYY-MM-DD */
  releaseDate: string | null;
  originalReleaseDate: string | null;
  isDDex: boolean;
  /** ISO 8601 instants */
  takedownDate: string | null;
  rejectDate: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  /** In order; present when the read included tracks. */
  tracks?: TrackView[];
  /** Credits on the whole release (trackId null), by position; present when included. */
  artistCredits?: CreditView[];
  /** By store id; present when included. */
  outlets?: OutletView[];
  /** Present when asked for without the tracks themselves. */
  trackCount?: number;
}

/** Keys of the views that map to a column (the parts below are loaded by their own subqueries). */
export type ReleaseKey = Exclude<keyof ReleaseView, 'tracks' | 'artistCredits' | 'outlets' | 'trackCount'>;
export type TrackKey = Exclude<keyof TrackView, 'artistCredits'>;
export type CreditKey = keyof CreditView;

/**
 * What a read loads: which keys of each view ('all', or a list: the view then holds only those),
 * and which parts. A part left out is absent from the view (`loaded` refuses to read it).
 */
export interface ReleaseInclude {
  release?: 'all' | readonly ReleaseKey[];
  tracks?: 'all' | readonly TrackKey[];
  /** Credits of each track (needs tracks). */
  trackCredits?: 'all' | readonly CreditKey[];
  /** Release-level credits. */
  credits?: 'all' | readonly CreditKey[];
  outlets?: boolean;
  /** The number of tracks, without reading them. */
  trackCount?: boolean;
}

/** Everything: what the REST shapes and the service reads use. */
export const FULL_RELEASE: Readonly<ReleaseInclude> = Object.freeze({ release: 'all', tracks: 'all', trackCredits: 'all', credits: 'all', outlets: true });

/** The keys the status rules and the viewer's abilities read: every release read has them. */
export const RELEASE_BASE_KEYS: readonly ReleaseKey[] = ['id', 'userId', 'status', 'comment', 'releaseDate', 'takedownDate', 'rejectDate'];

/** A present part of a view, or a loud error: a resolver read what its query did not load (a bug, caught by the tests). */
export function loaded<T>(value: T | undefined, part: string): T {
  if (value === undefined) throw new Error(`release read did not include ${part}`);
  return value;
}

/** The release as the domain's status rules read it. */
export function viewLike(r: Pick<ReleaseView, 'status' | 'comment' | 'releaseDate' | 'takedownDate' | 'rejectDate'>): ReleaseLike {
  return {
    status: statusName(r.status),
    comment: r.comment,
    releaseDate: r.releaseDate,
    takedownDate: r.takedownDate === null ? null : r.takedownDate.slice(0, 10),
    rejectDate: r.rejectDate === null ? null : r.rejectDate.slice(0, 10),
  };
}

// ---- SQL ---------------------------------------------------------------------------------------

const DELETED = statusNumber('DELETED');
const instant = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const RELEASE_COLUMNS: Record<ReleaseKey, string> = {
  id: 'p.id', userId: 'p.user_id', title: 'p.title', genreId: 'p.genre_id', status: 'p.status', languageId: 'p.language_id',
  coverArtFileId: 'p.cover_art_file_id', comment: 'p.comment', territoryAllowed: 'p.territory_allowed',
  territoryCountryCodes: 'p.territory_country_codes', upc: 'p.upc', catalogNumber: 'p.catalog_number',
  releaseDate: 'p.release_date', originalReleaseDate: 'p.original_release_date', isDDex: 'p.is_ddex',
  takedownDate: instant('p.takedown_date'), rejectDate: instant('p.reject_date'), version: 'p.version',
  createdAt: instant('p.created_at'), updatedAt: instant('p.updated_at'),
};
const TRACK_COLUMNS: Record<TrackKey, string> = {
  id: 't.id', releaseId: 't.release_id', userId: 't.user_id', title: 't.title', position: 't.position',
  audioFileId: 't.audio_file_id', fileName: 't.file_name', sampleRate: 't.sample_rate', bitDepth: 't.bit_depth',
  channels: 't.channels', durationMs: 't.duration_ms', codec: 't.codec', isrc: 't.isrc', genreId: 't.genre_id',
  languageId: 't.language_id', recordingVersionId: 't.recording_version_id', isCover: 't.is_cover', isRemix: 't.is_remix',
  explicitLyrics: 't.explicit_lyrics',
};
const CREDIT_COLUMNS: Record<CreditKey, string> = {
  id: 'c.id', trackId: 'c.track_id', artistName: 'c.artist_name', artistRelationTypeId: 'c.artist_relation_type_id', position: 'c.position',
};

/** The keys asked for, in the columns' own order (so one shape gives one statement text). */
function keysOf<K extends string>(columns: Record<K, string>, wanted: 'all' | readonly K[]): K[] {
  const all = Object.keys(columns) as K[];
  return wanted === 'all' ? all : all.filter((k) => wanted.includes(k));
}

/** json_build_object over the keys (at most 50 pairs each, PostgreSQL's limit, which these stay under) plus extra pairs. */
function jsonObject<K extends string>(columns: Record<K, string>, wanted: 'all' | readonly K[], extra: string[] = []): string {
  const pairs = keysOf(columns, wanted).map((k) => `'${k}', ${columns[k]}`);
  return `json_build_object(${[...pairs, ...extra].join(', ')})`;
}

/** A track's JSON; `ownCredits` adds its credits by a subquery (for reads of tracks without their release). */
function trackJson(include: ReleaseInclude, ownCredits = false): string {
  const extra = include.trackCredits && ownCredits
    ? [`'artistCredits', (SELECT COALESCE(json_agg(${jsonObject(CREDIT_COLUMNS, include.trackCredits)} ORDER BY c.artist_relation_type_id, c.position, c.id), '[]'::json)
        FROM artist_credits c WHERE c.track_id = t.id)`]
    : [];
  return jsonObject(TRACK_COLUMNS, include.tracks ?? ['id'], extra);
}

const ALL_CREDITS = 'allCredits';

/**
 * Hands out the credits read in one list per release: the release's own (position order) and each
 * track's (role, then position), as the include asked.
 */
function withCredits(releases: ReleaseView[], include: ReleaseInclude): ReleaseView[] {
  for (const release of releases) {
    const all = (release as ReleaseView & { [ALL_CREDITS]?: CreditView[] })[ALL_CREDITS];
    if (all === undefined) continue;
    delete (release as ReleaseView & { [ALL_CREDITS]?: CreditView[] })[ALL_CREDITS];
    if (include.credits) release.artistCredits = all.filter((c) => c.trackId === null);
    if (include.trackCredits && release.tracks) {
      const byTrack = new Map<string, CreditView[]>();
      for (const credit of all) {
        if (credit.trackId === null) continue;
        const list = byTrack.get(credit.trackId);
        if (list) list.push(credit);
        else byTrack.set(credit.trackId, [credit]);
      }
      for (const track of release.tracks) track.artistCredits = byTrack.get(track.id) ?? [];
    }
  }
  return releases;
}

/** The JSON of one release row `p` with the included parts. */
function releaseJson(include: ReleaseInclude): string {
  const parts: string[] = [];
  if (include.tracks || include.trackCredits) {
    parts.push(`'tracks', (SELECT COALESCE(json_agg(${trackJson(include)} ORDER BY t.position, t.id), '[]'::json) FROM tracks t WHERE t.release_id = p.id)`);
  } else if (include.trackCount) {
    parts.push(`'trackCount', (SELECT count(*)::int FROM tracks t WHERE t.release_id = p.id)`);
  }
  // All the credits a read needs, the release's and its tracks', come from one subquery per release
  // (one index scan instead of one per track); withCredits() hands them out.
  const trackCredits = Boolean(include.trackCredits);
  if (include.credits || trackCredits) {
    const keys = new Set<CreditKey>(['trackId']);
    for (const wanted of [include.credits, trackCredits ? include.trackCredits : undefined]) {
      if (wanted) for (const key of keysOf(CREDIT_COLUMNS, wanted)) keys.add(key);
    }
    const which = include.credits && trackCredits ? '' : include.credits ? ' AND c.track_id IS NULL' : ' AND c.track_id IS NOT NULL';
    parts.push(`'${ALL_CREDITS}', (SELECT COALESCE(json_agg(${jsonObject(CREDIT_COLUMNS, [...keys])}
        ORDER BY c.track_id NULLS FIRST, CASE WHEN c.track_id IS NULL THEN 0 ELSE c.artist_relation_type_id END, c.position, c.id), '[]'::json)
      FROM artist_credits c WHERE c.release_id = p.id${which})`);
  }
  if (include.outlets) {
    parts.push(`'outlets', (SELECT COALESCE(json_agg(json_build_object('id', d.id, 'uri', d.uri, 'name', d.name) ORDER BY d.id), '[]'::json)
      FROM release_dsps rd JOIN dsps d ON d.id = rd.dsp_id WHERE rd.release_id = p.id)`);
  }
  const wanted = include.release ?? 'all';
  return jsonObject(RELEASE_COLUMNS, wanted === 'all' ? wanted : [...RELEASE_BASE_KEYS, ...wanted], parts);
}

/**
 * Statement texts by their shape, so each distinct statement is built (and prepared) once. The
 * shapes come from the queries clients send, so they are capped: past the cap a new shape reads
 * everything (FULL_RELEASE), whose statements the cache keeps.
 */
const statements = new Map<string, string>();
const MAX_SHAPES = 200;
function statement(key: string, build: () => string, always = false): string | undefined {
  let text = statements.get(key);
  if (text === undefined) {
    if (!always && statements.size >= MAX_SHAPES) return undefined;
    text = build();
    statements.set(key, text);
  }
  return text;
}
const part = (p: 'all' | readonly string[] | undefined) => (p === undefined ? '-' : p === 'all' ? '*' : [...p].sort().join(','));
const includeKey = (i: ReleaseInclude) =>
  [part(i.release), part(i.tracks), part(i.trackCredits), part(i.credits), i.outlets ? 'o' : '', i.trackCount ? 'n' : ''].join('|');

/** The statement for a shape and the include it reads: the full shape's once the cache is full. */
function shaped(prefix: string, include: ReleaseInclude, build: (include: ReleaseInclude) => string): [string, ReleaseInclude] {
  const text = statement(`${prefix}:${includeKey(include)}`, () => build(include));
  if (text !== undefined) return [text, include];
  return [statement(`${prefix}:${includeKey(FULL_RELEASE)}`, () => build(FULL_RELEASE), true)!, FULL_RELEASE];
}

type Ctx = Pick<AppContext, 'sql' | 'viewer'>;

// ---- reads -------------------------------------------------------------------------------------

/** Releases of the viewer by id (owned, not deleted), in the order of `ids`; missing ones are left out. */
export async function readReleases(ctx: Ctx, ids: readonly string[], include: ReleaseInclude = FULL_RELEASE): Promise<ReleaseView[]> {
  const viewer = requireViewer(ctx);
  if (ids.length === 0) return [];
  const [text, read] = shaped('ids', include, (inc) =>
    `SELECT COALESCE(json_agg(${releaseJson(inc)}), '[]'::json) AS releases
     FROM releases p WHERE p.id = ANY($1::text[]) AND p.user_id = $2 AND p.status <> ${DELETED}`);
  const [row] = await ctx.sql.query<{ releases: ReleaseView[] }>(text, [ids, viewer.userId], { prepare: true });
  const byId = new Map(withCredits(row!.releases, read).map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One of the viewer's releases, or NOT_FOUND (another user's release answers the same). */
export async function readRelease(ctx: Ctx, id: string, include: ReleaseInclude = FULL_RELEASE): Promise<ReleaseView> {
  const [release] = await readReleases(ctx, [id], include);
  if (!release) throw releaseNotFound();
  return release;
}

export interface ReleasePageArgs {
  statuses?: readonly ReleaseStatus[] | null;
  /** How many, at most. */
  take: number;
  /** forward: the newest first, or those older than `cursorId`; backward: the oldest, or those just newer than it. */
  direction: 'forward' | 'backward';
  cursorId?: string | null;
  /** Also count every release the filter matches. */
  count?: boolean;
}

export interface ReleasePage {
  /** At most `take`, newest first. */
  releases: ReleaseView[];
  /** There are more beyond this page in the direction read (older forward, newer backward). */
  hasMore: boolean;
  totalCount: number | null;
}

/**
 * A page of the viewer's releases, newest first (ids are UUIDv7, so id order is creation order),
 * with the parts `include` asks for and, when asked, the total: one statement. It reads `take + 1`
 * rows to tell whether there is more.
 */
export async function readReleasePage(ctx: Ctx, args: ReleasePageArgs, include: ReleaseInclude): Promise<ReleasePage> {
  const viewer = requireViewer(ctx);
  const statuses = args.statuses?.filter((s) => s !== 'DELETED').map(statusNumber);
  const filtered = statuses !== undefined && args.statuses!.length > 0;
  const backward = args.direction === 'backward';
  const cursor = args.cursorId ?? null;
  const [text, read] = shaped(`page:${filtered ? 's' : ''}${backward ? 'b' : 'f'}${cursor ? 'c' : ''}${args.count ? 'n' : ''}`, include, (inc) => {
    const where = `r.user_id = $1 AND r.status <> ${DELETED}${filtered ? ' AND r.status = ANY($3::int[])' : ''}`;
    const keyset = cursor ? ` AND r.id ${backward ? '>' : '<'} $${filtered ? 4 : 3}` : '';
    const total = args.count ? `, (SELECT count(*)::int FROM releases r WHERE ${where}) AS total` : '';
    return `SELECT COALESCE(json_agg(${releaseJson(inc)} ORDER BY p.id DESC), '[]'::json) AS releases${total}
      FROM (SELECT * FROM releases r WHERE ${where}${keyset} ORDER BY r.id ${backward ? 'ASC' : 'DESC'} LIMIT $2) p`;
  });
  const params: unknown[] = [viewer.userId, args.take + 1];
  if (filtered) params.push(statuses);
  if (cursor) params.push(cursor);
  const [row] = await ctx.sql.query<{ releases: ReleaseView[]; total?: number }>(text, params, { prepare: true });
  const rows = withCredits(row!.releases, read);
  const hasMore = rows.length > args.take;
  // The extra row is the furthest from where the read started: the oldest forward, the newest backward.
  const releases = !hasMore ? rows : backward ? rows.slice(1) : rows.slice(0, args.take);
  return { releases, hasMore, totalCount: row!.total ?? null };
}

/** Tracks of the viewer by id (on releases not deleted), with their credits, in the order of `ids`. */
export async function readTracks(ctx: Ctx, ids: readonly string[]): Promise<TrackView[]> {
  const viewer = requireViewer(ctx);
  if (ids.length === 0) return [];
  const [text] = shaped('tracks', FULL_RELEASE, (inc) =>
    `SELECT COALESCE(json_agg(${trackJson(inc, true)}), '[]'::json) AS tracks
     FROM tracks t JOIN releases r ON r.id = t.release_id
     WHERE t.id = ANY($1::text[]) AND t.user_id = $2 AND r.status <> ${DELETED}`);
  const [row] = await ctx.sql.query<{ tracks: TrackView[] }>(text, [ids, viewer.userId], { prepare: true });
  const byId = new Map(row!.tracks.map((t) => [t.id, t]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Credits of the viewer by id, by position. */
export async function readCredits(ctx: Ctx, ids: readonly string[]): Promise<CreditView[]> {
  const viewer = requireViewer(ctx);
  if (ids.length === 0) return [];
  const [text] = shaped('credits', FULL_RELEASE, () =>
    `SELECT COALESCE(json_agg(${jsonObject(CREDIT_COLUMNS, 'all')} ORDER BY c.position, c.id), '[]'::json) AS credits
     FROM artist_credits c WHERE c.id = ANY($1::text[]) AND c.user_id = $2`);
  const [row] = await ctx.sql.query<{ credits: CreditView[] }>(text, [ids, viewer.userId], { prepare: true });
  return row!.credits;
}

