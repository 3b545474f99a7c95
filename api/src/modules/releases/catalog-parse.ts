/**
 * Reads a catalogue (issue 23) into plain releases: a DDEX ERN NewReleaseMessage (4.3 after XSD
 * validation; 3.8.2 checked for well-formedness and its required elements, as no 3.8.2 schema ships
 * here) parsed with fast-xml-parser, or a CSV sheet (one row per track) parsed with csv-parse.
 * Problems are collected per row or per release with their line numbers; nothing is written here.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { toIsoDate } from '@cadence/domain/date-string';
import { normalizeIsrc } from '@cadence/domain/isrc';
import { duplicateCodes, normalizeTransferUpc, validateTransferIsrc, validateTransferUpc } from '@cadence/domain/transfer';
import { ernSchemaErrors } from '../../integrations/ddex/ern-schema.ts';

export type CatalogFormat = 'ERN43' | 'ERN382' | 'CSV';

export interface CatalogArtist {
  name: string;
  /** 'PRIMARY' | 'FEATURED' | 'COMPOSER' | 'LYRICIST' | 'PRODUCER' | 'REMIXER'. */
  role: string;
}

export interface AltTitle {
  languageAndScript: string;
  title: string;
}

export interface CatalogTrack {
  isrc: string;
  title: string;
  altTitles: AltTitle[];
  artists: CatalogArtist[];
  explicit: boolean;
  /** The audio file's name in the zip or among the files uploaded beside the catalogue. */
  audioFile: string | null;
  line: number | null;
}

export interface CatalogRelease {
  upc: string;
  title: string;
  altTitles: AltTitle[];
  releaseDate: string | null;
  originalReleaseDate: string | null;
  genre: string | null;
  labelName: string | null;
  artists: CatalogArtist[];
  coverFile: string | null;
  tracks: CatalogTrack[];
  line: number | null;
}

export interface CatalogProblem {
  line: number | null;
  /** The release's UPC when the problem is about one release. */
  release: string | null;
  field: string | null;
  message: string;
}

export interface ParsedCatalog {
  format: CatalogFormat;
  releases: CatalogRelease[];
  /** Problems that refuse one release (the others still import). */
  problems: CatalogProblem[];
}

/** A catalogue that cannot be read at all (bad XML, schema errors, wrong CSV columns): nothing is imported. */
export class CatalogUnreadable extends Error {
  constructor(readonly problems: CatalogProblem[]) {
    super(problems[0]?.message ?? 'The catalogue cannot be read');
  }
}

const problem = (message: string, extra: Partial<CatalogProblem> = {}): CatalogProblem => ({ line: null, release: null, field: null, message, ...extra });

const ROLE_FROM_DDEX: Record<string, string> = {
  MainArtist: 'PRIMARY',
  FeaturedArtist: 'FEATURED',
  Composer: 'COMPOSER',
  Lyricist: 'LYRICIST',
  Producer: 'PRODUCER',
  Remixer: 'REMIXER',
};

/** Checks codes, duplicate ISRCs in the whole file and needed fields; a release with a problem is dropped whole. */
function screenReleases(releases: CatalogRelease[]): { releases: CatalogRelease[]; problems: CatalogProblem[] } {
  const problems: CatalogProblem[] = [];
  const allIsrcs = releases.flatMap((r) => r.tracks.map((t) => normalizeIsrc(t.isrc) ?? t.isrc));
  const dupIsrcs = new Set(duplicateCodes(allIsrcs));
  const dupUpcs = new Set(duplicateCodes(releases.map((r) => normalizeTransferUpc(r.upc) ?? r.upc)));
  const ok: CatalogRelease[] = [];
  for (const r of releases) {
    const mine: CatalogProblem[] = [];
    const upcError = validateTransferUpc(r.upc);
    if (upcError) mine.push(problem(`UPC ${r.upc || '(empty)'}: ${upcError.message}`, { line: r.line, release: r.upc, field: 'upc' }));
    else if (dupUpcs.has(normalizeTransferUpc(r.upc) as string)) mine.push(problem(`UPC ${r.upc} is given to two releases in this file`, { line: r.line, release: r.upc, field: 'upc' }));
    if (!r.title.trim()) mine.push(problem('The release title is missing', { line: r.line, release: r.upc, field: 'releaseTitle' }));
    if (r.tracks.length === 0) mine.push(problem('The release has no tracks', { line: r.line, release: r.upc, field: 'tracks' }));
    for (const t of r.tracks) {
      const e = validateTransferIsrc(t.isrc);
      if (e) mine.push(problem(`ISRC ${t.isrc || '(empty)'}: ${e.message}`, { line: t.line, release: r.upc, field: 'isrc' }));
      else if (dupIsrcs.has(normalizeIsrc(t.isrc) as string)) mine.push(problem(`ISRC ${t.isrc} appears twice in this file`, { line: t.line, release: r.upc, field: 'isrc' }));
      if (!t.title.trim()) mine.push(problem('The track title is missing', { line: t.line, release: r.upc, field: 'trackTitle' }));
      if (t.audioFile !== null && /(^|[\\/])\.\.([\\/]|$)|^[\\/]/.test(t.audioFile)) mine.push(problem(`Audio file name '${t.audioFile}' must not contain a path`, { line: t.line, release: r.upc, field: 'audioFile' }));
    }
    if (mine.length) problems.push(...mine);
    else ok.push({ ...r, upc: normalizeTransferUpc(r.upc) as string, tracks: r.tracks.map((t) => ({ ...t, isrc: normalizeIsrc(t.isrc) as string })) });
  }
  return { releases: ok, problems };
}

// ---- CSV -------------------------------------------------------------------------------------------

/** The sheet's columns (one row per track); the header must name exactly these, in any order. */
export const CATALOG_CSV_COLUMNS = [
  'upc',
  'release_title',
  'release_date',
  'original_release_date',
  'isrc',
  'track_title',
  'artists',
  'genre',
  'explicit',
  'audio_file',
] as const;

/** 'Name (role); Name 2 (featured)' -> artists; a name without a role is the primary artist. */
export function parseArtistsCell(cell: string): CatalogArtist[] | null {
  const out: CatalogArtist[] = [];
  for (const part of cell.split(';').map((p) => p.trim()).filter(Boolean)) {
    const m = /^(.*?)\s*(?:\(([^)]+)\))?$/.exec(part);
    const name = m?.[1]?.trim() ?? '';
    const role = (m?.[2] ?? 'primary').trim().toUpperCase();
    if (!name || !['PRIMARY', 'FEATURED', 'COMPOSER', 'LYRICIST', 'PRODUCER', 'REMIXER'].includes(role)) return null;
    out.push({ name: name.slice(0, 50), role });
  }
  return out;
}

/** Reads the CSV sheet; rows with the same UPC form one release, in file order. */
export function parseCatalogCsv(text: string): ParsedCatalog {
  let rows: string[][];
  try {
    rows = parseCsv(text.replace(/^\uFEFF/, ''), { relax_column_count: false, skip_empty_lines: true, trim: true, max_record_size: 64 * 1024 }) as string[][];
  } catch (err) {
    const line = (err as { lines?: number }).lines ?? null;
    throw new CatalogUnreadable([problem(`The CSV cannot be read: ${(err as Error).message}`, { line })]);
  }
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase().replace(/[\s-]+/g, '_'));
  const missing = CATALOG_CSV_COLUMNS.filter((c) => !header.includes(c));
  const unknown = header.filter((h) => !(CATALOG_CSV_COLUMNS as readonly string[]).includes(h));
  if (missing.length || unknown.length) {
    throw new CatalogUnreadable([
      problem(
        `Wrong CSV columns: the header must be ${CATALOG_CSV_COLUMNS.join(',')}${missing.length ? `; missing ${missing.join(', ')}` : ''}${unknown.length ? `; unknown ${unknown.join(', ')}` : ''}`,
        { line: 1, field: 'header' },
      ),
    ]);
  }
  const col = Object.fromEntries(CATALOG_CSV_COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<(typeof CATALOG_CSV_COLUMNS)[number], number>;
  const byUpc = new Map<string, CatalogRelease>();
  const problems: CatalogProblem[] = [];
  const bad = new Set<string>();
  rows.slice(1).forEach((row, i) => {
    const line = i + 2;
    const get = (c: (typeof CATALOG_CSV_COLUMNS)[number]) => row[col[c]] ?? '';
    const upc = get('upc');
    const key = normalizeTransferUpc(upc) ?? upc;
    const rowProblems: CatalogProblem[] = [];
    const releaseDate = get('release_date') ? toIsoDate(get('release_date')) : null;
    const originalReleaseDate = get('original_release_date') ? toIsoDate(get('original_release_date')) : null;
    if (get('release_date') && !releaseDate) rowProblems.push(problem(`release_date '${get('release_date')}' is not a date`, { line, release: upc, field: 'release_date' }));
    if (get('original_release_date') && !originalReleaseDate) rowProblems.push(problem(`original_release_date '${get('original_release_date')}' is not a date`, { line, release: upc, field: 'original_release_date' }));
    const artists = parseArtistsCell(get('artists'));
    if (!artists || artists.length === 0) rowProblems.push(problem("artists must read 'Name (role); Name (role)' with roles primary, featured, composer, lyricist, producer or remixer", { line, release: upc, field: 'artists' }));
    const explicit = get('explicit').toLowerCase();
    if (!['', 'yes', 'no', 'true', 'false', '1', '0'].includes(explicit)) rowProblems.push(problem(`explicit must be yes or no (got '${get('explicit')}')`, { line, release: upc, field: 'explicit' }));
    if (rowProblems.length) {
      problems.push(...rowProblems);
      bad.add(key);
      return;
    }
    let release = byUpc.get(key);
    if (!release) {
      release = {
        upc,
        title: get('release_title'),
        altTitles: [],
        releaseDate,
        originalReleaseDate,
        genre: get('genre') || null,
        labelName: null,
        artists: (artists ?? []).filter((a) => a.role === 'PRIMARY'),
        coverFile: null,
        tracks: [],
        line,
      };
      byUpc.set(key, release);
    }
    release.tracks.push({ isrc: get('isrc'), title: get('track_title'), altTitles: [], artists: artists ?? [], explicit: ['yes', 'true', '1'].includes(explicit), audioFile: get('audio_file') || null, line });
  });
  const kept = [...byUpc.entries()].filter(([k, r]) => {
    if (!bad.has(k)) return true;
    problems.push(problem(`Release ${r.upc} is not imported because of the errors in its rows`, { line: r.line, release: r.upc }));
    return false;
  });
  const screened = screenReleases(kept.map(([, r]) => r));
  return { format: 'CSV', releases: screened.releases, problems: [...problems, ...screened.problems] };
}

// ---- DDEX ERN -----------------------------------------------------------------------------------

type Node = Record<string, unknown>;
const ARRAYS = new Set([
  'Party', 'PartyName', 'SoundRecording', 'Image', 'Release', 'TrackRelease', 'DisplayTitle', 'DisplayArtist', 'DisplayArtistName', 'ResourceGroup',
  'ResourceGroupContentItem', 'Genre', 'Title', 'SoundRecordingDetailsByTerritory', 'ReleaseDetailsByTerritory', 'ReleaseResourceReference', 'Deal', 'ReleaseDeal',
  'ImageDetailsByTerritory', 'TechnicalSoundRecordingDetails', 'TechnicalImageDetails', 'LabelName', 'DealReleaseReference', 'DeliveryFile', 'ReleaseId', 'SoundRecordingId', 'ResourceId',
]);

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => ARRAYS.has(name),
});

const arr = (v: unknown): Node[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]) as Node[];
const text = (v: unknown): string => {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && '#text' in v) return String((v as Node)['#text']);
  if (Array.isArray(v)) return text(v[0]);
  return '';
};
const get = (n: unknown, ...path: string[]): unknown => path.reduce<unknown>((cur, k) => (Array.isArray(cur) ? (cur[0] as Node | undefined)?.[k] : (cur as Node | undefined)?.[k]), n);

/** Line of the n-th occurrence of a tag, so problems point into the file. */
function lineFinder(source: string) {
  const cache = new Map<string, number[]>();
  return (tag: string, index: number): number | null => {
    let lines = cache.get(tag);
    if (!lines) {
      lines = [];
      const re = new RegExp(`<(?:\\w+:)?${tag}[\\s>]`, 'g');
      for (let m = re.exec(source); m; m = re.exec(source)) lines.push(source.slice(0, m.index).split('\n').length);
      cache.set(tag, lines);
    }
    return lines[index] ?? null;
  };
}

function titles43(n: Node): { title: string; altTitles: AltTitle[] } {
  const all = arr(n.DisplayTitle);
  const def = all.find((d) => d['@IsDefault'] === 'true') ?? all[0];
  const title = text(n.DisplayTitleText) || text(get(def, 'TitleText'));
  const altTitles = all
    .filter((d) => d !== def && d['@LanguageAndScriptCode'])
    .map((d) => ({ languageAndScript: String(d['@LanguageAndScriptCode']), title: text(d.TitleText) }))
    .filter((a) => a.title && a.title !== title);
  return { title, altTitles };
}

function artists43(n: Node, parties: Map<string, string>): CatalogArtist[] {
  return arr(n.DisplayArtist)
    .map((a) => ({ name: parties.get(text(a.ArtistPartyReference)) ?? '', role: ROLE_FROM_DDEX[text(a.DisplayArtistRole)] ?? 'PRIMARY' }))
    .filter((a) => a.name)
    .map((a) => ({ ...a, name: a.name.slice(0, 50) }));
}

function groupRefs(groups: Node[]): string[] {
  const sorted = (xs: Node[]) => [...xs].sort((a, b) => Number(text(a.SequenceNumber) || 0) - Number(text(b.SequenceNumber) || 0));
  return sorted(groups).flatMap((g) => [
    ...sorted(arr(g.ResourceGroupContentItem)).map((i) => text(i.ReleaseResourceReference)),
    ...groupRefs(arr(g.ResourceGroup)),
  ]);
}

function parseErn43(doc: Node, source: string): CatalogRelease[] {
  const line = lineFinder(source);
  const parties = new Map<string, string>();
  for (const p of arr(get(doc, 'PartyList', 'Party'))) {
    const names = arr(p.PartyName);
    const def = names.find((n) => !n['@LanguageAndScriptCode']) ?? names[0];
    parties.set(text(p.PartyReference), text(get(def, 'FullName')));
  }
  const resources = new Map<string, { isrc: string; title: string; altTitles: AltTitle[]; artists: CatalogArtist[]; explicit: boolean; file: string | null; index: number }>();
  arr(get(doc, 'ResourceList', 'SoundRecording')).forEach((s, index) => {
    const edition = get(s, 'SoundRecordingEdition') as Node | undefined;
    const isrc = text(get(edition ?? s, 'ResourceId', 'ISRC'));
    const file = text(get(edition, 'TechnicalDetails', 'DeliveryFile', 'File', 'URI')) || null;
    resources.set(text(s.ResourceReference), { isrc, ...titles43(s), artists: artists43(s, parties), explicit: text(s.ParentalWarningType) === 'Explicit', file, index });
  });
  const images = new Map<string, string | null>(arr(get(doc, 'ResourceList', 'Image')).map((im) => [text(im.ResourceReference), text(get(im, 'TechnicalDetails', 'File', 'URI')) || null]));
  const startDate = text(get(doc, 'DealList', 'ReleaseDeal', 'Deal', 'DealTerms', 'ValidityPeriod', 'StartDate')) || null;
  return arr(get(doc, 'ReleaseList', 'Release')).map((r, index) => {
    const refs = groupRefs(arr(r.ResourceGroup));
    const cover = arr(r.ResourceGroup).map((g) => text(g.LinkedReleaseResourceReference)).find((ref) => images.has(ref));
    return {
      upc: text(get(r, 'ReleaseId', 'ICPN')),
      ...titles43(r),
      releaseDate: toIsoDate(text(r.ReleaseDate) || startDate),
      originalReleaseDate: toIsoDate(text(r.OriginalReleaseDate)),
      genre: text(get(r, 'Genre', 'GenreText')) || null,
      labelName: parties.get(text(r.ReleaseLabelReference)) ?? null,
      artists: artists43(r, parties),
      coverFile: cover ? (images.get(cover) ?? null) : null,
      line: line('Release', index),
      tracks: refs
        .map((ref) => resources.get(ref))
        .filter((t) => t !== undefined)
        .map((t) => ({ isrc: t.isrc, title: t.title, altTitles: t.altTitles, artists: t.artists, explicit: t.explicit, audioFile: t.file, line: line('SoundRecording', t.index) })),
    };
  });
}

/** ERN 3.8.2: the elements the import needs, checked by hand (no 3.8.2 XSD ships with Cadence). */
function parseErn382(doc: Node, source: string): CatalogRelease[] {
  const line = lineFinder(source);
  const missing: CatalogProblem[] = [];
  for (const p of ['MessageHeader', 'ResourceList', 'ReleaseList']) if (!doc[p]) missing.push(problem(`ERN 3.8.2: the required element ${p} is missing`, { field: p }));
  if (missing.length) throw new CatalogUnreadable(missing);
  const resources = new Map<string, { isrc: string; title: string; artists: CatalogArtist[]; explicit: boolean; file: string | null; index: number }>();
  arr(get(doc, 'ResourceList', 'SoundRecording')).forEach((s, index) => {
    const details = arr(s.SoundRecordingDetailsByTerritory)[0] ?? {};
    const artists = arr(details.DisplayArtist)
      .map((a) => ({ name: text(get(a, 'PartyName', 'FullName')).slice(0, 50), role: ROLE_FROM_DDEX[text(a.ArtistRole)] ?? 'PRIMARY' }))
      .filter((a) => a.name);
    const file = text(get(details, 'TechnicalSoundRecordingDetails', 'File', 'FileName')) || null;
    resources.set(text(s.ResourceReference), {
      isrc: text(get(s, 'SoundRecordingId', 'ISRC')),
      title: text(get(s, 'ReferenceTitle', 'TitleText')),
      artists,
      explicit: text(details.ParentalWarningType) === 'Explicit',
      file,
      index,
    });
  });
  const images = new Map<string, string | null>(
    arr(get(doc, 'ResourceList', 'Image')).map((im) => [text(im.ResourceReference), text(get(arr(im.ImageDetailsByTerritory)[0], 'TechnicalImageDetails', 'File', 'FileName')) || null]),
  );
  return arr(get(doc, 'ReleaseList', 'Release'))
    .map((r, index) => ({ r, index }))
    .filter(({ r }) => text(r.ReleaseType) !== 'TrackRelease' && text(get(r, 'ReleaseId', 'ICPN')) !== '')
    .map(({ r, index }) => {
      const details = arr(r.ReleaseDetailsByTerritory)[0] ?? {};
      const refs = arr(get(r, 'ReleaseResourceReferenceList', 'ReleaseResourceReference')).map((x) => text(x));
      const cover = refs.find((ref) => images.has(ref));
      return {
        upc: text(get(r, 'ReleaseId', 'ICPN')),
        title: text(get(r, 'ReferenceTitle', 'TitleText')),
        altTitles: [],
        releaseDate: toIsoDate(text(details.ReleaseDate)),
        originalReleaseDate: toIsoDate(text(r.GlobalOriginalReleaseDate) || text(details.OriginalReleaseDate)),
        genre: text(get(details, 'Genre', 'GenreText')) || null,
        labelName: text(details.LabelName) || null,
        artists: [{ name: text(details.DisplayArtistName).slice(0, 50), role: 'PRIMARY' }].filter((a) => a.name),
        coverFile: cover ? (images.get(cover) ?? null) : null,
        line: line('Release', index),
        tracks: refs
          .map((ref) => resources.get(ref))
          .filter((t) => t !== undefined)
          .map((t) => ({ isrc: t.isrc, title: t.title, altTitles: [], artists: t.artists, explicit: t.explicit, audioFile: t.file, line: line('SoundRecording', t.index) })),
      };
    });
}

/** Reads a DDEX ERN NewReleaseMessage (4.3 or 3.8.2). */
export async function parseErn(source: string): Promise<ParsedCatalog> {
  const wellFormed = XMLValidator.validate(source);
  if (wellFormed !== true) {
    throw new CatalogUnreadable([problem(`The XML is malformed: ${wellFormed.err.msg}`, { line: wellFormed.err.line })]);
  }
  const root = /<(?:(\w+):)?NewReleaseMessage\b[^>]*>/.exec(source);
  const ns = root ? /xmlns(?::\w+)?="http:\/\/ddex\.net\/xml\/ern\/(\d+)"/.exec(root[0])?.[1] : undefined;
  if (!root || (ns !== '43' && ns !== '382')) {
    throw new CatalogUnreadable([problem('Only DDEX ERN 4.3 and 3.8.2 NewReleaseMessage files can be imported', { line: 1 })]);
  }
  if (ns === '43') {
    const errors = await ernSchemaErrors(source);
    if (errors.length) {
      throw new CatalogUnreadable(errors.slice(0, 50).map((e) => problem(`Schema: ${e.message}`, { line: e.line })));
    }
  }
  const doc = (xml.parse(source) as Node).NewReleaseMessage as Node;
  const releases = ns === '43' ? parseErn43(doc, source) : parseErn382(doc, source);
  const screened = screenReleases(releases);
  return { format: ns === '43' ? 'ERN43' : 'ERN382', releases: screened.releases, problems: screened.problems };
}
