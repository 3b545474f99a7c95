/** The report reader: line numbers as people count them, whatever the parser's bursts. */
import { Readable } from 'node:stream';
import { parseSalesReport } from './sales-parse.ts';
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
