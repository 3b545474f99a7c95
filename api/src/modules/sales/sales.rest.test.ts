/** The sales and trends calls over HTTP: own data only, support read-only, empty without a published release, staff upload. */
import { gzipSync } from 'node:zlib';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildUser, sessionCookieFor } from '../../test/factories.ts';
import { runSalesImport } from './sales-import.service.ts';
import { reportPath } from './sales-jobs.ts';
import { createReadStream } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { statusOrder } from '@cadence/domain/release-status';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ DATA_DIR: await mkdtemp(path.join(tmpdir(), 'sales-')) });
});
afterAll(async () => {
  await server.close();
});

async function artist(status: number) {
  const user = await buildUser(server.prisma);
  const suffix = user.id.replace(/\D/g, '').slice(-7).padStart(7, '0');
  const release = await server.prisma.release.create({ data: { userId: user.id, title: 'Night Drive', status, upc: `86${suffix}123` } });
  const track = await server.prisma.track.create({ data: { userId: user.id, releaseId: release.id, title: 'Afterglow', isrc: `QM${suffix}01` } });
  return { user, release, track, cookie: await sessionCookieFor(server.prisma, user.id) };
}

async function get(pathname: string, cookie?: string) {
  const res = await fetch(`${server.url}${pathname}`, { headers: cookie ? { cookie } : {} });
  const text = await res.text();
  return { status: res.status, body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text, headers: res.headers };
}

async function uploadAndRun(cookie: string, csv: string, period: string) {
  const res = await fetch(`${server.url}/api/support/sales-imports?period=${period}&source=test&fileName=r.csv.gz`, { method: 'POST', headers: { cookie, 'content-type': 'application/octet-stream', 'x-requested-with': 'XMLHttpRequest' }, body: gzipSync(Buffer.from(csv)) });
  const body = (await res.json()) as { batchId: string; created: boolean };
  if (body.created) await runSalesImport({ prisma: server.prisma, sql: server.sql }, body.batchId, () => createReadStream(reportPath(server.config, body.batchId)));
  return { status: res.status, body };
}

test('staff upload a report; the artist reads own sales, filters, sorts, exports; others cannot', async () => {
  const a = await artist(statusOrder('LIVE'));
  const b = await artist(statusOrder('LIVE'));
  const staff = await buildUser(server.prisma, { role: 'SUPPORT' });
  const staffCookie = await sessionCookieFor(server.prisma, staff.id);
  const csv = [
    'Date,Store,ISRC,Country,Units,Amount',
    `2025-03-05,Spotify,${a.track.isrc},US,100,1.25`,
    `2025-03-05,Apple Music,${a.track.isrc},GB,10,4.50`,
    `2025-03-06,Deezer,${b.track.isrc},FR,7,0.70`,
  ].join('\n');
  expect((await uploadAndRun(a.cookie, csv, '2025-03')).status).toBe(403);
  const up = await uploadAndRun(staffCookie, csv, '2025-03');
  expect(up.status).toBe(202);
  expect((await uploadAndRun(staffCookie, csv, '2025-03')).body).toEqual({ batchId: up.body.batchId, created: false });
  const detail = await get(`/api/support/sales-imports/${up.body.batchId}`, staffCookie);
  expect(detail.body).toMatchObject({ status: 'POSTED', rowsRead: 3, rowsMatched: 3, postedMinor: '645' });

  const sales = await get('/api/sales?sortColumn=payable&sortDirection=desc', a.cookie);
  expect(sales.status).toBe(200);
  expect(sales.body.count).toBe(2);
  expect(sales.body.transactions.map((t: { serviceName: string; payable: string }) => [t.serviceName, t.payable])).toEqual([['Apple Music', '4.50000000'], ['Spotify', '1.25000000']]);
  expect(sales.body.filters.services).toEqual(['Apple Music', 'Spotify']);
  const filtered = await get('/api/sales?services=Spotify', a.cookie);
  expect(filtered.body.transactions).toHaveLength(1);
  const csvOut = await get('/api/sales/export.csv?services=Spotify', a.cookie);
  expect(csvOut.headers.get('content-type')).toMatch(/text\/csv/);
  expect(csvOut.body).toBe('Period,Artist,Release,Service,Track Title,Units,Country,Payable USD\r\n2025-03,,Night Drive,Spotify,Afterglow,100,US,1.25000000\r\n');
  expect((await get('/api/sales/total', a.cookie)).body).toEqual({ total: '5.75000000', units: 110, currency: 'USD' });
  const annual = await get('/api/sales/annual?year=2025', a.cookie);
  expect(annual.body).toHaveLength(12);
  expect(annual.body[2]).toEqual({ financialMonth: '2025-03', monthRevenue: 5.75 });
  expect(annual.body[0]).toEqual({ financialMonth: '2025-01', monthRevenue: 0 });
  expect((await get('/api/sales/transaction-dates', a.cookie)).body).toEqual(['2025-03']);

  // Own data only; support reads anyone's (read-only).
  expect((await get(`/api/sales?userId=${a.user.id}`, b.cookie)).status).toBe(403);
  expect((await get(`/api/sales/export.csv?userId=${a.user.id}`, b.cookie)).status).toBe(403);
  expect((await get(`/api/sales`, b.cookie)).body.count).toBe(1);
  expect((await get(`/api/sales?userId=${a.user.id}`, staffCookie)).body.count).toBe(2);
  expect((await get('/api/sales')).status).toBe(401);
  expect((await get('/api/sales?sortColumn=password', a.cookie)).status).toBe(400);
});

test('trends: streams per outlet, country and track; empty without a published release', async () => {
  const live = await artist(statusOrder('LIVE'));
  const draft = await artist(statusOrder('NOT_COMPLETED'));
  const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
  for (const who of [live, draft]) {
    await server.prisma.streamDaily.createMany({
      data: [
        { date: new Date(day), userId: who.user.id, releaseId: who.release.id, trackId: who.track.id, outletId: 28, countryCode: 'US', quantity: 1200 },
        { date: new Date(day), userId: who.user.id, releaseId: who.release.id, trackId: who.track.id, outletId: 61, countryCode: 'DE', quantity: 300 },
      ],
    });
    // The import keeps these sums of stream_daily beside it (sales-rollups.ts).
    await server.prisma.streamCountryDaily.createMany({
      data: [
        { date: new Date(day), userId: who.user.id, countryCode: 'US', quantity: 1200n },
        { date: new Date(day), userId: who.user.id, countryCode: 'DE', quantity: 300n },
      ],
    });
    await server.prisma.streamTrackDaily.create({ data: { date: new Date(day), userId: who.user.id, trackId: who.track.id, quantity: 1500n } });
  }
  expect((await get('/api/analytics/trends/analytics-state', live.cookie)).body).toEqual({ isAnalyticsDisabled: false });
  expect((await get('/api/analytics/trends/analytics-state', draft.cookie)).body).toEqual({ isAnalyticsDisabled: true });
  expect((await get('/api/analytics/trends/streams/28', live.cookie)).body).toEqual({ outletId: 28, quantity: 1200, points: [{ date: day, quantity: 1200 }] });
  expect((await get("/api/analytics/trends/streams-per-country?$top=5&$orderby=Quantity desc", live.cookie)).body).toEqual([
    { countryCode: 'US', countryName: 'United States of America', quantity: 1200 },
    { countryCode: 'DE', countryName: 'Germany', quantity: 300 },
  ]);
  expect((await get('/api/analytics/trends/streams-per-track?$top=1', live.cookie)).body).toEqual([{ trackId: live.track.id, trackTitle: 'Afterglow', releaseTitle: 'Night Drive', quantity: 1500 }]);
  expect((await get('/api/analytics/trends/streams/28', draft.cookie)).body).toEqual({ outletId: 28, quantity: 0, points: [] });
  expect((await get('/api/analytics/trends/streams-per-country', draft.cookie)).body).toEqual([]);
  expect((await get('/api/analytics/trends/streams-per-country?reportDateFrom=2025-13-01', live.cookie)).status).toBe(400);
  expect((await get('/api/analytics/trends/streams-per-track?$top=0', live.cookie)).status).toBe(400);

  const gql = await server.gql<{ trendsStreams: { outletId: number; colour: string | null; quantity: number }[] }>('{ trendsStreams { outletId colour quantity } }', {}, { cookie: live.cookie });
  expect(gql.body.data?.trendsStreams).toEqual([
    { outletId: 28, colour: '#1DB954', quantity: 1200 },
    { outletId: 61, colour: '#FA2D48', quantity: 300 },
  ]);
  const other = await server.gql('{ salesTotal(userId: "' + live.user.id + '") { total } }', {}, { cookie: draft.cookie });
  expect(other.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
});

test('staff review an unmatched line and attach it over GraphQL (audited); artists cannot', async () => {
  const a = await artist(statusOrder('LIVE'));
  const staff = await buildUser(server.prisma, { role: 'SUPPORT' });
  const staffCookie = await sessionCookieFor(server.prisma, staff.id);
  const up = await uploadAndRun(staffCookie, ['Date,Store,ISRC,Country,Units,Amount', '2025-04-02,Tidal,ZZ0000000001,NO,3,2.00'].join('\n'), '2025-04');
  const review = await server.gql<{ salesImportReview: { id: string; lineNo: number; serviceName: string }[] }>(`query($b: ID!) { salesImportReview(batchId: $b) { id lineNo serviceName } }`, { b: up.body.batchId }, { cookie: staffCookie });
  expect(review.body.data?.salesImportReview).toEqual([{ id: expect.any(String), lineNo: 2, serviceName: 'TIDAL' }]);
  const lineId = review.body.data!.salesImportReview[0]!.id;
  const attach = `mutation($i: AttachSalesLineInput!) { attachSalesLine(input: $i) { lineId trackId } }`;
  const refused = await server.gql(attach, { i: { lineId, trackId: a.track.id } }, { cookie: a.cookie });
  expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  const done = await server.gql(attach, { i: { lineId, trackId: a.track.id } }, { cookie: staffCookie });
  expect(done.body.errors).toBeUndefined();
  expect((await get('/api/sales/total', a.cookie)).body).toEqual({ total: '2.00000000', units: 3, currency: 'USD' });
  const audit = await server.prisma.auditEvent.findMany({ where: { entityId: { in: [lineId, up.body.batchId] } }, orderBy: { createdAt: 'asc' } });
  expect(audit.map((e) => [e.subcategory, e.actorId])).toEqual([
    ['SALES_REPORT_UPLOADED', staff.id],
    ['SALES_LINE_ATTACHED', staff.id],
  ]);
});

test('staff upload a report over GraphQL (multipart): a batch and its job, audited; the same report again changes nothing; artists cannot', async () => {
  const staff = await buildUser(server.prisma, { role: 'SUPPORT' });
  const staffCookie = await sessionCookieFor(server.prisma, staff.id);
  const { track, cookie: artistCookie } = await artist(statusOrder('LIVE'));
  const csv = `Sale Date,Store,ISRC,Units,Amount\n2025-03-02,Spotify,${track.isrc},7,0.70\n`;
  const upload = async (cookie: string, input: Record<string, unknown>) => {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: 'mutation($input: ImportSalesReportInput!) { importSalesReport(input: $input) { created batch { id period source fileName status } } }', variables: { input: { ...input, file: null } } }));
    form.set('map', JSON.stringify({ 0: ['variables.input.file'] }));
    form.set('0', new Blob([gzipSync(Buffer.from(csv))]), 'spotify-march.csv.gz');
    const res = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { cookie, 'apollo-require-preflight': 'true' }, body: form });
    return { status: res.status, body: (await res.json()) as { data?: { importSalesReport: { created: boolean; batch: { id: string; period: string; source: string; fileName: string; status: string } } } | null; errors?: { message: string; extensions?: { code?: string } }[] } };
  };
  const first = await upload(staffCookie, { period: '2025-03', source: 'spotify' });
  expect(first.body.errors).toBeUndefined();
  expect(first.body.data?.importSalesReport).toMatchObject({ created: true, batch: { period: '2025-03', source: 'spotify', fileName: 'spotify-march.csv.gz' } });
  const batchId = first.body.data!.importSalesReport.batch.id;
  expect(await server.prisma.job.count({ where: { uniqueKey: `sales-import:${batchId}` } })).toBe(1);
  expect(await server.prisma.auditEvent.count({ where: { subcategory: 'SALES_REPORT_UPLOADED', entityId: batchId, actorId: staff.id } })).toBe(1);

  const again = await upload(staffCookie, { period: '2025-03', source: 'spotify' });
  expect(again.body.data?.importSalesReport).toMatchObject({ created: false, batch: { id: batchId } });

  const badPeriod = await upload(staffCookie, { period: 'March', source: 'spotify' });
  expect(badPeriod.body.errors?.[0]).toMatchObject({ message: 'period must be YYYY-MM', extensions: { code: 'BAD_USER_INPUT' } });
  const byArtist = await upload(artistCookie, { period: '2025-03', source: 'spotify' });
  expect(byArtist.body.data ?? null).toBeNull();
  expect(byArtist.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
});

test('malformed filters are a 400 naming the parameter, with the legacy wording', async () => {
  const { cookie } = await artist(statusOrder('LIVE'));
  expect(await get('/api/sales?page=abc', cookie)).toMatchObject({
    status: 400,
    body: { code: 'BAD_USER_INPUT', message: 'page must be a whole number', fieldErrors: [{ field: 'page', key: 'invalid', message: 'page must be a whole number' }] },
  });
  const sort = await get('/api/sales?sortColumn=toString', cookie);
  expect(sort).toMatchObject({ status: 400, body: { message: expect.stringMatching(/^sortColumn must be one of /), fieldErrors: [{ field: 'sortColumn', key: 'invalid', message: 'Unknown sort column' }] } });
  expect(sort.body.key).toBeUndefined();
  expect(await get('/api/sales?sortDirection=up', cookie)).toMatchObject({ status: 400, body: { message: 'sortDirection must be asc or desc' } });
  expect(await get('/api/sales?dateFrom=a&dateFrom=b', cookie)).toMatchObject({ status: 400, body: { message: 'dateFrom must be a string' } });
  expect(await get('/api/sales/total?userId=a&userId=b', cookie)).toMatchObject({ status: 400, body: { message: 'userId must be a string' } });
  expect(await get('/api/sales/annual?year=20x6', cookie)).toMatchObject({ status: 400, body: { message: 'year must be a whole number' } });
  expect(await get("/api/analytics/trends/streams-per-track?$orderby=Name", cookie)).toMatchObject({ status: 400, body: { message: "$orderby must be 'Quantity desc'" } });
  expect(await get('/api/analytics/trends/streams/x1', cookie)).toMatchObject({ status: 400, body: { message: 'outletId must be a whole number' } });
  // Repeated and comma-separated lists still read as one list; a sort direction in capitals is still read.
  expect(await get('/api/sales?services=a,b&services=c&sortDirection=DESC', cookie)).toMatchObject({ status: 200 });
});
