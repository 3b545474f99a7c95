/**
 * DDEX DSR flat files (Basic Audio Profile, multi-record blocks) through the same reader as CSV:
 * lines per SU record, each summary's NetRevenue shared by usages to the 1e-8 unit, and structural
 * faults that fail the report.
 */
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { parseSalesReport } from './sales-parse.ts';
import { ReportFormatError, type ParsedItem, type SalesLine } from './sales-report.ts';

const OPTS = { period: '2025-01', source: 'fallback', today: '2025-06-30' };
const row = (...cells: (string | number)[]) => cells.join('\t');

const HEAD = row('HEAD', 'dsrf/basic-audio/1.4', 'BasicAudioProfile', '1.4', 'MSG-1', '2025-02-03T10:00:00Z', 1, 1, '2025-01-01', '2025-01-31', 'PADPIDA2011072101T', 'Spotify', 'Premium', 'PADPIDA0000000001X', 'Cadence');
/** SY01.03: id, channel, DPID, model, use type, territory, service, total usages, subscribers, currency, net revenue. */
const sy = (id: string, territory: string, total: number, net: string, channel = '') => row('SY01.03', id, channel, '', 'SubscriptionModel', 'OnDemandStream', territory, 'Premium', total, '', 'USD', net);
const re = (block: string, upc: string) => row('RE01.03', block, 'R1', `dsp-rel-${block}`, '', '', upc, 'Nova Lane', '', 'Night Drive', '', 'Album');
const as = (block: string, ref: string, isrc: string, title: string) => row('AS02.04', block, ref, `dsp-res-${block}-${ref}`, isrc, title, '', 'Nova Lane', '', 'PT3M10S', 'SoundRecording');
const su = (block: string, summary: string, txn: string, resource: string, streams: number | string) => row('SU02.03', block, summary, txn, '', resource, 'true', streams, '', '', 'OnDemandStream');
const FOOT = row('FOOT', 0, 0, 0);

async function read(text: string | Buffer): Promise<ParsedItem[]> {
  const items: ParsedItem[] = [];
  for await (const item of parseSalesReport(Readable.from([Buffer.from(text)]), OPTS)) items.push(item);
  return items;
}
const lines = (items: ParsedItem[]) => items.flatMap((i) => ('line' in i ? [i.line] : []));

test('a Basic Audio Profile report gives a line per usage record, with codes, titles, territory and its share of the revenue', async () => {
  const file = [
    HEAD,
    `#SY01.03\tSummaryRecordId\tDistributionChannel`,
    sy('S1', 'US', 300, '4.20000000'),
    sy('S2', 'GB', 10, '0.10'),
    re('B1', '0888888000019'),
    as('B1', 'A1', 'QZABC2500001', 'Afterglow'),
    as('B1', 'A2', 'QZABC2500002', 'Static'),
    su('B1', 'S1', 'T1', 'A1', 200),
    su('B1', 'S1', 'T2', 'A2', 100),
    su('B1', 'S2', 'T3', 'A1', 10),
    FOOT,
  ].join('\r\n');
  const got = lines(await read(file));
  expect(got).toHaveLength(3);
  expect(got[0]).toMatchObject<Partial<SalesLine>>({ lineNo: 8, reportDate: '2025-01-31', sourceLabel: 'Spotify', serviceName: 'Spotify', isrc: 'QZABC2500001', upc: '0888888000019', storeId: 'dsp-res-B1-A1', trackTitle: 'Afterglow', releaseTitle: 'Night Drive', artistName: 'Nova Lane', countryCode: 'US', units: 200, payableUnits: 280_000_000n, currency: 'USD' });
  expect(got[1]).toMatchObject({ isrc: 'QZABC2500002', units: 100, payableUnits: 140_000_000n, countryCode: 'US' });
  expect(got[2]).toMatchObject({ units: 10, payableUnits: 10_000_000n, countryCode: 'GB' });
});

test('gzip is read; the distribution channel of the summary names the store; a usage record on a release gets its UPC and store id', async () => {
  const file = [HEAD, sy('S1', 'Worldwide', 5, '1.00', 'Apple Music'), re('B1', '0888888000026'), row('SU02.03', 'B1', 'S1', 'T1', 'R1', '', 'true', 5, '', '', 'OnDemandStream'), FOOT].join('\n');
  const [line] = lines(await read(gzipSync(file)));
  expect(line).toMatchObject({ sourceLabel: 'Apple Music', serviceName: 'Apple Music', upc: '0888888000026', isrc: null, storeId: 'dsp-rel-B1', countryCode: null, payableUnits: 100_000_000n });
});

test('the lines of a summary always add up to its NetRevenue exactly, whatever the usages', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 30 }), fc.bigInt({ min: 0n, max: 10n ** 14n }), async (streams, netUnits) => {
      const total = streams.reduce((a, b) => a + b, 0);
      const net = `${netUnits / 100_000_000n}.${String(netUnits % 100_000_000n).padStart(8, '0')}`;
      const block = streams.flatMap((n, i) => [as('B1', `A${i}`, `QZABC25${String(i).padStart(5, '0')}`, `T${i}`), su('B1', 'S1', `T${i}`, `A${i}`, n)]);
      const got = lines(await read([HEAD, sy('S1', 'US', total, net), re('B1', '0888888000019'), ...block, FOOT].join('\n')));
      expect(got.map((l) => l.units)).toEqual(streams);
      expect(got.reduce((sum, l) => sum + l.payableUnits, 0n)).toBe(total === 0 ? 0n : netUnits);
      for (const l of got) expect(l.payableUnits).toBeGreaterThanOrEqual(0n);
    }),
    { numRuns: 60 },
  );
});

test('a bad usage record is reported by line; structural faults fail the whole report', async () => {
  const items = await read([HEAD, sy('S1', 'US', 3, '1.00'), re('B1', '0888888000019'), as('B1', 'A1', 'QZABC2500001', 'x'), su('B1', 'S1', 'T1', 'A9', 3), su('B1', 'S1', 'T2', 'A1', 'many'), su('B1', 'S1', 'T3', 'A1', 3), FOOT].join('\n'));
  expect(items.filter((i) => 'error' in i)).toEqual([
    { error: { lineNo: 5, message: 'Line 5: SU02.03 names neither a release nor a resource of its block' } },
    { error: { lineNo: 6, message: 'Line 6: usages "many" is not a whole number' } },
  ]);
  expect(lines(items)).toHaveLength(1);

  const failures: [string, string][] = [
    [[HEAD, sy('S1', 'US', 3, '1.00'), re('B1', '1'), as('B1', 'A1', 'QZABC2500001', 'x'), su('B1', 'S1', 'T1', 'A1', 3)].join('\n'), 'The DSR file ends without its FOOT record (truncated?)'],
    [[HEAD, sy('S1', 'US', 3, '1.00'), re('B1', '1'), as('B1', 'A1', 'QZABC2500001', 'x'), su('B1', 'S9', 'T1', 'A1', 3), FOOT].join('\n'), 'Line 5: SU02.03 points at summary record "S9", which the file does not have'],
    [[HEAD, sy('S1', 'US', 3, '1.00'), re('B1', '1'), as('B1', 'A1', 'QZABC2500001', 'x'), su('B1', 'S1', 'T1', 'A1', 2), FOOT].join('\n'), 'Line 2: summary record S1 reports 3 usages but its sales/usage records add up to 2'],
    [[HEAD, sy('S1', 'US', 3, '1.00'), re('B1', '1'), as('B1', 'A1', 'QZABC2500001', 'x'), su('B1', 'S1', 'T1', 'A1', 4), FOOT].join('\n'), 'Line 5: the usages of summary record S1 exceed its TotalUsages (3)'],
    [[HEAD, row('SY01.03', 'S1', '', '', 'SubscriptionModel', '', 'US', 'Premium', 3, '', 'EUR', '1.00'), FOOT].join('\n'), 'Line 2: summary record S1: currency EUR is not accepted; reports are in USD'],
    [[HEAD, row('SY01.03', 'S1', '', '', 'SubscriptionModel', '', 'US', 'Premium', 3, '', '', '1.00'), FOOT].join('\n'), 'Line 2: summary record S1 (SY01.03) has no currency of reporting'],
    [[HEAD, sy('S1', 'US', 3, 'lots'), FOOT].join('\n'), 'Line 2: summary record S1: NetRevenue "lots" is not a number with at most 8 decimals'],
    [[HEAD, sy('S1', 'US', 3, '1.00'), sy('S1', 'GB', 3, '1.00'), FOOT].join('\n'), 'Line 3: summary record S1 appears twice'],
    [[HEAD, FOOT, sy('S1', 'US', 0, '0')].join('\n'), 'Line 3: a record after FOOT'],
    [[HEAD.replace('2025-01-31', '2025-13'), FOOT].join('\n'), 'Line 1: the HEAD record\'s UsageEndDate "2025-13" is not a date'],
  ];
  for (const [file, message] of failures) {
    await expect(read(file)).rejects.toEqual(new ReportFormatError(message));
  }
});

test('a usage period after today is refused line by line', async () => {
  const future = HEAD.replace('2025-01-31', '2025-12');
  const items = await read([future, sy('S1', 'US', 0, '0'), re('B1', '1'), as('B1', 'A1', 'QZABC2500001', 'x'), su('B1', 'S1', 'T1', 'A1', 0), FOOT].join('\n'));
  expect(items).toEqual([{ error: { lineNo: 5, message: 'Line 5: date 2025-12-31 is in the future' } }]);
});
