/** GraphQL types and queries of sales, trends and the staff's sales imports (supporting §7). */
import { builder } from '../../graphql/builder.ts';
import {
  analyticsState,
  annualSales,
  listSales,
  listSalesImports,
  monthSalesByService,
  requireStaff,
  salesImportDetail,
  salesTotal,
  streamsByOutlet,
  streamsPerCountry,
  streamsPerTrack,
  transactionDates,
  type OutletSeries,
  type SaleRow,
  type SalesPayload,
} from './sales.service.ts';
import { attachSalesLineIn, leaveSalesLineUnclaimed } from './sales-import.service.ts';
import { uploadSalesReport } from './sales-jobs.ts';
import { badInput } from '../../domain-error.ts';
import { recordAudit } from '../audit/audit.service.ts';

const SalesSortColumn = builder.enumType('SalesSortColumn', {
  description: 'Columns the /sales table sorts by.',
  values: {
    period: { description: 'The financial month.' },
    artist: { description: 'The artist name.' },
    release: { description: 'The release title.' },
    service: { description: 'The store or service name.' },
    trackTitle: { description: 'The track title.' },
    units: { description: 'Units sold or streamed.' },
    country: { description: 'The country code.' },
    payable: { description: 'The amount payable.' },
  } as const,
});
const SortDirection = builder.enumType('SalesSortDirection', {
  description: 'The order of the /sales table.',
  values: { asc: { description: 'Smallest or earliest first.' }, desc: { description: 'Largest or latest first.' } } as const,
});

const SaleTransactionRow = builder.objectRef<SaleRow>('SaleTransaction').implement({
  description: 'One row of the /sales table: a month of one track on one service in one country.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The row, stable across pages of the same query.' }),
    period: t.exposeString('period', { description: 'Financial month YYYY-MM.' }),
    artistName: t.exposeString('artistName', { description: "The track's primary artist as reported." }),
    releaseId: t.exposeString('releaseId', { description: 'The release the track belongs to.' }),
    releaseTitle: t.exposeString('releaseTitle', { description: 'The release title.' }),
    serviceName: t.exposeString('serviceName', { description: 'The store or service that reported the sale, as named in its report.' }),
    outletId: t.exposeInt('outletId', { nullable: true, description: 'The outlet (store) id, when the service is one of ours (null otherwise).' }),
    outletName: t.exposeString('outletName', { description: 'The outlet (store) name.' }),
    trackId: t.exposeString('trackId', { description: 'The track sold or streamed.' }),
    trackTitle: t.exposeString('trackTitle', { description: 'The track title.' }),
    units: t.exposeInt('units', { description: 'Units sold or streamed in the month (negative for refunds).' }),
    countryCode: t.exposeString('countryCode', { description: 'ISO 3166-1 alpha-2 country of the sale.' }),
    payable: t.exposeString('payable', { description: 'USD, exact to 8 decimals.' }),
  }),
});

const IdTitle = builder.objectRef<{ id: string; title: string }>('SalesFilterOption').implement({
  description: 'A release or track the sales table can be filtered by.',
  fields: (t) => ({ id: t.exposeID('id', { description: 'The release or track id (pass it in SalesFilterInput).' }), title: t.exposeString('title', { description: 'Its title.' }) }),
});
const SalesFilters = builder.objectRef<SalesPayload['filters']>('SalesFilters').implement({
  description: "The choices the viewer's sales can be filtered by (what their sales contain).",
  fields: (t) => ({
    artists: t.exposeStringList('artists', { description: 'Artist names.' }),
    releases: t.field({ type: [IdTitle], description: 'Releases.', resolve: (f) => f.releases }),
    services: t.exposeStringList('services', { description: 'Store and service names.' }),
    tracks: t.field({ type: [IdTitle], description: 'Tracks.', resolve: (f) => f.tracks }),
  }),
});
const SalesResult = builder.objectRef<SalesPayload>('SalesResult').implement({
  description: 'A page of the sales table.',
  fields: (t) => ({
    transactions: t.field({ type: [SaleTransactionRow], description: "The page's rows.", resolve: (r) => r.transactions }),
    count: t.exposeInt('count', { description: 'Rows matching the filter, on every page.' }),
    filters: t.field({ type: SalesFilters, description: 'The filter choices.', resolve: (r) => r.filters }),
  }),
});
const SalesTotal = builder.objectRef<{ total: string; units: number; currency: string }>('SalesTotal').implement({
  description: "The total of all the viewer's sales.",
  fields: (t) => ({
    total: t.exposeString('total', { description: 'USD, exact.' }),
    units: t.exposeInt('units', { description: 'Units sold or streamed.' }),
    currency: t.exposeString('currency', { description: 'ISO 4217 code of total (USD).' }),
  }),
});
const AnnualSale = builder.objectRef<{ financialMonth: string; monthRevenue: string }>('AnnualSale').implement({
  description: "One month of the year view.",
  fields: (t) => ({ financialMonth: t.exposeString('financialMonth', { description: 'Financial month YYYY-MM.' }), monthRevenue: t.exposeString('monthRevenue', { description: 'USD, exact; 0 for a month without sales.' }) }),
});
const ServiceRevenue = builder.objectRef<{ serviceName: string; revenue: string }>('ServiceRevenue').implement({
  description: "One service's share of a month.",
  fields: (t) => ({ serviceName: t.exposeString('serviceName', { description: 'The store or service name.' }), revenue: t.exposeString('revenue', { description: 'USD, exact.' }) }),
});
const AnalyticsState = builder.objectRef<{ isAnalyticsDisabled: boolean }>('AnalyticsState').implement({
  description: 'Whether the sales and trends pages have anything to show yet.',
  fields: (t) => ({ isAnalyticsDisabled: t.exposeBoolean('isAnalyticsDisabled', { description: 'True until the user has a published release (core §4).' }) }),
});
const StreamPoint = builder.objectRef<{ date: string; quantity: number }>('StreamPoint').implement({
  description: 'Streams on one day.',
  fields: (t) => ({ date: t.exposeString('date', { description: 'yyyy-MM-dd.' }), quantity: t.exposeInt('quantity', { description: 'Streams that day.' }) }),
});
const OutletStreams = builder.objectRef<OutletSeries>('OutletStreams').implement({
  description: "One outlet's daily streams over the period.",
  fields: (t) => ({
    outletId: t.exposeInt('outletId', { description: 'The outlet (store) id.' }),
    outletName: t.exposeString('outletName', { description: 'The outlet (store) name.' }),
    colour: t.exposeString('colour', { nullable: true, description: 'Fixed colour (outlets 28 and 61), else null.' }),
    quantity: t.exposeInt('quantity', { description: 'Streams over the whole period.' }),
    points: t.field({ type: [StreamPoint], description: 'Streams per day, oldest first.', resolve: (s) => s.points }),
  }),
});
const CountryStreams = builder.objectRef<{ countryCode: string; countryName: string; quantity: number }>('CountryStreams').implement({
  description: "One country's streams over the period.",
  fields: (t) => ({
    countryCode: t.exposeString('countryCode', { description: 'ISO 3166-1 alpha-2.' }),
    countryName: t.exposeString('countryName', { description: 'The country name in English.' }),
    quantity: t.exposeInt('quantity', { description: 'Streams over the period.' }),
  }),
});
const TrackStreams = builder.objectRef<{ trackId: string; trackTitle: string; releaseTitle: string; quantity: number }>('TrackStreams').implement({
  description: "One track's streams over the period.",
  fields: (t) => ({
    trackId: t.exposeID('trackId', { description: 'The track.' }),
    trackTitle: t.exposeString('trackTitle', { description: 'The track title.' }),
    releaseTitle: t.exposeString('releaseTitle', { description: 'The title of its release.' }),
    quantity: t.exposeInt('quantity', { description: 'Streams over the period.' }),
  }),
});

const SalesImportStatus = builder.enumType('SalesImportStatus', { values: ['PENDING', 'PROCESSING', 'IMPORTED', 'POSTED', 'FAILED'] as const });
const SalesImportBatch = builder.prismaObject('SalesImportBatch', {
  description: "A store report's import and its progress (staff only).",
  fields: (t) => ({
    id: t.exposeID('id'),
    source: t.exposeString('source'),
    fileName: t.exposeString('fileName', { nullable: true }),
    period: t.exposeString('period'),
    status: t.field({ type: SalesImportStatus, resolve: (b) => b.status }),
    rowsRead: t.exposeInt('rowsRead'),
    rowsMatched: t.exposeInt('rowsMatched'),
    rowsUnmatched: t.exposeInt('rowsUnmatched'),
    rowsRejected: t.exposeInt('rowsRejected'),
    postedCents: t.string({ description: 'Whole cents credited to wallets.', resolve: (b) => b.postedMinor.toString() }),
    error: t.exposeString('error', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});
const SalesImportLineRef = builder.objectRef<{ id: bigint; lineNo: number; serviceName: string; isrc: string | null; upc: string | null; storeId: string | null; trackTitle: string | null; artistName: string | null; units: number; payable: { toString(): string } }>('SalesImportLine').implement({
  description: 'A report line that matched no track, waiting for staff.',
  fields: (t) => ({
    id: t.id({ resolve: (l) => l.id.toString() }),
    lineNo: t.exposeInt('lineNo'),
    serviceName: t.exposeString('serviceName'),
    isrc: t.exposeString('isrc', { nullable: true }),
    upc: t.exposeString('upc', { nullable: true }),
    storeId: t.exposeString('storeId', { nullable: true }),
    trackTitle: t.exposeString('trackTitle', { nullable: true }),
    artistName: t.exposeString('artistName', { nullable: true }),
    units: t.exposeInt('units'),
    payable: t.string({ resolve: (l) => l.payable.toString() }),
  }),
});
const SalesImportLineError = builder.objectRef<{ lineNo: number; message: string }>('SalesImportLineError').implement({
  fields: (t) => ({ lineNo: t.exposeInt('lineNo'), message: t.exposeString('message') }),
});

const SalesFilterInput = builder.inputType('SalesFilterInput', {
  description: 'Narrows the sales table; each list keeps rows matching any of its values, and the lists combine with AND.',
  fields: (t) => ({
    artists: t.stringList({ required: false, description: 'Artist names (SalesFilters.artists).' }),
    releases: t.stringList({ required: false, description: 'Release ids (SalesFilters.releases).' }),
    services: t.stringList({ required: false, description: 'Store and service names (SalesFilters.services).' }),
    tracks: t.stringList({ required: false, description: 'Track ids (SalesFilters.tracks).' }),
    countries: t.stringList({ required: false, description: 'ISO 3166-1 alpha-2 country codes.' }),
    dateFrom: t.string({ required: false, description: 'First financial month YYYY-MM.' }),
    dateTo: t.string({ required: false, description: 'Last financial month YYYY-MM.' }),
  }),
});

const trendsArgs = (t: Parameters<Parameters<typeof builder.queryFields>[0]>[0]) => ({
  reportDateFrom: t.arg.string({ required: false, description: 'yyyy-MM-dd; default 90 days before reportDateTo.' }),
  reportDateTo: t.arg.string({ required: false, description: 'yyyy-MM-dd; default today.' }),
  userId: staffUserArg(t),
});

/** The optional userId argument of every sales and trends query. */
function staffUserArg(t: Parameters<Parameters<typeof builder.queryFields>[0]>[0]) {
  return t.arg.id({ required: false, description: "Staff only: another user's data (read-only)." });
}

function clean<T extends Record<string, unknown>>(o: T): { [K in keyof T]: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)) as never;
}

builder.queryFields((t) => ({
  sales: t.field({
    type: SalesResult,
    description: "A page of the viewer's sales table with its count and filter choices.",
    authScopes: { signedIn: true },
    args: {
      filter: t.arg({ type: SalesFilterInput, required: false, description: 'Which rows; all of them when absent.' }),
      sortColumn: t.arg({ type: SalesSortColumn, required: false, description: 'The column to sort by (default period).' }),
      sortDirection: t.arg({ type: SortDirection, required: false, description: 'The order (default desc).' }),
      page: t.arg.int({ required: false, description: 'The page, from 1.' }),
      pageSize: t.arg.int({ required: false, description: 'Rows per page.' }),
      userId: staffUserArg(t),
    },
    resolve: (_r, a, ctx) => listSales(ctx, { ...clean({ ...(a.filter ?? {}) }), ...clean({ sortColumn: a.sortColumn, sortDirection: a.sortDirection, page: a.page, pageSize: a.pageSize, userId: a.userId }) }),
  }),
  salesTotal: t.field({ type: SalesTotal, description: "The total of the viewer's sales, all time.", authScopes: { signedIn: true }, args: { userId: staffUserArg(t) }, resolve: (_r, a, ctx) => salesTotal(ctx, a.userId ?? undefined) }),
  annualSales: t.field({
    type: [AnnualSale],
    description: 'Year view (mode 1): 12 months, 0 for missing, USD.',
    authScopes: { signedIn: true },
    args: { year: t.arg.int({ required: false, description: 'The year (default the current one).' }), userId: staffUserArg(t) },
    resolve: (_r, a, ctx) => annualSales(ctx, clean({ year: a.year, userId: a.userId })),
  }),
  salesByService: t.field({
    type: [ServiceRevenue],
    description: 'Month view (mode 2): payable per service in one month.',
    authScopes: { signedIn: true },
    args: { period: t.arg.string({ required: true, description: 'Financial month YYYY-MM.' }), userId: staffUserArg(t) },
    resolve: (_r, a, ctx) => monthSalesByService(ctx, clean({ period: a.period, userId: a.userId })),
  }),
  salesTransactionDates: t.stringList({ description: 'The financial months (YYYY-MM) the viewer has sales in, newest first.', authScopes: { signedIn: true }, args: { userId: staffUserArg(t) }, resolve: (_r, a, ctx) => transactionDates(ctx, a.userId ?? undefined) }),
  analyticsState: t.field({ type: AnalyticsState, description: 'Whether the sales and trends pages have anything to show yet.', authScopes: { signedIn: true }, args: { userId: staffUserArg(t) }, resolve: (_r, a, ctx) => analyticsState(ctx, a.userId ?? undefined) }),
  trendsStreams: t.field({
    type: [OutletStreams],
    description: 'Daily streams per outlet (all outlets, or one), empty without a published release.',
    authScopes: { signedIn: true },
    args: {
      ...trendsArgs(t),
      outletId: t.arg.int({ required: false, description: 'Only this outlet (store).' }),
      releaseId: t.arg.id({ required: false, description: 'Only this release.' }),
      trackId: t.arg.id({ required: false, description: 'Only this track.' }),
    },
    resolve: (_r, a, ctx) => streamsByOutlet(ctx, clean({ ...a })),
  }),
  streamsPerCountry: t.field({
    type: [CountryStreams],
    description: 'The countries with the most streams over the period, most first.',
    authScopes: { signedIn: true },
    args: { ...trendsArgs(t), top: t.arg.int({ required: false, description: 'Default 5.' }) },
    resolve: (_r, a, ctx) => streamsPerCountry(ctx, clean({ ...a })),
  }),
  streamsPerTrack: t.field({
    type: [TrackStreams],
    description: 'The tracks with the most streams over the period, most first.',
    authScopes: { signedIn: true },
    args: { ...trendsArgs(t), top: t.arg.int({ required: false, description: 'Default 5.' }) },
    resolve: (_r, a, ctx) => streamsPerTrack(ctx, clean({ ...a })),
  }),
  salesImports: t.prismaField({ type: [SalesImportBatch], authScopes: { support: true }, resolve: (_q, _r, _a, ctx) => listSalesImports(ctx) }),
  salesImportReview: t.field({
    type: [SalesImportLineRef],
    description: "A batch's lines waiting for review (staff).",
    authScopes: { support: true },
    args: { batchId: t.arg.id({ required: true }) },
    resolve: async (_r, a, ctx) => (await salesImportDetail(ctx, String(a.batchId))).unmatched,
  }),
  salesImportErrors: t.field({
    type: [SalesImportLineError],
    description: "A batch's first 200 unreadable lines (staff).",
    authScopes: { support: true },
    args: { batchId: t.arg.id({ required: true }) },
    resolve: async (_r, a, ctx) => (await salesImportDetail(ctx, String(a.batchId))).errors,
  }),
}));

function lineId(id: string | number): bigint {
  if (!/^\d{1,18}$/.test(String(id))) throw badInput('Unknown line');
  return BigInt(id);
}

builder.relayMutationField(
  'attachSalesLine',
  { inputFields: (t) => ({ lineId: t.id({ required: true, description: 'The unmatched report line.' }), trackId: t.id({ required: true, description: 'The track it belongs to.' }) }) },
  {
    description: 'Staff attach an unmatched report line to a track: it is posted to the owner once.',
    authScopes: { support: true },
    resolve: async (_r, { input }, ctx) => {
      const staffId = requireStaff(ctx);
      await ctx.prisma.$transaction(async (tx) => {
        const out = await attachSalesLineIn(tx, { lineId: lineId(input.lineId), trackId: String(input.trackId), staffId });
        await recordAudit(ctx, { category: 'SUPPORT', subcategory: 'SALES_LINE_ATTACHED', userId: out.userId, entityType: 'SalesImportLine', entityId: String(input.lineId), newValues: { trackId: String(input.trackId), postedCents: out.postedMinor.toString() } }, tx);
      });
      return { lineId: String(input.lineId), trackId: String(input.trackId) };
    },
  },
  {
    outputFields: (t) => ({
      lineId: t.exposeID('lineId', { description: 'The line, now posted.' }),
      trackId: t.exposeID('trackId', { description: 'The track it was attached to.' }),
    }),
  },
);

builder.relayMutationField(
  'leaveSalesLineUnclaimed',
  { inputFields: (t) => ({ lineId: t.id({ required: true, description: 'The unmatched report line.' }) }) },
  {
    description: 'Staff leave an unmatched report line unclaimed.',
    authScopes: { support: true },
    resolve: async (_r, { input }, ctx) => {
      const staffId = requireStaff(ctx);
      await leaveSalesLineUnclaimed(ctx.prisma, { lineId: lineId(input.lineId), staffId });
      await recordAudit(ctx, { category: 'SUPPORT', subcategory: 'SALES_LINE_UNCLAIMED', userId: null, entityType: 'SalesImportLine', entityId: String(input.lineId) });
      return { lineId: String(input.lineId) };
    },
  },
  { outputFields: (t) => ({ lineId: t.exposeID('lineId', { description: 'The line, now left unclaimed.' }) }) },
);

const ImportSalesReportInput = builder.inputType('ImportSalesReportInput', {
  description: 'A store report to import (multipart request with the Apollo-Require-Preflight header), as on the support page.',
  fields: (t) => ({
    file: t.field({ type: 'Upload', required: false, description: 'Required: the report, CSV, TSV or DDEX DSR, plain or gzip (optional in the schema so who may import is checked first).' }),
    period: t.string({ required: true, description: 'The reporting month, YYYY-MM; lines without a date are dated its last day.' }),
    source: t.string({ required: true, description: 'The store or source name, used when the report names none.' }),
  }),
});

const ImportSalesReportPayload = builder.objectRef<{ batchId: string; created: boolean }>('ImportSalesReportPayload').implement({
  fields: (t) => ({
    created: t.exposeBoolean('created', { description: 'False when this report was imported before: nothing changed.' }),
    batch: t.prismaField({ type: 'SalesImportBatch', description: 'The import and its progress.', resolve: (query, p, _a, ctx) => ctx.prisma.salesImportBatch.findUniqueOrThrow({ ...query, where: { id: p.batchId } }) }),
  }),
});

builder.mutationField('importSalesReport', (t) =>
  t.field({
    type: ImportSalesReportPayload,
    description: 'Staff upload a store report; a durable job imports it (the same report twice is a no-op).',
    authScopes: { support: true },
    args: { input: t.arg({ type: ImportSalesReportInput, required: true }) },
    resolve: async (_p, { input }, ctx) => {
      requireStaff(ctx);
      if (!input.file) throw badInput('Send the report file', [{ field: 'file', key: 'required', message: 'Choose a report file' }], 'required');
      const file = await input.file;
      return uploadSalesReport(ctx, { body: file.createReadStream(), period: input.period, source: input.source, fileName: file.filename });
    },
  }),
);
