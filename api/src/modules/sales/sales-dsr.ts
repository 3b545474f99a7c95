/**
 * DDEX DSR flat files (the Digital Sales Report standard, multi-record-block profiles such as the
 * Basic Audio Profile): tab-separated records HEAD, summary records SYnn, blocks of RE (release),
 * AS (sound recording) and SU (sales/usage) records, then FOOT. Read as a stream, one record at a
 * time; only the summaries and the current block are held.
 *
 * Revenue in these profiles is reported per summary record (NetRevenue for one service, territory
 * and commercial model), not per usage line: each SU line gets the share of its summary's revenue
 * that its usages are of the summary's TotalUsages, in 1e-8 USD, cumulatively rounded down so the
 * lines of a summary add up to its NetRevenue exactly (docs/decisions.md).
 */
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { amountUnits, KNOWN_CURRENCIES, periodEnd, ReportFormatError, storeOf, validDate, type ParsedItem, type ParseOptions } from './sales-report.ts';

interface Summary {
  id: string;
  lineNo: number;
  channel: string;
  territory: string | null;
  currency: string;
  totalUsages: bigint;
  netUnits: bigint;
  /** Usages of the SU lines read so far, and the revenue they were given. */
  usagesSeen: bigint;
  unitsGiven: bigint;
}

interface Release {
  dspId: string;
  upc: string | null;
  title: string | null;
  artist: string | null;
}

interface Resource {
  dspId: string;
  isrc: string | null;
  title: string | null;
  artist: string | null;
}

const USAGES = /^\d{1,12}(\.0+)?$/;

/** A DSR date (YYYY, YYYY-MM or YYYY-MM-DD) as the last day it covers. */
function endOfDsrDate(text: string): string | null {
  if (/^\d{4}$/.test(text)) return `${text}-12-31`;
  if (/^\d{4}-(0[1-9]|1[0-2])$/.test(text)) return periodEnd(text);
  return validDate(text) ? text : null;
}

/** The first of a multi-valued cell (values separated by '|'). */
const first = (cell: string | undefined): string => (cell ?? '').split('|')[0]!.trim();

/** True when the stream's first line is a DSR header record. */
export function isDsrHeader(firstLine: string): boolean {
  return /^HEAD\t/.test(firstLine.replace(/^\uFEFF/, ''));
}

/**
 * Reads a DSR flat file (already gunzipped). Yields a sales line per SU record and a line error
 * per bad record; a file whose structure is broken (no HEAD, an SU pointing at an unknown summary,
 * usages that do not add up to a summary's TotalUsages, no FOOT) throws ReportFormatError, which
 * fails the whole batch with nothing posted.
 */
export async function* parseDsr(text: Readable, opts: ParseOptions): AsyncGenerator<ParsedItem> {
  const parser = parse({ delimiter: '\t', quote: false, relax_column_count: true, skip_empty_lines: true, info: true, bom: true });
  text.on('error', (e) => parser.destroy(e));
  text.pipe(parser);
  const summaries = new Map<string, Summary>();
  let blockId: string | null = null;
  let releases = new Map<string, Release>();
  let resources = new Map<string, Resource>();
  /** The block's head release (its RE01 record): the release a resource-level usage belongs to. */
  let headRelease: Release | undefined;
  let sender = '';
  let usageEnd = periodEnd(opts.period);
  let headSeen = false;
  let footSeen = false;
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    const lineNo = info.lines;
    const type = (record[0] ?? '').trim();
    if (type.startsWith('#')) continue; // a human-readable heading row (DSR Part 1, 6.6.17)
    const bad = (message: string): ParsedItem => ({ error: { lineNo, message: `Line ${lineNo}: ${message}` } });
    if (!headSeen) {
      if (type !== 'HEAD') throw new ReportFormatError(`The DSR file does not start with a HEAD record (line ${lineNo})`);
      headSeen = true;
      sender = (record[11] ?? '').trim() || (record[12] ?? '').trim();
      const end = (record[9] ?? '').trim();
      if (end) {
        const date = endOfDsrDate(end);
        if (!date) throw new ReportFormatError(`Line ${lineNo}: the HEAD record's UsageEndDate "${end}" is not a date`);
        usageEnd = date;
      }
      continue;
    }
    if (footSeen) throw new ReportFormatError(`Line ${lineNo}: a record after FOOT`);
    const kind = type.slice(0, 2);
    if (type === 'FOOT') {
      footSeen = true;
    } else if (kind === 'SY') {
      const summary = readSummary(record, lineNo, sender || opts.source);
      if (typeof summary === 'string') throw new ReportFormatError(`Line ${lineNo}: ${summary}`);
      if (summaries.has(summary.id)) throw new ReportFormatError(`Line ${lineNo}: summary record ${summary.id} appears twice`);
      summaries.set(summary.id, summary);
    } else if (kind === 'RE' || kind === 'AS' || kind === 'SU') {
      const block = (record[1] ?? '').trim();
      if (block !== blockId) {
        blockId = block;
        releases = new Map();
        resources = new Map();
        headRelease = undefined;
      }
      if (kind === 'RE') {
        const release = { dspId: (record[3] ?? '').trim(), upc: (record[6] ?? '').trim() || null, artist: (record[7] ?? '').trim() || null, title: (record[9] ?? '').trim() || null };
        releases.set((record[2] ?? '').trim(), release);
        if (type.startsWith('RE01') && !headRelease) headRelease = release;
      } else if (kind === 'AS') {
        resources.set((record[2] ?? '').trim(), { dspId: (record[3] ?? '').trim(), isrc: first(record[4]).toUpperCase().replace(/-/g, '') || null, title: (record[5] ?? '').trim() || null, artist: (record[7] ?? '').trim() || null });
      } else {
        yield usageLine(record, lineNo, type, summaries, { releases, resources, headRelease }, usageEnd, opts, bad);
      }
    }
    // Other record types (sub-releases, musical works, licensor data) carry nothing we import.
  }
  if (!headSeen) throw new ReportFormatError('The report is empty');
  if (!footSeen) throw new ReportFormatError('The DSR file ends without its FOOT record (truncated?)');
  for (const s of summaries.values()) {
    if (s.usagesSeen !== s.totalUsages) {
      throw new ReportFormatError(`Line ${s.lineNo}: summary record ${s.id} reports ${s.totalUsages} usages but its sales/usage records add up to ${s.usagesSeen}`);
    }
  }
}

/**
 * A summary record (SY01, SY02, SY03 share cells 1-9: type, id, distribution channel, its DPID,
 * commercial model, use type, territory, service description, total usages). The currency of
 * reporting is the first ISO 4217 cell after those and NetRevenue the cell after it.
 */
function readSummary(record: string[], lineNo: number, sender: string): Summary | string {
  const id = (record[1] ?? '').trim();
  if (!id) return 'a summary record without its SummaryRecordId';
  const totalText = (record[8] ?? '').trim();
  if (!USAGES.test(totalText)) return `summary record ${id}: TotalUsages "${totalText}" is not a whole number`;
  const at = record.findIndex((cell, i) => i > 8 && /^[A-Z]{3}$/.test(cell.trim()) && KNOWN_CURRENCIES.has(cell.trim()));
  if (at < 0) return `summary record ${id} (${record[0]}) has no currency of reporting`;
  const currency = record[at]!.trim();
  if (currency !== 'USD') return `summary record ${id}: currency ${currency} is not accepted; reports are in USD`;
  const netText = (record[at + 1] ?? '').trim();
  const netUnits = amountUnits(netText);
  if (netUnits === undefined) return `summary record ${id}: NetRevenue "${netText}" is not a number with at most 8 decimals`;
  const territory = (record[6] ?? '').trim().toUpperCase();
  if (territory && territory !== 'WORLDWIDE' && !/^[A-Z]{2}$/.test(territory)) return `summary record ${id}: territory "${territory}" is not a two-letter country code`;
  return {
    id,
    lineNo,
    channel: (record[2] ?? '').trim() || sender,
    territory: territory && territory !== 'WORLDWIDE' ? territory : null,
    currency,
    totalUsages: BigInt(totalText.split('.')[0]!),
    netUnits,
    usagesSeen: 0n,
    unitsGiven: 0n,
  };
}

function usageLine(
  record: string[],
  lineNo: number,
  type: string,
  summaries: Map<string, Summary>,
  block: { releases: Map<string, Release>; resources: Map<string, Resource>; headRelease: Release | undefined },
  reportDate: string,
  opts: ParseOptions,
  bad: (message: string) => ParsedItem,
): ParsedItem {
  const summaryId = (record[2] ?? '').trim();
  const summary = summaries.get(summaryId);
  if (!summary) throw new ReportFormatError(`Line ${lineNo}: ${type} points at summary record "${summaryId}", which the file does not have`);
  // SU01 (downloads): usages in cell 9; SU02 and later (streams): usages in cell 8.
  const usagesText = (type.startsWith('SU01') ? record[8] : record[7])?.trim() ?? '';
  if (!USAGES.test(usagesText)) return bad(`usages "${usagesText}" is not a whole number`);
  const usages = BigInt(usagesText.split('.')[0]!);
  const resource = block.resources.get((record[5] ?? '').trim());
  const release = block.releases.get((record[4] ?? '').trim()) ?? (resource ? block.headRelease : undefined);
  if (!release && !resource) return bad(`${type} names neither a release nor a resource of its block`);
  if (reportDate > opts.today) return bad(`date ${reportDate} is in the future`);
  if (usages > 999_999_999n) return bad(`usages ${usages} is more than one line can hold`);
  summary.usagesSeen += usages;
  if (summary.usagesSeen > summary.totalUsages) {
    throw new ReportFormatError(`Line ${lineNo}: the usages of summary record ${summary.id} exceed its TotalUsages (${summary.totalUsages})`);
  }
  // The revenue share of everything read so far, rounded down, less what earlier lines got.
  const upTo = summary.totalUsages === 0n ? 0n : (summary.netUnits * summary.usagesSeen) / summary.totalUsages;
  const payableUnits = upTo - summary.unitsGiven;
  summary.unitsGiven = upTo;
  return {
    line: {
      lineNo,
      reportDate,
      ...storeOf(summary.channel || opts.source),
      storeId: (resource ?? release)!.dspId || null,
      isrc: resource?.isrc ?? null,
      upc: release?.upc ?? null,
      artistName: resource?.artist ?? release?.artist ?? null,
      releaseTitle: release?.title ?? null,
      trackTitle: resource?.title ?? null,
      countryCode: summary.territory,
      units: Number(usages),
      payableUnits,
      currency: summary.currency,
    },
  };
}
