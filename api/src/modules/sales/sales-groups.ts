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
  /** Payable in 1e-8 USD: a Number while the sum stays exact (below 2^53), the rest in `payableBig`. */
  payable: number;
  payableBig: bigint;
  lineCount: number;
}

/** The greater of two names, as PostgreSQL's MAX takes them (nulls ignored). */
function greater(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return b > a ? b : a;
}

/**
 * Pairs of day and store label numbered before the groups are written out: a group's key (pair ×
 * 1024 + country) stays a small integer, which a Map hashes without allocating.
 */
const DAY_LABELS_MAX = 1 << 19;

/** What a sale line says of its store (a SalesLine, or sales-report.ts `storeOf`). */
type SaleStore = Pick<SalesLine, 'sourceLabel' | 'serviceName' | 'outletId'>;

export class GroupSums {
  /**
   * Groups by match (owner, release, track), then by one number for day, store label and country:
   * each pair of day and label is numbered as it comes (lines share one string for each,
   * sales-parse.ts and sales-fastline.ts, so each is hashed once) and the country is its two letters.
   */
  private groups = new Map<CatalogMatch, Map<number, Group>>();
  private days = new Map<string, Map<string, number>>();
  private dayLabels = 0;
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

  /** Whether the groups should be written out (`drain`) before more are added. */
  get full(): boolean {
    return this.count >= this.limit || this.dayLabels >= DAY_LABELS_MAX;
  }

  /** Adds a matched line (with the catalogue's titles where it has none); gives its group's id. */
  add(line: SalesLine, match: CatalogMatch, names: { releaseTitle: string | null; trackTitle: string | null }): string {
    return this.addSale(match, line.reportDate, line, line.countryCode, line.artistName, names.releaseTitle, names.trackTitle, line.units, line.payableUnits);
  }

  /** Adds one matched sale from its values (`payable` in 1e-8 USD); gives its group's id. */
  addSale(
    match: CatalogMatch,
    reportDate: string,
    store: SaleStore,
    countryCode: string | null,
    artistName: string | null,
    releaseTitle: string | null,
    trackTitle: string | null,
    units: number,
    payable: number | bigint,
  ): string {
    let byKey = this.groups.get(match);
    if (!byKey) {
      byKey = new Map();
      this.groups.set(match, byKey);
    }
    let labels = this.days.get(reportDate);
    if (!labels) {
      labels = new Map();
      this.days.set(reportDate, labels);
    }
    // The label decides the service and the outlet (storeOf), so it stands for both in the key.
    let dayLabel = labels.get(store.sourceLabel);
    if (dayLabel === undefined) {
      dayLabel = this.dayLabels;
      this.dayLabels += 1;
      labels.set(store.sourceLabel, dayLabel);
    }
    // Two capital letters (A is 65): 1 to 858, 0 for none (every reader checks the code: sales-report.ts).
    let country = 0;
    if (countryCode !== null) {
      const c0 = countryCode.charCodeAt(0) - 64;
      const c1 = countryCode.charCodeAt(1) - 64;
      if (countryCode.length !== 2 || !(c0 >= 1 && c0 <= 26 && c1 >= 1 && c1 <= 26)) throw new Error(`Sales line with a country code that is not two capital letters: ${countryCode}`);
      country = c0 * 32 + c1;
    }
    const key = dayLabel * 1024 + country;
    const g = byKey.get(key);
    if (!g) {
      const id = this.key((this.numbered += 1));
      const big = typeof payable === 'bigint';
      byKey.set(key, {
        id, match, reportDate, outletId: store.outletId, sourceLabel: own(store.sourceLabel), serviceName: store.serviceName, countryCode,
        artistName: own(artistName), releaseTitle: own(releaseTitle), trackTitle: own(trackTitle),
        units, payable: big ? 0 : payable, payableBig: big ? payable : 0n, lineCount: 1,
      });
      this.count += 1;
      return id;
    }
    g.units += units;
    if (typeof payable === 'bigint') g.payableBig += payable;
    else {
      const sum = g.payable + payable;
      if (sum <= Number.MAX_SAFE_INTEGER) g.payable = sum;
      else {
        g.payableBig += BigInt(g.payable) + BigInt(payable);
        g.payable = 0;
      }
    }
    g.lineCount += 1;
    // Names seldom differ within a group: a copy is taken only when a greater one comes.
    if (artistName !== g.artistName && greater(g.artistName, artistName) !== g.artistName) g.artistName = own(artistName);
    if (releaseTitle !== g.releaseTitle && greater(g.releaseTitle, releaseTitle) !== g.releaseTitle) g.releaseTitle = own(releaseTitle);
    if (trackTitle !== g.trackTitle && greater(g.trackTitle, trackTitle) !== g.trackTitle) g.trackTitle = own(trackTitle);
    return g.id;
  }

  /** COPY text of the groups held (empty when none), which are forgotten. */
  drain(): string {
    let text = '';
    for (const byKey of this.groups.values()) {
      for (const g of byKey.values()) {
        text += copyLine([
          g.id, this.batchId, this.period, g.reportDate, g.match.userId, g.match.releaseId, g.match.trackId, g.outletId, g.sourceLabel, g.serviceName, g.countryCode,
          g.artistName, g.releaseTitle, g.trackTitle, g.units, unitsToDecimal(BigInt(g.payable) + g.payableBig), g.lineCount,
        ]);
      }
    }
    this.rowsWritten += this.count;
    this.groups = new Map();
    this.days = new Map();
    this.dayLabels = 0;
    this.count = 0;
    return text;
  }
}
