/**
 * A sales import's matched lines summed while the report is read, at the finest grain any rollup or
 * the posting reads: owner, release, track, day, outlet, service and country. The landing adds these
 * sums to the rollups (sales-rollups.ts reads `line_count`) instead of reading the batch's lines
 * back: a report names far fewer groups than lines (a store's lines repeat a track, day and country
 * for each kind of use), and the sale lines need no index to be found again.
 *
 * Memory is bounded: once `limit` groups are held, the caller writes them out (`drain`, COPY text of
 * sales_import_groups) and starts again; a group may then have several rows, which the landing's
 * GROUP BY adds up.
 */
import { copyLine } from '../../db/copy.ts';
import type { CatalogMatch } from './sales-match.ts';
import { unitsToDecimal } from './sales-posting.ts';
import type { SalesLine } from './sales-report.ts';

/** The columns `drain` writes, in order. */
export const GROUP_COLUMNS = [
  'import_batch_id', 'period', 'report_date', 'user_id', 'release_id', 'track_id', 'outlet_id', 'service_name', 'country_code',
  'artist_name', 'release_title', 'track_title', 'units', 'payable', 'line_count',
] as const;

/** Groups held before they are written out: about 25 MB of keys and sums. */
const DEFAULT_GROUP_LIMIT = 50_000;

interface Group {
  match: CatalogMatch;
  reportDate: string;
  outletId: number | null;
  serviceName: string;
  countryCode: string | null;
  artistName: string | null;
  releaseTitle: string | null;
  trackTitle: string | null;
  units: number;
  payableUnits: bigint;
  lineCount: number;
}

/**
 * A copy of a text that does not keep the text it was cut from alive: a parser's cell may be a
 * slice of its whole input chunk, which anything held past the chunk would keep in memory.
 */
export function own(text: string): string;
export function own(text: string | null): string | null;
export function own(text: string | null): string | null {
  return text === null ? null : Buffer.from(text, 'utf8').toString('utf8');
}

/** The greater of two names, as PostgreSQL's MAX takes them (nulls ignored). */
function greater(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return b > a ? b : a;
}

export class GroupSums {
  /** Groups by match (owner, release, track), then by day, store label and country. */
  private groups = new Map<CatalogMatch, Map<string, Group>>();
  private count = 0;
  /** Group rows written out so far (drained). */
  rowsWritten = 0;

  constructor(
    private readonly batchId: string,
    private readonly period: string,
    readonly limit = DEFAULT_GROUP_LIMIT,
  ) {}

  get size(): number {
    return this.count;
  }

  /** Adds a matched line (its names as the sale line stores them). */
  add(line: SalesLine, match: CatalogMatch, names: { releaseTitle: string | null; trackTitle: string | null }): void {
    let byLine = this.groups.get(match);
    if (!byLine) {
      byLine = new Map();
      this.groups.set(match, byLine);
    }
    // The label decides the service and the outlet (storeOf), so it stands for both in the key.
    const key = `${line.reportDate}\t${line.sourceLabel}\t${line.countryCode ?? ''}`;
    const g = byLine.get(key);
    if (!g) {
      byLine.set(key, {
        match, reportDate: line.reportDate, outletId: line.outletId, serviceName: line.serviceName, countryCode: line.countryCode,
        artistName: own(line.artistName), releaseTitle: own(names.releaseTitle), trackTitle: own(names.trackTitle),
        units: line.units, payableUnits: line.payableUnits, lineCount: 1,
      });
      this.count += 1;
      return;
    }
    g.units += line.units;
    g.payableUnits += line.payableUnits;
    g.lineCount += 1;
    // Names seldom differ within a group: a copy is taken only when a greater one comes.
    if (line.artistName !== g.artistName && greater(g.artistName, line.artistName) !== g.artistName) g.artistName = own(line.artistName);
    if (names.releaseTitle !== g.releaseTitle && greater(g.releaseTitle, names.releaseTitle) !== g.releaseTitle) g.releaseTitle = own(names.releaseTitle);
    if (names.trackTitle !== g.trackTitle && greater(g.trackTitle, names.trackTitle) !== g.trackTitle) g.trackTitle = own(names.trackTitle);
  }

  /** COPY text of the groups held (empty when none), which are forgotten. */
  drain(): string {
    let text = '';
    for (const byLine of this.groups.values()) {
      for (const g of byLine.values()) {
        text += copyLine([
          this.batchId, this.period, g.reportDate, g.match.userId, g.match.releaseId, g.match.trackId, g.outletId, g.serviceName, g.countryCode,
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
