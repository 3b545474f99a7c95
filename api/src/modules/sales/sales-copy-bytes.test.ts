import { SaleCopyBytes } from './sales-copy-bytes.ts';
import { batchKeys } from './sales-groups.ts';
import type { FastLineReader } from './sales-fastline.ts';

/** A reader holding one line of cells (isrc, upc, store id, artist, release, track, units, payable), as FastLineReader gives it. */
function readerOf(cells: string[], lineNo: number): FastLineReader {
  const text = cells.join(',');
  const starts = new Int32Array(cells.length);
  const ends = new Int32Array(cells.length);
  let at = 0;
  cells.forEach((cell, i) => {
    starts[i] = at;
    ends[i] = at + Buffer.byteLength(cell);
    at = ends[i]! + 1;
  });
  const fields = ['isrc', 'upc', 'storeId', 'artist', 'release', 'track', 'units', 'payable'];
  return { buffer: Buffer.from(text), starts, ends, lineNo, lineStart: 0, lineEnd: text.length, column: (f: string) => fields.indexOf(f) } as unknown as FastLineReader;
}

test('rows carry the line number in the batch range as their id (also where its digits grow by one) and their cells as written, empty ones as null', () => {
  const seq = 2;
  const base = batchKeys(seq).from;
  // The ids of batch 2 pass 9,999,999,999 at this line number.
  const crossing = Number(10_000_000_000n - base);
  const numbers = [1, 2, 9, 10, 11, 99, 100, 101, 57, crossing - 2, crossing - 1, crossing, crossing + 1, 3];
  const writer = SaleCopyBytes.forBatch(seq, readerOf([], 0))!;
  for (const n of numbers) writer.line(readerOf(['QZ1', '', '', 'Nova', 'Night Drive', '', String(n), '0.5'], n), '77');
  const rows = Buffer.concat(writer.end()).toString().split('\n');
  expect(rows.pop()).toBe('');
  expect(rows.map((r) => r.split('\t')[0])).toEqual(numbers.map((n) => String(base + BigInt(n))));
  expect(rows[0]!.split('\t').slice(1)).toEqual(['77', 'QZ1', '\\N', '\\N', 'Nova', 'Night Drive', '\\N', '1', '0.5']);
});
