/** The report reader: line numbers as people count them, whatever the parser's bursts. */
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { parseSalesReport, parseSalesReportBatches } from './sales-parse.ts';
import type { ParsedItem } from './sales-report.ts';

const OPTS = { period: '2025-01', source: 'test', today: '2026-01-01' };

async function read(text: string): Promise<ParsedItem[]> {
  const items: ParsedItem[] = [];
  for await (const item of parseSalesReport(Readable.from([Buffer.from(text)]), OPTS)) items.push(item);
  return items;
}

test('line numbers count empty lines, CRLF endings and line breaks inside quoted cells', async () => {
  const text = [
    'Sale Date,Store,ISRC,Track,Units,Amount,Currency',
    '2025-01-10,Spotify,QZABC2500001,Plain,1,0.10,USD',
    '',
    '2025-01-10,Spotify,QZABC2500001,"Two\nlines",1,0.10,USD',
    '2025-01-10,Spotify,QZABC2500001,"Three\r\nline\ncell",1,0.10,USD',
    '2025-01-10,Spotify,QZABC2500001,Bad,ten,0.10,USD',
    '2025-01-32,Spotify,QZABC2500001,Bad date,1,0.10,USD',
    '2025-01-31,Spotify,QZABC2500001,Last,1,0.10,USD',
  ].join('\r\n');
  const items = await read(text);
  expect(items.map((i) => ('line' in i ? `${i.line.lineNo} ${i.line.trackTitle}` : i.error.message))).toEqual([
    '2 Plain',
    '4 Two\nlines',
    '6 Three\r\nline\ncell',
    'Line 9: units "ten" is not a whole number',
    'Line 10: date "2025-01-32" is not a date (YYYY-MM-DD)',
    '11 Last',
  ]);
});

test('a report of thousands of distinct dates and stores reads each line right (bounded memos)', async () => {
  const lines = ['Sale Date,Store,ISRC,Units,Amount'];
  for (let i = 0; i < 12_000; i += 1) lines.push(`2025-01-${i % 2 ? '15' : '99'},Store ${i},QZABC2500001,1,0.01`);
  const items = await read(lines.join('\n'));
  expect(items).toHaveLength(12_000);
  expect(items.filter((i) => 'error' in i)).toHaveLength(6_000);
  const last = items[11_999]!;
  expect('line' in last && last.line).toMatchObject({ lineNo: 12_001, serviceName: 'Store 11999', reportDate: '2025-01-15' });
});

test('a character or a quoted cell split between two chunks of the stream is read whole', async () => {
  const text = Buffer.from(['Sale Date,Store,ISRC,Track,Units,Amount', '2025-01-10,Spotify,QZABC2500001,"夜明けの\nうた, live",1,0.10', '2025-01-11,Spotify,QZABC2500001,終わり,2,0.20'].join('\n'));
  // Every split point: inside the multi-byte characters, inside the quotes, across the line break.
  for (let at = 1; at < text.length; at += 1) {
    const items: ParsedItem[] = [];
    for await (const item of parseSalesReport(Readable.from([text.subarray(0, at), text.subarray(at)]), OPTS)) items.push(item);
    expect(items.map((i) => ('line' in i ? `${i.line.lineNo} ${i.line.trackTitle} ${i.line.units}` : i.error.message))).toEqual(['2 夜明けの\nうた, live 1', '4 終わり 2']);
  }
});

/** Every item of a report, read from `chunks` of its bytes, one way or the other. */
async function readBoth(chunks: Buffer[], plainLines: boolean): Promise<ParsedItem[] | string> {
  const items: ParsedItem[] = [];
  try {
    for await (const batch of parseSalesReportBatches(Readable.from(chunks), OPTS, { plainLines })) items.push(...batch);
  } catch (err) {
    return (err as Error).message;
  }
  return items;
}

test('lines cut from the bytes read the same as lines tokenized by Papa Parse, however the stream is split', async () => {
  const cellOf = fc.constantFrom('Spotify', 'Beyoncé', '夜明けのうた', '', ' padded ', 'QZABC2500001', 'qz-abc-25-00001', '2025-01-10', '2025-01-32', '7', 'ten', '0.10', '$1.5', 'USD', 'eur', 'US', 'usa', 'x\\y', 'tab\there', 'cr\rin', 'lf\nin', 'a"quote', '"quoted, cell"', '"two\nlines"');
  const report = fc.record({
    lines: fc.array(fc.oneof({ weight: 8, arbitrary: fc.array(cellOf, { minLength: 6, maxLength: 6 }) }, { weight: 1, arbitrary: fc.array(cellOf, { minLength: 0, maxLength: 7 }) }), { maxLength: 25 }),
    crlf: fc.boolean(),
    tabs: fc.boolean(),
    finalBreak: fc.boolean(),
    cuts: fc.array(fc.nat(), { maxLength: 6 }),
  });
  await fc.assert(
    fc.asyncProperty(report, async ({ lines, crlf, tabs, finalBreak, cuts }) => {
      const d = tabs ? '\t' : ',';
      const nl = crlf ? '\r\n' : '\n';
      const text = ['Sale Date,Store,ISRC,Track,Units,Amount'.replaceAll(',', d), ...lines.map((cells) => cells.join(d))].join(nl) + (finalBreak ? nl : '');
      const bytes = Buffer.from(text);
      const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
      const chunks = [0, ...at].map((from, i) => bytes.subarray(from, i < at.length ? at[i] : bytes.length)).filter((c) => c.length);
      const read = await readBoth(chunks, true);
      expect(read).toEqual(await readBoth(chunks, false));
      // The header is read whatever the first chunk holds.
      expect(typeof read === 'string' ? read : 'items').toBe('items');
    }),
    { numRuns: 400 },
  );
});

test('a line longer than a megabyte is read the same, in small chunks, and the lines after it too', async () => {
  const long = 'x'.repeat(1_500_000);
  const text = ['Sale Date,Store,ISRC,Track,Units,Amount', `2025-01-10,Spotify,QZABC2500001,${long},1,0.10`, '2025-01-11,Spotify,QZABC2500001,After,2,0.20', ''].join('\n');
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 16_384) chunks.push(bytes.subarray(at, at + 16_384));
  const read = await readBoth(chunks, true);
  expect(read).toEqual(await readBoth(chunks, false));
  expect(Array.isArray(read) && read.map((i) => ('line' in i ? `${i.line.lineNo} ${i.line.trackTitle?.length}` : i.error.message))).toEqual(['2 1500000', '3 5']);
});
