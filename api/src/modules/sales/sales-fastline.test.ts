/**
 * The byte reader of plain report lines against the general reader: whenever it takes a line, the
 * general reader gives that same line (every field, the payable's units and text); whatever it leaves
 * (false) the general reader still reads. Lines are drawn from cells that are right, nearly right and
 * wrong, so both sides of every rule are met.
 */
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { FastLineReader } from './sales-fastline.ts';
import { headerColumns, parseSalesReportBatches } from './sales-parse.ts';
import type { ParsedItem } from './sales-report.ts';

const OPTS = { period: '2025-06', source: 'Fallback Store', today: '2025-12-31' };

/** Each cell's values the byte reader takes, and values it leaves to the general reader (right or wrong there). */
const CELLS = {
  date: [['2025-06-01', '2025-06-30', '2024-02-29'], ['2025-02-29', '2025-13-01', '2026-01-01', '2025-6-1', '', ' 2025-06-02', '2025-06-0x']],
  store: [['Spotify', 'Apple Music', 'TikTok', 'Some Local Store', 'Ünïcode Store'], ['', ' Spotify', 'Spotify\u00a0', 'Deezer\u3000']],
  isrc: [['QZB000010001', 'USRC17607839', ''], ['qzb000010001', 'QZ-B00-00-10001', 'ÄB1234567890', 'QZB00001000 ']],
  upc: [['012345678905', '', '0888888000019'], [' 1']],
  storeId: [['sp:track:1', '', 'x\\y'], ['tab\u2028']],
  name: [['Bench Artist', 'Beyoncé', '夜明けのうた', '', 'back\\slash', 'Zero\u200bWidth'], [' padded', 'trailing ', 'ends in nbsp\u00a0']],
  country: [['US', 'GB', ''], ['us', 'Us', 'USA', 'U1', ' DE']],
  units: [['1', '0', '123456789', '007'], ['1234567890', '12a', '']],
  amount: [['0', '0.5', '1234567.12345678', '0.00000001'], ['12345678.1', '$1.00', '1.', '.5', '1.123456789', '', '99999999.99999999']],
  currency: [['USD', ''], ['usd', 'EUR', 'XXX', 'US']],
} as const;

/** A cell: mostly one the byte reader takes, so that whole lines of them are common. */
const cell = ([plain, other]: readonly [readonly string[], readonly string[]]) =>
  fc.oneof({ weight: 15, arbitrary: fc.constantFrom(...plain) }, { weight: 1, arbitrary: fc.constantFrom(...other) });
const record = fc.record({
  date: cell(CELLS.date), store: cell(CELLS.store), isrc: cell(CELLS.isrc), upc: cell(CELLS.upc), storeId: cell(CELLS.storeId),
  artist: cell(CELLS.name), release: cell(CELLS.name), track: cell(CELLS.name), country: cell(CELLS.country),
  units: cell(CELLS.units), amount: cell(CELLS.amount), currency: cell(CELLS.currency),
});
type Rec = typeof record extends fc.Arbitrary<infer R> ? R : never;

/** Two report shapes: every column as CSV, and a TSV without store, UPC, store id or currency columns. */
const LAYOUTS = [
  {
    delimiter: ',' as const,
    header: ['Sale Date', 'Store', 'ISRC', 'UPC', 'Store ID', 'Artist', 'Release', 'Track', 'Country', 'Units', 'Amount', 'Currency'],
    cells: (r: Rec) => [r.date, r.store, r.isrc, r.upc, r.storeId, r.artist, r.release, r.track, r.country, r.units, r.amount, r.currency],
  },
  {
    delimiter: '\t' as const,
    header: ['Units', 'Track', 'Territory', 'ISRC', 'Revenue', 'Date', 'Artist'],
    cells: (r: Rec) => [r.units, r.track, r.country, r.isrc, r.amount, r.date, r.artist],
  },
];

/** Every line through Papa Parse and the general line rules (the report reader's own byte path off). */
async function generalReader(text: string): Promise<ParsedItem[]> {
  const items: ParsedItem[] = [];
  for await (const batch of parseSalesReportBatches(Readable.from([Buffer.from(text)]), OPTS, { plainLines: false })) items.push(...batch);
  return items;
}

test('every line the byte reader takes, the general reader gives the same; the rest it still reads', async () => {
  let taken = 0;
  let left = 0;
  for (const layout of LAYOUTS) {
    await fc.assert(
      fc.asyncProperty(fc.array(record, { minLength: 1, maxLength: 30 }), async (records) => {
        const lines = records.map((r) => layout.cells(r).join(layout.delimiter));
        const text = [layout.header.join(layout.delimiter), ...lines].join('\n');
        const general = await generalReader(text);
        expect(general).toHaveLength(lines.length);
        const { columns, width } = headerColumns(layout.header, 1, OPTS);
        const reader = new FastLineReader({ delimiter: layout.delimiter, columns, width }, OPTS);
        const bytes = Buffer.from(text);
        let start = bytes.indexOf(0x0a) + 1;
        for (let i = 0; i < lines.length; i += 1) {
          const end = bytes.indexOf(0x0a, start) === -1 ? bytes.length : bytes.indexOf(0x0a, start);
          if (reader.read(bytes, start, end, i + 2)) {
            taken += 1;
            expect(general[i]).toEqual({ line: reader.salesLine() });
          } else left += 1;
          start = end + 1;
        }
      }),
      { numRuns: 300 },
    );
  }
  // Both sides were met many times.
  expect(taken).toBeGreaterThan(100);
  expect(left).toBeGreaterThan(100);
});

test('a plain line is read from its bytes: numbers, shared date and country, store by label', () => {
  const header = ['Sale Date', 'Store', 'ISRC', 'Country', 'Units', 'Amount'];
  const { columns, width } = headerColumns(header, 1, OPTS);
  const reader = new FastLineReader({ delimiter: ',', columns, width }, OPTS);
  const bytes = Buffer.from('2025-06-15,YouTube Music,QZB000010001,SE,42,1234567.00000001\n2025-06-15,Spotify,QZB000010002,SE,7,0.1');
  const cut = bytes.indexOf(0x0a);
  expect(reader.read(bytes, 0, cut, 2)).toBe(true);
  const first = reader.salesLine();
  expect(first).toMatchObject({ lineNo: 2, reportDate: '2025-06-15', serviceName: 'YouTube Music', isrc: 'QZB000010001', countryCode: 'SE', units: 42, payableUnits: 123456700000001n, payableText: '1234567.00000001', upc: null, storeId: null });
  expect(reader.read(bytes, cut + 1, bytes.length, 3)).toBe(true);
  expect(reader.salesLine()).toMatchObject({ lineNo: 3, serviceName: 'Spotify', units: 7, payableUnits: 10_000_000n });
  // Lines share one string per date and per country, as the general reader's do.
  expect(reader.salesLine().reportDate).toBe(first.reportDate);
  // Eight whole digits, a quote, a lower-case currency: left to the general reader.
  for (const line of ['2025-06-15,Spotify,QZB1,SE,1,12345678.5', '2025-06-15,"Spotify",QZB1,SE,1,1', '2025-06-15,Spotify,QZB1,se,1,1']) {
    const b = Buffer.from(line);
    expect(reader.read(b, 0, b.length, 4)).toBe(false);
  }
});
