/**
 * Streaming reader of store sales reports (CSV or TSV, gzip or plain): yields each valid line as a
 * typed record and each bad line as an error with its line number. Never holds the file in memory.
 */
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import Papa from 'papaparse';
import { isDsrHeader, parseDsr } from './sales-dsr.ts';
import { FastLineReader } from './sales-fastline.ts';
import { amountUnits, KNOWN_CURRENCIES, MEMO_MAX, own, periodEnd, ReportFormatError, storeOf, validDate, type Field, type ParsedItem, type ParseOptions } from './sales-report.ts';


/** Header names stores use for each field (compared lower case, spaces/underscores ignored). */
const HEADER_ALIASES: Record<Field, readonly string[]> = {
  reportDate: ['reportdate', 'saledate', 'date', 'transactiondate', 'usagedate', 'startdate'],
  source: ['store', 'service', 'source', 'dsp', 'retailer', 'outlet', 'storename', 'servicename', 'reportingsource'],
  storeId: ['storeid', 'storetrackid', 'dspid', 'dspresourceid', 'externalid', 'storeidentifier'],
  isrc: ['isrc'],
  upc: ['upc', 'icpn', 'ean', 'barcode'],
  artist: ['artist', 'artistname', 'displayartistname'],
  release: ['release', 'releasetitle', 'album', 'albumtitle', 'product'],
  track: ['track', 'tracktitle', 'title', 'song', 'songtitle'],
  country: ['country', 'territory', 'countrycode', 'territorycode'],
  units: ['units', 'quantity', 'streams', 'usages', 'plays'],
  payable: ['payable', 'payableusd', 'amount', 'revenue', 'netrevenue', 'royalty', 'earnings'],
  currency: ['currency', 'currencycode'],
};
const REQUIRED: readonly Field[] = ['source', 'units', 'payable'];


/**
 * The columns a report's header names (each field's first column) and its width. Throws
 * ReportFormatError when a required column, or every kind of key, is missing.
 */
export function headerColumns(record: readonly string[], lineNo: number, opts: ParseOptions): { columns: Partial<Record<Field, number>>; width: number } {
  const columns: Partial<Record<Field, number>> = {};
  record.forEach((h, i) => {
    const key = headerKey(h);
    for (const [field, aliases] of Object.entries(HEADER_ALIASES) as [Field, readonly string[]][]) {
      if (aliases.includes(key) && columns[field] === undefined) columns[field] = i;
    }
  });
  const missing = REQUIRED.filter((f) => columns[f] === undefined && !(f === 'source' && opts.source));
  if (missing.length) throw new ReportFormatError(`The report's header has no ${missing.join(', ')} column (line ${lineNo})`);
  if (columns.isrc === undefined && columns.upc === undefined && columns.storeId === undefined) throw new ReportFormatError(`The report's header has no ISRC, UPC or store id column (line ${lineNo})`);
  return { columns, width: record.length };
}

function headerKey(h: string): string {
  return h.replace(/^\uFEFF/, '').trim().toLowerCase().replace(/[\s_\-.()]+/g, '');
}

/**
 * Reads the start of a stream and gives it back with a stream of the whole: at least `minBytes`
 * (or the whole stream when shorter), and then, with `wholeLine`, on until it holds a line break
 * (at most HEAD_MAX bytes): the first line decides the delimiter and the line ending, however
 * small the stream's first chunks are.
 */
async function peek(input: AsyncIterable<Buffer>, { minBytes = 2, wholeLine = false } = {}): Promise<{ head: Buffer | null; stream: Readable }> {
  const it = input[Symbol.asyncIterator]();
  const parts: Buffer[] = [];
  let size = 0;
  let lineBreak = false;
  while (!(size >= minBytes && (!wholeLine || lineBreak || size >= HEAD_MAX))) {
    const n = await it.next();
    if (n.done) break;
    const part = Buffer.from(n.value);
    parts.push(part);
    size += part.length;
    lineBreak ||= part.includes(LF_BYTE) || part.includes(CR_BYTE);
  }
  const head = parts.length ? Buffer.concat(parts) : null;
  async function* rest() {
    if (head) yield head;
    for (;;) {
      const n = await it.next();
      if (n.done) return;
      yield n.value;
    }
  }
  return { head, stream: Readable.from(rest(), { objectMode: false }) };
}

/** Bytes of one line the byte reader holds at most before it leaves the rest to Papa Parse. */
const CARRY_MAX = 1 << 20;

/** The most peek reads looking for the first line break. */
const HEAD_MAX = 1 << 20;

const QUOTE_BYTE = 0x22;
const LF_BYTE = 0x0a;
const CR_BYTE = 0x0d;

/** Parsed chunks a consumer may fall behind by before the input is paused (each at most PAPA_PIECE of text). */
const PAPA_QUEUE = 4;
/** Bytes Papa Parse is given at a time: it makes one burst of records of each (inPieces). */
const PAPA_PIECE = 64 * 1024;

/**
 * The stream in pieces of at most PAPA_PIECE bytes (views, not copies). The report arrives in bigger
 * pieces (gunzip's are 512 KB); Papa Parse's bursts and the PAPA_QUEUE ahead stay as small as before.
 */
function inPieces(input: Readable): Readable {
  return Readable.from(
    (async function* () {
      for await (const chunk of input as AsyncIterable<Buffer>) {
        for (let at = 0; at < chunk.length; at += PAPA_PIECE) yield chunk.subarray(at, at + PAPA_PIECE);
      }
    })(),
    { objectMode: false },
  );
}

/**
 * The records of a CSV/TSV text stream, in the bursts Papa Parse produces (one per input chunk), with
 * back-pressure: the input is paused while PAPA_QUEUE bursts wait. Papa's Node duplex pushes one
 * record at a time and stalls every 16 (a tenth of the speed), so its chunk callback is used.
 */
function papaBatches(input: Readable, config: Omit<Papa.ParseConfig<string[]>, 'chunk' | 'complete' | 'error' | 'step'>): AsyncGenerator<string[][]> {
  // Decoded as a stream: a character split between two chunks stays whole (Papa decodes each chunk alone).
  input.setEncoding('utf8');
  const queue: string[][][] = [];
  let finished = false;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const signal = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  Papa.parse<string[]>(input as unknown as Papa.LocalFile, {
    ...config,
    chunk: (results) => {
      queue.push(results.data);
      if (queue.length >= PAPA_QUEUE) input.pause();
      signal();
    },
    complete: () => {
      finished = true;
      signal();
    },
    error: (e: Error) => {
      failure = e;
      signal();
    },
  });
  return (async function* () {
    try {
      for (;;) {
        const rows = queue.shift();
        if (rows) {
          yield rows;
          continue;
        }
        if (failure) throw failure;
        if (finished) return;
        if (input.isPaused()) input.resume();
        await new Promise<void>((resolve) => (wake = resolve));
      }
    } finally {
      if (!finished) input.destroy();
    }
  })();
}

function isGzipError(e: Error & { code?: string }): boolean {
  return e.code === 'Z_BUF_ERROR' || e.code === 'Z_DATA_ERROR' || /unexpected end of file|incorrect header check/i.test(e.message);
}

/**
 * Reads a report stream: the first line is the header (tab-separated when it has tabs, else
 * comma-separated). Every following line gives a line or an error carrying its 1-based line number.
 */
export async function* parseSalesReport(input: Readable, opts: ParseOptions): AsyncGenerator<ParsedItem> {
  for await (const batch of parseSalesReportBatches(input, opts)) yield* batch;
}

/** DSR items are grouped this many at a time (CSV and TSV come in the parser's own bursts). */
const DSR_BATCH = 1000;

/**
 * The same items as parseSalesReport, in batches: whatever the CSV parser has ready is read at
 * once, so a report of millions of lines costs thousands of asynchronous steps, not millions.
 */
export async function* parseSalesReportBatches(
  input: Readable,
  opts: ParseOptions,
  {
    plainLines = true,
    takePlain,
  }: {
    /** `false` sends every line through Papa Parse (tests compare the two ways). */
    plainLines?: boolean;
    /**
     * Offered each plain line as the byte reader holds it (sales-fastline.ts, its values and cells):
     * true when the caller has taken it (then it is not yielded), false to have it yielded as usual.
     * The reader yields after each piece of the report it reads, also when every line was taken.
     */
    takePlain?: (reader: FastLineReader) => boolean;
  } = {},
): AsyncGenerator<ParsedItem[]> {
  let columns: Partial<Record<Field, number>> | null = null;
  let width = 0;
  try {
    const raw = await peek(input);
    let text: Readable = raw.stream;
    if (raw.head && raw.head.length >= 2 && raw.head[0] === 0x1f && raw.head[1] === 0x8b) {
      // Pieces of 512 KB (not zlib's 16 KB): fewer steps through the reader; the bench's import ran at
      // 37-41% of plain COPY with them against 33-38% with 64 KB ones (docs/decisions.md).
      const gunzip = createGunzip({ chunkSize: 512 * 1024 });
      raw.stream.on('error', (e) => gunzip.destroy(e));
      text = raw.stream.pipe(gunzip);
    }
    const body = await peek(text, { wholeLine: true });
    const firstLine = body.head?.toString('utf8').split(/\r?\n/, 1)[0] ?? '';
    if (isDsrHeader(firstLine)) {
      let batch: ParsedItem[] = [];
      for await (const item of parseDsr(body.stream, opts)) {
        batch.push(item);
        if (batch.length >= DSR_BATCH) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length) yield batch;
      return;
    }
    // Papa Parse tokenizes (about 3 times faster than csv-parse here: docs/decisions.md, sales). The line
    // ending is the first line's, given explicitly: Papa would guess it from its first chunk alone.
    // Line numbers are counted here: one per record, plus the line breaks inside quoted cells. Empty
    // lines come as [''] and are skipped.
    const head = body.head?.toString('utf8') ?? '';
    const lf = head.indexOf('\n');
    const newline = lf > 0 && head[lf - 1] === '\r' ? '\r\n' : lf === -1 && head.includes('\r') ? '\r' : '\n';
    const delimiter = firstLine.includes('\t') ? '\t' : ',';
    let nextLine = 1;
    const memo: LineMemo = { dates: new Map(), countries: new Map(), stores: new Map() };
    const reader: { fast: FastLineReader | null } = { fast: null };
    /** A tokenized record: the header, an empty line (skipped), or a line for readLine. */
    const take = (record: string[], lineNo: number, out: ParsedItem[]) => {
      if (record.length === 1 && record[0] === '') return;
      if (!columns) {
        ({ columns, width } = headerColumns(record, lineNo, opts));
        reader.fast = new FastLineReader({ delimiter, columns, width }, opts);
        return;
      }
      out.push(readLine(record, lineNo, width, columns, opts, memo));
    };
    // While the report has no quote (and, with CRLF endings, no bare LF), each line is one record:
    // it is cut from the bytes, and a plain line is read from them (sales-fastline.ts); any other is
    // split at its delimiters, which is how Papa Parse tokenizes a line without quotes. From the line
    // of the first quote on, the rest of the report goes through Papa Parse.
    try {
      let rest: Readable = body.stream;
      if (plainLines && newline !== '\r') {
        const chunks = body.stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
        let carry: Buffer | null = null;
        const line = (buf: Buffer, start: number, end: number, out: ParsedItem[]) => {
          const lineNo = nextLine;
          nextLine += 1;
          if (reader.fast?.read(buf, start, end, lineNo)) {
            if (!takePlain?.(reader.fast)) out.push({ line: reader.fast.salesLine() });
          } else take(buf.toString('utf8', start, end).split(delimiter), lineNo, out);
        };
        /**
         * Reads the complete lines of `buf` before its first quote (and, with CRLF endings, before a
         * bare LF): where it stopped, and whether the rest must go to Papa Parse.
         */
        const lines = (buf: Buffer, out: ParsedItem[]): { at: number; stop: boolean } => {
          const quote = buf.indexOf(QUOTE_BYTE);
          const limit = quote === -1 ? buf.length : quote;
          const cut = limit === 0 ? 0 : buf.lastIndexOf(LF_BYTE, limit - 1) + 1;
          let at = 0;
          while (at < cut) {
            const lineEnd = buf.indexOf(LF_BYTE, at);
            let end = lineEnd;
            if (newline === '\r\n') {
              // A bare LF is no line break there (Papa keeps it in the cell): Papa reads on from this line.
              if (buf[lineEnd - 1] !== CR_BYTE) return { at, stop: true };
              end -= 1;
            }
            line(buf, at, end, out);
            at = lineEnd + 1;
          }
          return { at, stop: quote !== -1 };
        };
        for (;;) {
          const next = await chunks.next();
          if (next.done) {
            // The last line, when the report does not end with a line break (no quote: it would have ended the loop).
            if (carry) {
              const out: ParsedItem[] = [];
              line(carry, 0, carry.length, out);
              carry = null;
              if (out.length) yield out;
            }
            break;
          }
          let buf: Buffer = next.value;
          const out: ParsedItem[] = [];
          if (carry) {
            // The line begun in the last piece is finished alone (its bytes joined to the start of
            // this piece's): the rest of the piece is read where it is, not copied.
            const lf = buf.indexOf(LF_BYTE);
            const head = Buffer.concat([carry, lf === -1 ? buf : buf.subarray(0, lf + 1)]);
            const read = lines(head, out);
            if (lf === -1 || read.stop || read.at < head.length) {
              carry = lf === -1 ? head.subarray(read.at) : Buffer.concat([head.subarray(read.at), buf.subarray(lf + 1)]);
              if (out.length || takePlain) yield out;
              if (read.stop || carry.length > CARRY_MAX) break;
              continue;
            }
            carry = null;
            buf = buf.subarray(lf + 1);
          }
          const read = lines(buf, out);
          if (out.length || takePlain) yield out;
          carry = read.at < buf.length ? buf.subarray(read.at) : null;
          // A line longer than CARRY_MAX goes to Papa Parse too: joining each chunk to it would copy it over and over.
          if (read.stop || (carry && carry.length > CARRY_MAX)) break;
        }
        const left = carry;
        rest = Readable.from(
          (async function* () {
            if (left) yield left;
            for (;;) {
              const n = await chunks.next();
              if (n.done) return;
              yield n.value;
            }
          })(),
          { objectMode: false },
        );
      }
      for await (const batch of papaBatches(inPieces(rest), { delimiter, newline, quoteChar: '"', escapeChar: '"' })) {
        const out: ParsedItem[] = [];
        for (const record of batch) {
          const lineNo = nextLine;
          nextLine += 1;
          for (const cell of record) for (let i = cell.indexOf('\n'); i !== -1; i = cell.indexOf('\n', i + 1)) nextLine += 1;
          take(record, lineNo, out);
        }
        if (out.length) yield out;
      }
    } finally {
      // The report's stream, also when the reader is left early (the import failed): its file is closed.
      body.stream.destroy();
    }
    if (!columns) throw new ReportFormatError('The report is empty');
  } catch (err) {
    if (err instanceof ReportFormatError) throw err;
    const e = err as Error & { code?: string };
    if (isGzipError(e)) throw new ReportFormatError(`The gzip file is damaged or truncated (${e.message})`);
    if (e.code?.startsWith('CSV_')) throw new ReportFormatError(`The report cannot be read: ${e.message}`);
    throw err;
  }
}

/**
 * What a report repeats on most lines (dates, countries, store labels), worked out once per report.
 * Lines share one string for each (the first seen), so what sums them by these keys hashes each once.
 */
interface LineMemo {
  /** A date's text as lines share it, or null when it is not a date. */
  dates: Map<string, string | null>;
  countries: Map<string, string>;
  stores: Map<string, ReturnType<typeof storeOf>>;
}

function lineError(lineNo: number, message: string): ParsedItem {
  return { error: { lineNo, message: `Line ${lineNo}: ${message}` } };
}

function cell(record: string[], columns: Partial<Record<Field, number>>, f: Field): string {
  const i = columns[f];
  return i === undefined ? '' : (record[i] ?? '').trim();
}

function readLine(record: string[], lineNo: number, width: number, columns: Partial<Record<Field, number>>, opts: ParseOptions, memo: LineMemo): ParsedItem {
  if (record.length !== width) return lineError(lineNo, `expected ${width} columns, found ${record.length}`);
  const sourceLabel = cell(record, columns, 'source') || opts.source;
  if (!sourceLabel) return lineError(lineNo, 'the store is empty');
  const unitsText = cell(record, columns, 'units');
  if (!/^\d{1,9}$/.test(unitsText)) return lineError(lineNo, `units "${unitsText}" is not a whole number`);
  const payableText = cell(record, columns, 'payable').replace(/^\$/, '');
  const payableUnits = amountUnits(payableText);
  if (payableUnits === undefined) return lineError(lineNo, `amount "${payableText}" is not a number with at most 8 decimals`);
  const currency = (cell(record, columns, 'currency') || 'USD').toUpperCase();
  if (!KNOWN_CURRENCIES.has(currency)) return lineError(lineNo, `unknown currency "${currency}"`);
  if (currency !== 'USD') return lineError(lineNo, `currency ${currency} is not accepted; reports are in USD`);
  const dateText = cell(record, columns, 'reportDate') || periodEnd(opts.period);
  let reportDate = memo.dates.get(dateText);
  if (reportDate === undefined) {
    reportDate = validDate(dateText) ? own(dateText) : null;
    if (memo.dates.size < MEMO_MAX) memo.dates.set(reportDate ?? own(dateText), reportDate);
  }
  if (reportDate === null) return lineError(lineNo, `date "${dateText}" is not a date (YYYY-MM-DD)`);
  if (reportDate > opts.today) return lineError(lineNo, `date ${reportDate} is in the future`);
  const countryText = cell(record, columns, 'country');
  let country = memo.countries.get(countryText);
  if (country === undefined) {
    country = own(countryText.toUpperCase());
    if (country && !/^[A-Z]{2}$/.test(country)) return lineError(lineNo, `country "${country}" is not a two-letter country code`);
    if (memo.countries.size < MEMO_MAX) memo.countries.set(own(countryText), country);
  }
  const isrcText = cell(record, columns, 'isrc').toUpperCase();
  const isrc = (isrcText.includes('-') ? isrcText.replace(/-/g, '') : isrcText) || null;
  const upc = cell(record, columns, 'upc') || null;
  const storeId = cell(record, columns, 'storeId') || null;
  if (!isrc && !upc && !storeId) return lineError(lineNo, 'no ISRC, UPC or store id');
  let store = memo.stores.get(sourceLabel);
  if (!store) {
    store = storeOf(sourceLabel);
    if (memo.stores.size < MEMO_MAX) memo.stores.set(sourceLabel, store);
  }
  return {
    line: {
      lineNo,
      reportDate,
      sourceLabel: store.sourceLabel,
      serviceName: store.serviceName,
      outletId: store.outletId,
      storeId,
      isrc,
      upc,
      artistName: cell(record, columns, 'artist') || null,
      releaseTitle: cell(record, columns, 'release') || null,
      trackTitle: cell(record, columns, 'track') || null,
      countryCode: country || null,
      units: Number(unitsText),
      payableUnits,
      payableText,
      currency,
    },
  };
}
