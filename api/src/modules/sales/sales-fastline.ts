/**
 * A sales report line read straight from its bytes, for the lines most reports are made of: no
 * quotes, no spaces around a cell, plain digits, a USD amount of at most 7 whole digits, a valid
 * date, a two-letter country or none, an ISRC of capital letters and digits. Such a line gives the
 * same SalesLine as the general reader (sales-parse.ts `readLine`, through Papa Parse) without a
 * string per cell: the cells stay byte ranges of the report's buffer, numbers are read digit by
 * digit, and what repeats (dates, countries, store labels) is looked up by a number. Any other line
 * is left to the general reader (`read` answers false), which gives its line or its error.
 *
 * The report reader (sales-parse.ts) uses it for the lines of a report before its first quote;
 * sales-fastline.test.ts checks it against the general reader line by line, and sales-parse.test.ts
 * whole reports read both ways.
 */
import { isUtf8 } from 'node:buffer';
import { MEMO_MAX, storeOf, validDate, type Field, type ParseOptions, type SalesLine } from './sales-report.ts';

/** Cells of a record, by the report's column number: [start, end) byte offsets. */
const TAB = 0x09;
const COMMA = 0x2c;
const QUOTE = 0x22;
const DOT = 0x2e;
const DASH = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;
const BACKSLASH = 0x5c;

/** Whether the code point starting at `i` (UTF-8) is one String.prototype.trim removes. */
function spaceAt(b: Uint8Array, i: number, end: number): boolean {
  const c = b[i]!;
  if (c < 0x80) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  const c1 = i + 1 < end ? b[i + 1]! : 0;
  const c2 = i + 2 < end ? b[i + 2]! : 0;
  switch (c) {
    case 0xc2: // U+00A0
      return c1 === 0xa0;
    case 0xe1: // U+1680
      return c1 === 0x9a && c2 === 0x80;
    case 0xe2: // U+2000-200A, U+2028, U+2029, U+202F, U+205F
      return (c1 === 0x80 && ((c2 >= 0x80 && c2 <= 0x8a) || c2 === 0xa8 || c2 === 0xa9 || c2 === 0xaf)) || (c1 === 0x81 && c2 === 0x9f);
    case 0xe3: // U+3000
      return c1 === 0x80 && c2 === 0x80;
    case 0xef: // U+FEFF
      return c1 === 0xbb && c2 === 0xbf;
    default:
      return false;
  }
}

/** Whether a non-empty cell begins or ends with a character trim() would remove. */
function padded(b: Uint8Array, start: number, end: number): boolean {
  if (spaceAt(b, start, end)) return true;
  let last = end - 1;
  // Back to the first byte of the last character (over UTF-8 continuation bytes).
  while (last > start && (b[last]! & 0xc0) === 0x80) last -= 1;
  return spaceAt(b, last, end);
}

/** Whether a column's cell is empty (or the report has no such column: -1). */
function emptyCell(starts: Int32Array, ends: Int32Array, column: number): boolean {
  return column < 0 || starts[column] === ends[column];
}

/** A number of 1 to `max` ASCII digits, or -1. */
function digits(b: Uint8Array, start: number, end: number, max: number): number {
  const n = end - start;
  if (n < 1 || n > max) return -1;
  let v = 0;
  for (let i = start; i < end; i += 1) {
    const d = b[i]! - ZERO;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v;
}

/** Store labels told apart by their bytes (sales reports name a few stores, or one). */
const STORE_BYTES_MAX = 32;

const SCALE = [1e8, 1e7, 1e6, 1e5, 1e4, 1e3, 1e2, 10, 1];

export class FastLineReader {
  private readonly delimiter: number;
  private readonly width: number;
  private readonly at: Record<Field, number>;
  /** The record's cells, as byte offsets (filled by `read`). */
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  private buf: Buffer = Buffer.alloc(0);
  /**
   * Each column's last text and where its bytes were (a buffer and a range in it, held until the
   * column's next new text): names and labels repeat line after line, so most are not decoded again.
   */
  private readonly lastBuf: (Buffer | null)[];
  private readonly lastStart: Int32Array;
  private readonly lastEnd: Int32Array;
  private readonly lastText: string[];
  /** Dates by their 8 digits (yyyymmdd): the date as lines share it, or null (not a date, or after today). */
  private readonly dates = new Map<number, string | null>();
  private readonly countries = new Map<number, string>();
  /** Store labels by their text. */
  private readonly stores = new Map<string, ReturnType<typeof storeOf>>();
  /** The first STORE_BYTES_MAX labels by their bytes: lines of a few stores take turns, and are told apart without decoding. */
  private readonly storeBytes: { bytes: Buffer; store: ReturnType<typeof storeOf> }[] = [];

  // The line `read` last accepted.
  /** Its bytes: `buffer` from `lineStart` to `lineEnd` (its cells are `starts` and `ends`). */
  lineStart = 0;
  lineEnd = 0;
  /** Whether its cells go into COPY text as they are: no backslash, tab, or other control character. */
  copyPlain = false;
  lineNo = 0;
  units = 0;
  /** Payable in 1e-8 USD, exact (under 10^15). */
  payableUnits = 0;
  reportDate = '';
  countryCode: string | null = null;
  store: ReturnType<typeof storeOf> = storeOf('');

  constructor(
    layout: { delimiter: ',' | '\t'; columns: Partial<Record<Field, number>>; width: number },
    private readonly opts: ParseOptions,
  ) {
    this.delimiter = layout.delimiter === '\t' ? TAB : COMMA;
    this.width = layout.width;
    const col = (f: Field) => layout.columns[f] ?? -1;
    this.at = {
      reportDate: col('reportDate'), source: col('source'), storeId: col('storeId'), isrc: col('isrc'), upc: col('upc'), artist: col('artist'),
      release: col('release'), track: col('track'), country: col('country'), units: col('units'), payable: col('payable'), currency: col('currency'),
    };
    this.starts = new Int32Array(this.width);
    this.ends = new Int32Array(this.width);
    this.lastBuf = Array.from({ length: this.width }, () => null);
    this.lastStart = new Int32Array(this.width);
    this.lastEnd = new Int32Array(this.width);
    this.lastText = Array.from({ length: this.width }, () => '');
  }

  /** The text of column `i`'s cell (UTF-8), the same string as the line before when its bytes are the same. */
  private cellText(i: number): string {
    const b = this.buf;
    const start = this.starts[i]!;
    const end = this.ends[i]!;
    const last = this.lastBuf[i];
    if (last) {
      const from = this.lastStart[i]!;
      if (this.lastEnd[i]! - from === end - start) {
        let k = 0;
        while (k < end - start && last[from + k] === b[start + k]) k += 1;
        if (k === end - start) return this.lastText[i]!;
      }
    }
    const text = b.toString('utf8', start, end);
    this.lastBuf[i] = b;
    this.lastStart[i] = start;
    this.lastEnd[i] = end;
    this.lastText[i] = text;
    return text;
  }

  /**
   * Reads the record in `b` from `start` to `end` (its line break excluded). True when it is a
   * line this reader takes, its values then in this object's fields (and `text`); false when the
   * general reader must read it (an error or an unusual line).
   */
  read(b: Buffer, start: number, end: number, lineNo: number): boolean {
    const { width, delimiter, starts, ends } = this;
    let cell = 0;
    let from = start;
    let ascii = true;
    let special = false;
    for (let i = start; i < end; i += 1) {
      const c = b[i]!;
      if (c === delimiter) {
        if (cell === width - 1) return false;
        starts[cell] = from;
        ends[cell] = i;
        cell += 1;
        from = i + 1;
      } else if (c === QUOTE) return false;
      else if (c >= 0x80) ascii = false;
      else if (c < 0x20 || c === BACKSLASH) special = true;
    }
    if (cell !== width - 1) return false;
    starts[cell] = from;
    ends[cell] = end;
    // Papa Parse decodes the text: invalid UTF-8 would become U+FFFD there, so such a line is left to it.
    if (!ascii && !isUtf8(b.subarray(start, end))) return false;
    for (let k = 0; k < width; k += 1) {
      const s = starts[k]!;
      const e = ends[k]!;
      // Most cells begin and end with a printable ASCII character, which trim() keeps: no call for them.
      if (s === e || (b[s]! > 0x20 && b[s]! < 0x80 && b[e - 1]! > 0x20 && b[e - 1]! < 0x80)) continue;
      if (padded(b, s, e)) return false;
    }
    this.buf = b;
    const at = this.at;

    // The store: its column's label, or the --source option when the report has no such column.
    if (at.source >= 0) {
      if (emptyCell(starts, ends, at.source)) return false;
      this.store = this.storeAt(b, starts[at.source]!, ends[at.source]!);
    } else {
      if (!this.opts.source) return false;
      if (this.store.sourceLabel !== this.opts.source) this.store = storeOf(this.opts.source);
    }

    const units = digits(b, starts[at.units]!, ends[at.units]!, 9);
    if (units < 0) return false;

    // The amount: 1 to 7 whole digits, then optionally a dot and 1 to 8 decimals.
    const ps = starts[at.payable]!;
    const pe = ends[at.payable]!;
    let dot = -1;
    for (let i = ps; i < pe; i += 1) {
      if (b[i] === DOT) {
        dot = i;
        break;
      }
    }
    const whole = digits(b, ps, dot < 0 ? pe : dot, 7);
    if (whole < 0) return false;
    let frac = 0;
    if (dot >= 0) {
      frac = digits(b, dot + 1, pe, 8);
      if (frac < 0) return false;
    }
    this.payableUnits = whole * 100_000_000 + (dot < 0 ? 0 : frac * SCALE[pe - dot - 1]!);

    if (!emptyCell(starts, ends, at.currency)) {
      const cs = starts[at.currency]!;
      if (ends[at.currency]! - cs !== 3 || b[cs] !== 0x55 || b[cs + 1] !== 0x53 || b[cs + 2] !== 0x44) return false; // "USD"
    }

    // The date: yyyy-mm-dd, valid and not after today (looked up by its 8 digits).
    if (emptyCell(starts, ends, at.reportDate)) return false;
    const ds = starts[at.reportDate]!;
    if (ends[at.reportDate]! - ds !== 10 || b[ds + 4] !== DASH || b[ds + 7] !== DASH) return false;
    const y = digits(b, ds, ds + 4, 4);
    const m = digits(b, ds + 5, ds + 7, 2);
    const d = digits(b, ds + 8, ds + 10, 2);
    if (y < 0 || m < 0 || d < 0) return false;
    const key = y * 10_000 + m * 100 + d;
    let date = this.dates.get(key);
    if (date === undefined) {
      const text = b.toString('latin1', ds, ds + 10);
      date = validDate(text) && text <= this.opts.today ? text : null;
      if (this.dates.size < MEMO_MAX) this.dates.set(key, date);
    }
    if (date === null) return false;
    this.reportDate = date;

    // The country: two capital letters, or none.
    if (emptyCell(starts, ends, at.country)) this.countryCode = null;
    else {
      const cs = starts[at.country]!;
      const c0 = b[cs]!;
      const c1 = b[cs + 1]!;
      if (ends[at.country]! - cs !== 2 || c0 < 0x41 || c0 > 0x5a || c1 < 0x41 || c1 > 0x5a) return false;
      const code = c0 * 256 + c1;
      let country = this.countries.get(code);
      if (country === undefined) {
        country = String.fromCharCode(c0, c1);
        this.countries.set(code, country);
      }
      this.countryCode = country;
    }

    // The ISRC: capital letters and digits only (the general reader upper-cases it and drops dashes).
    if (!emptyCell(starts, ends, at.isrc)) {
      for (let i = starts[at.isrc]!; i < ends[at.isrc]!; i += 1) {
        const c = b[i]!;
        if (!((c >= ZERO && c <= NINE) || (c >= 0x41 && c <= 0x5a))) return false;
      }
    } else if (emptyCell(starts, ends, at.upc) && emptyCell(starts, ends, at.storeId)) return false;

    this.lineNo = lineNo;
    this.units = units;
    this.lineStart = start;
    this.lineEnd = end;
    this.copyPlain = !special;
    return true;
  }

  get buffer(): Buffer {
    return this.buf;
  }

  /** The store of a label's bytes. */
  private storeAt(b: Buffer, start: number, end: number): ReturnType<typeof storeOf> {
    const n = end - start;
    const known = this.storeBytes;
    for (let k = 0; k < known.length; k += 1) {
      const bytes = known[k]!.bytes;
      if (bytes.length !== n) continue;
      let i = 0;
      while (i < n && bytes[i] === b[start + i]) i += 1;
      if (i === n) return known[k]!.store;
    }
    const label = b.toString('utf8', start, end);
    let store = this.stores.get(label);
    if (!store) {
      store = storeOf(label);
      if (this.stores.size < MEMO_MAX) this.stores.set(label, store);
    }
    if (known.length < STORE_BYTES_MAX) known.push({ bytes: Buffer.from(b.subarray(start, end)), store });
    return store;
  }

  /** The report's column of a field, or -1 when it has none. */
  column(f: Field): number {
    return this.at[f];
  }

  /** A text field of the line `read` last accepted, or null when its cell is empty (decoded: for keys seen first, and the review list). */
  text(f: Exclude<Field, 'units' | 'payable' | 'reportDate' | 'country' | 'source' | 'currency'>): string | null {
    return this.textAt(this.at[f]);
  }

  /** `text` of a column (`column(f)`), for a caller that looks the column up once rather than every line. */
  textAt(column: number): string | null {
    if (column < 0 || this.starts[column] === this.ends[column]) return null;
    return this.cellText(column);
  }

  /** The line `read` last accepted, as the general reader gives it (its payable text as written). */
  salesLine(): SalesLine {
    const at = this.at;
    return {
      lineNo: this.lineNo,
      reportDate: this.reportDate,
      sourceLabel: this.store.sourceLabel,
      serviceName: this.store.serviceName,
      outletId: this.store.outletId,
      storeId: this.text('storeId'),
      isrc: this.text('isrc'),
      upc: this.text('upc'),
      artistName: this.text('artist'),
      releaseTitle: this.text('release'),
      trackTitle: this.text('track'),
      countryCode: this.countryCode,
      units: this.units,
      payableUnits: BigInt(this.payableUnits),
      payableText: this.buf.toString('latin1', this.starts[at.payable]!, this.ends[at.payable]!),
      currency: 'USD',
    };
  }
}
