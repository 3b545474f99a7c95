/**
 * A sales import's matched lines summed while the report is read, at the finest grain any rollup or
 * the posting reads: owner, release, track, day, store and country. The landing adds these sums to
 * the rollups (sales-rollups.ts reads `line_count`) instead of reading the batch's lines back: a
 * report names far fewer groups than lines (a store's lines repeat a track, day and country for each
 * kind of use). Each sale line stores only what the report says of it and its group's id.
 *
 * Memory is bounded: once `limit` groups are held, the caller writes them out (`drain`, COPY text of
 * sales_import_groups) and starts again; a group may then have several rows (each numbered), which
 * the landing's GROUP BY adds up.
 */
import { copyLine } from '../../db/copy.ts';
import type { CatalogMatch } from './sales-match.ts';
import { unitsToDecimal } from './sales-posting.ts';
import { own, type SalesLine } from './sales-report.ts';

/** The columns `drain` writes, in order. */
export const GROUP_COLUMNS = [
  'id', 'import_batch_id', 'period', 'report_date', 'user_id', 'release_id', 'track_id', 'outlet_id', 'source_label', 'service_name', 'country_code',
  'artist_name', 'release_title', 'track_title', 'units', 'payable', 'line_count',
] as const;

/** A batch's sale lines and day sums are numbered within it: id = seq × 2^32 + number. */
const NUMBERS_PER_BATCH = 2n ** 32n;

/** The ids of a batch's sale lines and day sums: `from` <= id < `to`. */
export function batchKeys(seq: number): { from: bigint; to: bigint } {
  const from = BigInt(seq) * NUMBERS_PER_BATCH;
  return { from, to: from + NUMBERS_PER_BATCH };
}

/** Ids within a batch as text: plain numbers while they are exact (a batch seq under 2^21), BigInt past that. */
export function keyText(seq: number): (n: number) => string {
  const { from, to } = batchKeys(seq);
  if (to <= BigInt(Number.MAX_SAFE_INTEGER)) {
    const base = Number(from);
    return (n) => String(base + n);
  }
  return (n) => String(from + BigInt(n));
}

/** Groups held before they are written out: about 25 MB of keys and sums. */
const DEFAULT_GROUP_LIMIT = 50_000;

interface Group {
  id: string;
  match: CatalogMatch;
  reportDate: string;
  outletId: number | null;
  sourceLabel: string;
  serviceName: string;
  countryCode: string | null;
  artistName: string | null;
  releaseTitle: string | null;
  trackTitle: string | null;
  units: number;
  payableUnits: bigint;
  lineCount: number;
}

/** The greater of two names, as PostgreSQL's MAX takes them (nulls ignored). */
function greater(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return b > a ? b : a;
}

export class GroupSums {
  /**
   * Groups by match (owner, release, track), then by day, store label and country: the reader gives
   * lines one string per day, label and country (sales-parse.ts), so each level hashes it once.
   */
  private groups = new Map<CatalogMatch, Map<string, Map<string, Map<string, Group>>>>();
  private count = 0;
  /** Group rows numbered so far (their number in the batch). */
  private numbered = 0;
  private readonly key: (n: number) => string;
  /** Group rows written out so far (drained). */
  rowsWritten = 0;

  constructor(
    private readonly batchId: string,
    private readonly period: string,
    /** The batch's seq: the groups' ids are in its range (batchKeys). */
    seq: number,
    readonly limit = DEFAULT_GROUP_LIMIT,
  ) {
    this.key = keyText(seq);
  }

  get size(): number {
    return this.count;
  }

  /** Adds a matched line (with the catalogue's titles where it has none); gives its group's id. */
  add(line: SalesLine, match: CatalogMatch, names: { releaseTitle: string | null; trackTitle: string | null }): string {
    let byDay = this.groups.get(match);
    if (!byDay) {
      byDay = new Map();
      this.groups.set(match, byDay);
    }
    let byStore = byDay.get(line.reportDate);
    if (!byStore) {
      byStore = new Map();
      byDay.set(line.reportDate, byStore);
    }
    // The label decides the service and the outlet (storeOf), so it stands for both in the key.
    let byCountry = byStore.get(line.sourceLabel);
    if (!byCountry) {
      byCountry = new Map();
      byStore.set(line.sourceLabel, byCountry);
    }
    const country = line.countryCode ?? '';
    const g = byCountry.get(country);
    if (!g) {
      const id = this.key((this.numbered += 1));
      byCountry.set(country, {
        id, match, reportDate: line.reportDate, outletId: line.outletId, sourceLabel: own(line.sourceLabel), serviceName: line.serviceName, countryCode: line.countryCode,
        artistName: own(line.artistName), releaseTitle: own(names.releaseTitle), trackTitle: own(names.trackTitle),
        units: line.units, payableUnits: line.payableUnits, lineCount: 1,
      });
      this.count += 1;
      return id;
    }
    g.units += line.units;
    g.payableUnits += line.payableUnits;
    g.lineCount += 1;
    // Names seldom differ within a group: a copy is taken only when a greater one comes.
    if (line.artistName !== g.artistName && greater(g.artistName, line.artistName) !== g.artistName) g.artistName = own(line.artistName);
    if (names.releaseTitle !== g.releaseTitle && greater(g.releaseTitle, names.releaseTitle) !== g.releaseTitle) g.releaseTitle = own(names.releaseTitle);
    if (names.trackTitle !== g.trackTitle && greater(g.trackTitle, names.trackTitle) !== g.trackTitle) g.trackTitle = own(names.trackTitle);
    return g.id;
  }

  /** COPY text of the groups held (empty when none), which are forgotten. */
  drain(): string {
    let text = '';
    for (const byDay of this.groups.values()) {
      for (const g of [...byDay.values()].flatMap((byStore) => [...byStore.values()].flatMap((byCountry) => [...byCountry.values()]))) {
        text += copyLine([
          g.id, this.batchId, this.period, g.reportDate, g.match.userId, g.match.releaseId, g.match.trackId, g.outletId, g.sourceLabel, g.serviceName, g.countryCode,
          g.artistName, g.releaseTitle, g.trackTitle, g.units, unitsToDecimal(g.payableUnits), g.lineCount,
        ]);
      }
    }
    this.rowsWritten += this.count;
    this.groups = new Map();
    this.count = 0;
    return text;
  }
}
