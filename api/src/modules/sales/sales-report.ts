/**
 * What every sales report reader yields (CSV/TSV in sales-parse.ts, DDEX DSR in sales-dsr.ts), and
 * the number and date rules they share.
 */
import { serviceForLabel } from './sales-names.ts';

/** The fields a report's header can name (sales-parse.ts `HEADER_ALIASES`). */
export type Field = 'reportDate' | 'source' | 'storeId' | 'isrc' | 'upc' | 'artist' | 'release' | 'track' | 'country' | 'units' | 'payable' | 'currency';

export interface SalesLine {
  lineNo: number;
  reportDate: string;
  sourceLabel: string;
  serviceName: string;
  outletId: number | null;
  storeId: string | null;
  isrc: string | null;
  upc: string | null;
  artistName: string | null;
  releaseTitle: string | null;
  trackTitle: string | null;
  countryCode: string | null;
  units: number;
  /** Payable in 1e-8 USD (Decimal(20,8) units). */
  payableUnits: bigint;
  /** The report's own text of the payable (a plain decimal, checked), written as it is; absent when computed (DSR revenue shares). */
  payableText?: string;
  currency: string;
}

export interface SalesLineError {
  lineNo: number;
  message: string;
}

export type ParsedItem = { line: SalesLine } | { error: SalesLineError };

/** A report that cannot be read at all (no header, missing required column, broken gzip). */
export class ReportFormatError extends Error {}

export interface ParseOptions {
  /** YYYY-MM reporting month; lines without a date are dated its last day. */
  period: string;
  /** Label used when the report has no store column (the --source option). */
  source: string;
  /** Today's date (YYYY-MM-DD): lines dated after it are refused. */
  today: string;
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

/** A store's label as the report gives it, with the friendly service name and outlet it maps to. */
export function storeOf(sourceLabel: string): Pick<SalesLine, 'sourceLabel' | 'serviceName' | 'outletId'> {
  const service = serviceForLabel(sourceLabel);
  return { sourceLabel, serviceName: service?.service ?? sourceLabel, outletId: service?.outletId ?? null };
}

/** Entries each reader's memo (dates, countries, store labels) keeps at most, so a report of all-different values still reads in flat memory. */
export const MEMO_MAX = 10_000;

/** ISO 4217 codes (what a report's currency cell must hold). */
export const KNOWN_CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));
const AMOUNT = /^\d{1,12}(\.\d{1,8})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Amount text to 1e-8 units, or undefined when it is not a plain non-negative decimal. */
export function amountUnits(text: string): bigint | undefined {
  if (!AMOUNT.test(text)) return undefined;
  const dot = text.indexOf('.');
  const whole = dot === -1 ? text : text.slice(0, dot);
  const frac = dot === -1 ? '00000000' : text.slice(dot + 1).padEnd(8, '0');
  // Up to 7 whole digits the units stay below 2^53, where a number is an exact integer: one BigInt
  // instead of four (a report has millions of amounts).
  if (whole.length <= 7) return BigInt(Number(whole) * 100_000_000 + Number(frac));
  return BigInt(whole) * 100_000_000n + BigInt(frac);
}

/** Last calendar day of a YYYY-MM period. */
export function periodEnd(period: string): string {
  const [y, m] = period.split('-').map(Number);
  return new Date(Date.UTC(y!, m!, 0)).toISOString().slice(0, 10);
}

/** True for a real calendar date written YYYY-MM-DD. */
export function validDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}
