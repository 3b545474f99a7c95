/**
 * The sales and trends reads (supporting §7): every page is answered from the rollups
 * (sales_rollups with its filter choices and counts, sales_monthly, stream_daily and its per-country
 * and per-track sums; all kept by the import: sales-rollups.ts), never by scanning sale_transactions.
 */
import { RELEASE_STATUS_ORDER } from '@cadence/domain/release-status';
import { ANALYTICS_WINDOW_DAYS, TOP_ENTRIES_DEFAULT } from '@cadence/domain/constants';
import { addDays } from '@cadence/domain/date-string';
import type { AppContext } from '../../context.ts';
import { DomainError, badInput } from '../../domain-error.ts';
import { canImportSales, canReadSalesOf } from './sales.policy.ts';
import { decimalToUnits } from './sales-posting.ts';

/** Sort columns of the /sales table (supporting §2 sortable header). */
export const SALES_SORT_COLUMNS = {
  period: 'period',
  artist: 'artist_name',
  release: 'release_title',
  service: 'service_name',
  trackTitle: 'track_title',
  units: 'units',
  country: 'country_code',
  payable: 'payable',
} as const;
export type SalesSortColumn = keyof typeof SALES_SORT_COLUMNS;
export const SALES_PAGE_SIZE = 20;
export const SALES_MAX_PAGE_SIZE = 100;
/** Analytics window (supporting §9): the last 90 days; top lists default to 5. */
export const ANALYTICS_TOP_MAX = 250;
const MAX_RANGE_DAYS = 400;

export interface SalesFilter {
  artists?: string[];
  releases?: string[];
  services?: string[];
  tracks?: string[];
  countries?: string[];
  /** First and last financial month (YYYY-MM), inclusive. */
  dateFrom?: string;
  dateTo?: string;
}

export interface SalesQuery extends SalesFilter {
  sortColumn?: SalesSortColumn;
  sortDirection?: 'asc' | 'desc';
  page?: number;
  pageSize?: number;
  /** Staff reading another user's sales. */
  userId?: string;
}

export interface SaleRow {
  id: string;
  period: string;
  artistName: string;
  releaseId: string;
  releaseTitle: string;
  serviceName: string;
  outletId: number | null;
  outletName: string;
  trackId: string;
  trackTitle: string;
  units: number;
  countryCode: string;
  /** USD, exact to 8 decimals. */
  payable: string;
}

export interface SalesPayload {
  transactions: SaleRow[];
  count: number;
  filters: { artists: string[]; releases: { id: string; title: string }[]; services: string[]; tracks: { id: string; title: string }[] };
}

/** The user whose data the viewer asks for: themself, or anyone for staff (read-only). */
export function salesOwner(ctx: AppContext, userId?: string | null): string {
  if (!ctx.viewer) throw new DomainError('UNAUTHENTICATED', 'Sign in required');
  const owner = userId || ctx.viewer.userId;
  if (!canReadSalesOf(ctx.viewer, owner)) throw new DomainError('FORBIDDEN', 'Not allowed');
  return owner;
}

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function checkPeriod(value: string | undefined, field: string): void {
  if (value !== undefined && !PERIOD.test(value)) throw badInput(`${field} must be YYYY-MM`, [{ field, key: 'invalidDate', message: `${field} must be YYYY-MM` }]);
}

/** Builds the WHERE of a rollup read; params[0] is the owner. */
function salesWhere(owner: string, f: SalesFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [owner];
  const parts = ['user_id = $1'];
  const list = (column: string, values: string[] | undefined) => {
    if (!values?.length) return;
    params.push(values);
    parts.push(`${column} = ANY($${params.length}::text[])`);
  };
  list('artist_name', f.artists);
  list('release_id', f.releases);
  list('service_name', f.services);
  list('track_id', f.tracks);
  list('country_code', f.countries?.map((c) => c.toUpperCase()));
  checkPeriod(f.dateFrom, 'dateFrom');
  checkPeriod(f.dateTo, 'dateTo');
  if (f.dateFrom) {
    params.push(f.dateFrom);
    parts.push(`period >= $${params.length}`);
  }
  if (f.dateTo) {
    params.push(f.dateTo);
    parts.push(`period <= $${params.length}`);
  }
  return { where: parts.join(' AND '), params };
}

/** One page of the user's sales (rollup rows), their count, and the filter choices. */
export async function listSales(ctx: AppContext, q: SalesQuery): Promise<SalesPayload> {
  const owner = salesOwner(ctx, q.userId);
  const order = salesOrder(q);
  const pageSize = Math.min(Math.max(q.pageSize ?? SALES_PAGE_SIZE, 1), SALES_MAX_PAGE_SIZE);
  const page = Math.max(q.page ?? 1, 1);
  if (!Number.isSafeInteger(page) || page > 1_000_000) throw badInput('page is out of range', [{ field: 'page', key: 'range', message: 'page is out of range' }]);
  const { where, params } = salesWhere(owner, q);
  const [rows, count, filters] = await Promise.all([
    ctx.sql.query<RollupRow>(`${ROLLUP_SELECT} WHERE ${where} ${order} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`, params),
    salesCount(ctx, owner, q),
    salesFilters(ctx, owner),
  ]);
  return { transactions: rows.map(presentRollup), count, filters };
}

const ROLLUP_SELECT = `SELECT id::text, period, artist_name, release_id, release_title, service_name, track_id, track_title, units::text, country_code, payable::text FROM sales_rollups`;

/**
 * The ORDER BY of a sales read. Columns are qualified with the table: unqualified, `id`, `units`
 * and `payable` would name the text output columns of ROLLUP_SELECT (sorted as text, and no index).
 */
function salesOrder(q: SalesQuery): string {
  const column = SALES_SORT_COLUMNS[q.sortColumn ?? 'period'];
  if (!column) throw badInput('Unknown sort column', [{ field: 'sortColumn', key: 'invalid', message: 'Unknown sort column' }]);
  const direction = q.sortDirection === 'asc' ? 'ASC' : 'DESC';
  return `ORDER BY sales_rollups.${column} ${direction}, sales_rollups.id ${direction}`;
}

/** The rollup key part each list filter names in sales_rollup_counts. */
const COUNTED_FILTERS = [
  ['RELEASE', 'releases'],
  ['SERVICE', 'services'],
  ['TRACK', 'tracks'],
  ['COUNTRY', 'countries'],
] as const;

/**
 * How many rollup rows match the filter. Without a list filter, or with one kind of list filter
 * other than artists (any number of values, with or without a date range), a sum over
 * sales_rollup_counts (at most one row per month and value); otherwise an exact count over the
 * user's rollups (artist filters, and several kinds of filter at once).
 */
async function salesCount(ctx: AppContext, owner: string, f: SalesFilter): Promise<number> {
  const lists = COUNTED_FILTERS.filter(([, key]) => f[key]?.length);
  if (f.artists?.length || lists.length > 1) {
    const { where, params } = salesWhere(owner, f);
    const rows = await ctx.sql.query<{ n: string }>(`SELECT COUNT(*)::text AS n FROM sales_rollups WHERE ${where}`, params);
    return Number(rows[0]?.n ?? 0);
  }
  const [dimension, key] = lists[0] ?? ['ALL', null];
  const values = key ? f[key]!.map((v) => (key === 'countries' ? v.toUpperCase() : v)) : [''];
  const params: unknown[] = [owner, dimension, values];
  let periods = '';
  if (f.dateFrom) {
    params.push(f.dateFrom);
    periods += ` AND period >= $${params.length}`;
  }
  if (f.dateTo) {
    params.push(f.dateTo);
    periods += ` AND period <= $${params.length}`;
  }
  const rows = await ctx.sql.query<{ n: string }>(
    `SELECT COALESCE(SUM(row_count), 0)::text AS n FROM sales_rollup_counts WHERE user_id = $1 AND dimension = $2::sales_dimension AND value = ANY($3::text[])${periods}`,
    params,
  );
  return Number(rows[0]?.n ?? 0);
}

interface RollupRow {
  id: string;
  period: string;
  artist_name: string;
  release_id: string;
  release_title: string;
  service_name: string;
  track_id: string;
  track_title: string;
  units: string;
  country_code: string;
  payable: string;
}

const OUTLET_OF_SERVICE = new Map<string, number>([
  ['Spotify', 28], ['Apple Music', 61], ['iTunes', 1], ['Deezer', 55], ['TIDAL', 50], ['Pandora', 64], ['Napster', 6],
  ['Anghami', 66], ['Boomplay', 76], ['TikTok', 79], ['Resso', 80], ['Amazon Music', 20], ['Amazon Music Unlimited', 20],
]);

function presentRollup(r: RollupRow): SaleRow {
  return {
    id: r.id,
    period: r.period,
    artistName: r.artist_name,
    releaseId: r.release_id,
    releaseTitle: r.release_title,
    serviceName: r.service_name,
    outletId: OUTLET_OF_SERVICE.get(r.service_name) ?? null,
    outletName: r.service_name,
    trackId: r.track_id,
    trackTitle: r.track_title,
    units: Number(r.units),
    countryCode: r.country_code,
    payable: r.payable,
  };
}

/** How many choices of each kind the page lists (the first by name or title). */
const FILTER_CHOICES_MAX = 500;

/** The artists, releases, services and tracks the user has sales for (kept by the import: sales-rollups.ts). */
async function salesFilters(ctx: AppContext, owner: string): Promise<SalesPayload['filters']> {
  const part = (dimension: string) =>
    `(SELECT dimension::text AS dimension, value, label FROM sales_filter_choices WHERE user_id = $1 AND dimension = '${dimension}' ORDER BY label, value LIMIT ${FILTER_CHOICES_MAX})`;
  const rows = await ctx.sql.query<{ dimension: string; value: string; label: string }>(['ARTIST', 'RELEASE', 'SERVICE', 'TRACK'].map(part).join(' UNION ALL '), [owner]);
  const of = (dimension: string) => rows.filter((r) => r.dimension === dimension);
  return {
    artists: of('ARTIST').map((r) => r.value),
    releases: of('RELEASE').map((r) => ({ id: r.value, title: r.label })),
    services: of('SERVICE').map((r) => r.value),
    tracks: of('TRACK').map((r) => ({ id: r.value, title: r.label })),
  };
}

/** Every rollup row matching the filters, in the table's order, a page at a time (the CSV export). */
export async function* exportSales(ctx: AppContext, q: SalesQuery): AsyncGenerator<SaleRow> {
  const owner = salesOwner(ctx, q.userId);
  const order = salesOrder(q);
  const { where, params } = salesWhere(owner, q);
  const chunk = 2000;
  for (let offset = 0; ; offset += chunk) {
    const rows = await ctx.sql.query<RollupRow>(`${ROLLUP_SELECT} WHERE ${where} ${order} LIMIT ${chunk} OFFSET ${offset}`, params);
    for (const r of rows) yield presentRollup(r);
    if (rows.length < chunk) return;
  }
}

/** All-time total payable of the user (USD, exact). */
export async function salesTotal(ctx: AppContext, userId?: string): Promise<{ total: string; units: number; currency: 'USD' }> {
  const owner = salesOwner(ctx, userId);
  const rows = await ctx.sql.query<{ total: string | null; units: string | null }>(`SELECT SUM(payable)::text AS total, SUM(units)::text AS units FROM sales_monthly WHERE user_id = $1`, [owner]);
  return { total: rows[0]?.total ?? '0', units: Number(rows[0]?.units ?? 0), currency: 'USD' };
}

/** Twelve months of one year, 0 for a month without sales (supporting §9 year summary). */
export async function annualSales(ctx: AppContext, input: { year?: number; userId?: string }): Promise<{ financialMonth: string; monthRevenue: string }[]> {
  const owner = salesOwner(ctx, input.userId);
  const year = input.year ?? new Date().getUTCFullYear();
  if (!Number.isInteger(year) || year < 2000 || year > 2100) throw badInput('year must be between 2000 and 2100', [{ field: 'year', key: 'range', message: 'year must be between 2000 and 2100' }]);
  const rows = await ctx.sql.query<{ period: string; payable: string }>(
    `SELECT period, payable::text AS payable FROM sales_monthly WHERE user_id = $1 AND period >= $2 AND period <= $3`,
    [owner, `${year}-01`, `${year}-12`],
  );
  const byMonth = new Map(rows.map((r) => [r.period, r.payable]));
  return Array.from({ length: 12 }, (_, i) => {
    const financialMonth = `${year}-${String(i + 1).padStart(2, '0')}`;
    return { financialMonth, monthRevenue: byMonth.get(financialMonth) ?? '0' };
  });
}

/** Month view (mode 2): payable per service in one month. */
export async function monthSalesByService(ctx: AppContext, input: { period: string; userId?: string }): Promise<{ serviceName: string; revenue: string }[]> {
  const owner = salesOwner(ctx, input.userId);
  checkPeriod(input.period, 'period');
  return ctx.sql.query<{ serviceName: string; revenue: string }>(
    `SELECT service_name AS "serviceName", SUM(payable)::text AS revenue FROM sales_rollups WHERE user_id = $1 AND period = $2 GROUP BY service_name ORDER BY SUM(payable) DESC`,
    [owner, input.period],
  );
}

/** The financial months the user has sales in, newest first. */
export async function transactionDates(ctx: AppContext, userId?: string): Promise<string[]> {
  const owner = salesOwner(ctx, userId);
  const rows = await ctx.sql.query<{ period: string }>(`SELECT period FROM sales_monthly WHERE user_id = $1 ORDER BY period DESC`, [owner]);
  return rows.map((r) => r.period);
}

/** 4-decimal USD rounding for display is the client's; exact cents of a decimal for charts. */
export function centsOf(decimal: string): number {
  const units = decimalToUnits(decimal);
  return Number((units + (units >= 0n ? 500_000n : -500_000n)) / 1_000_000n);
}

// ------------------------------------------------------------------------------ analytics

function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}


/** Whether the user has a published release (core §4): analytics are empty otherwise. */
export async function hasPublishedRelease(ctx: AppContext, owner: string): Promise<boolean> {
  const rows = await ctx.sql.query<{ ok: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM releases WHERE user_id = $1 AND (status = $2 OR (status = $3 AND (release_date IS NULL OR release_date <= $4::date)))) AS ok`,
    [owner, RELEASE_STATUS_ORDER.LIVE, RELEASE_STATUS_ORDER.DELIVERED, todayIso()],
  );
  return rows[0]?.ok === true;
}

export async function analyticsState(ctx: AppContext, userId?: string): Promise<{ isAnalyticsDisabled: boolean }> {
  const owner = salesOwner(ctx, userId);
  return { isAnalyticsDisabled: !(await hasPublishedRelease(ctx, owner)) };
}

export interface TrendsRange {
  reportDateFrom?: string;
  reportDateTo?: string;
  userId?: string;
}

/** The date range of a trends call: the last 90 days unless given; yyyy-MM-dd; at most 400 days. */
export function trendsRange(input: TrendsRange): { from: string; to: string } {
  const to = input.reportDateTo || todayIso();
  const from = input.reportDateFrom || addDays(to, -ANALYTICS_WINDOW_DAYS);
  for (const [field, v] of [['reportDateFrom', from], ['reportDateTo', to]] as const) {
    if (!DATE.test(v) || Number.isNaN(new Date(`${v}T00:00:00Z`).getTime())) throw badInput(`${field} must be yyyy-MM-dd`, [{ field, key: 'invalidDate', message: `${field} must be yyyy-MM-dd` }]);
  }
  if (from > to) throw badInput('reportDateFrom must not be after reportDateTo', [{ field: 'reportDateFrom', key: 'range', message: 'reportDateFrom must not be after reportDateTo' }]);
  if (addDays(from, MAX_RANGE_DAYS) < to) throw badInput(`The date range is at most ${MAX_RANGE_DAYS} days`, [{ field: 'reportDateFrom', key: 'range', message: `The date range is at most ${MAX_RANGE_DAYS} days` }]);
  return { from, to };
}

export interface OutletSeries {
  outletId: number;
  outletName: string;
  colour: string | null;
  quantity: number;
  points: { date: string; quantity: number }[];
}

/** Daily streams per outlet in the range (all outlets, or one), optionally of one release or track. */
export async function streamsByOutlet(ctx: AppContext, input: TrendsRange & { outletId?: number; releaseId?: string; trackId?: string }): Promise<OutletSeries[]> {
  const owner = salesOwner(ctx, input.userId);
  const { from, to } = trendsRange(input);
  if (!(await hasPublishedRelease(ctx, owner))) return [];
  const params: unknown[] = [owner, from, to];
  let extra = '';
  if (input.outletId !== undefined) {
    params.push(input.outletId);
    extra += ` AND s.outlet_id = $${params.length}`;
  }
  if (input.releaseId) {
    params.push(input.releaseId);
    extra += ` AND s.release_id = $${params.length}`;
  }
  if (input.trackId) {
    params.push(input.trackId);
    extra += ` AND s.track_id = $${params.length}`;
  }
  const rows = await ctx.sql.query<{ outlet_id: number; name: string; colour: string | null; date: string; quantity: string }>(
    `SELECT s.outlet_id, o.name, o.colour, to_char(s.date, 'YYYY-MM-DD') AS date, SUM(s.quantity)::text AS quantity
     FROM stream_daily s JOIN outlets o ON o.id = s.outlet_id
     WHERE s.user_id = $1 AND s.date BETWEEN $2::date AND $3::date${extra}
     GROUP BY s.outlet_id, o.name, o.colour, s.date ORDER BY s.outlet_id, s.date`,
    params,
  );
  const series = new Map<number, OutletSeries>();
  for (const r of rows) {
    const id = Number(r.outlet_id);
    let s = series.get(id);
    if (!s) series.set(id, (s = { outletId: id, outletName: r.name, colour: r.colour, quantity: 0, points: [] }));
    const q = Number(r.quantity);
    s.quantity += q;
    s.points.push({ date: r.date, quantity: q });
  }
  return [...series.values()].sort((a, b) => b.quantity - a.quantity);
}

function topOf(top: number | undefined): number {
  const n = top ?? TOP_ENTRIES_DEFAULT;
  if (!Number.isInteger(n) || n < 1 || n > ANALYTICS_TOP_MAX) throw badInput(`$top must be 1 to ${ANALYTICS_TOP_MAX}`, [{ field: '$top', key: 'range', message: `$top must be 1 to ${ANALYTICS_TOP_MAX}` }]);
  return n;
}

/** Streams per country in the range, most first ($orderby Quantity desc), top N (from the per-country daily sums). */
export async function streamsPerCountry(ctx: AppContext, input: TrendsRange & { top?: number }): Promise<{ countryCode: string; countryName: string; quantity: number }[]> {
  const owner = salesOwner(ctx, input.userId);
  const { from, to } = trendsRange(input);
  const top = topOf(input.top);
  if (!(await hasPublishedRelease(ctx, owner))) return [];
  const rows = await ctx.sql.query<{ code: string; name: string | null; quantity: string }>(
    `SELECT s.country_code AS code, MAX(c.name) AS name, SUM(s.quantity)::text AS quantity
     FROM stream_country_daily s LEFT JOIN countries c ON c.code = s.country_code
     WHERE s.user_id = $1 AND s.date BETWEEN $2::date AND $3::date
     GROUP BY s.country_code ORDER BY SUM(s.quantity) DESC, s.country_code LIMIT ${top}`,
    [owner, from, to],
  );
  return rows.map((r) => ({ countryCode: r.code, countryName: r.name ?? r.code, quantity: Number(r.quantity) }));
}

/** Streams per track in the range, most first, top N (from the per-track daily sums). */
export async function streamsPerTrack(ctx: AppContext, input: TrendsRange & { top?: number }): Promise<{ trackId: string; trackTitle: string; releaseTitle: string; quantity: number }[]> {
  const owner = salesOwner(ctx, input.userId);
  const { from, to } = trendsRange(input);
  const top = topOf(input.top);
  if (!(await hasPublishedRelease(ctx, owner))) return [];
  const rows = await ctx.sql.query<{ track_id: string; title: string; release_title: string; quantity: string }>(
    `SELECT t.track_id, tr.title, r.title AS release_title, t.quantity::text AS quantity FROM (
       SELECT s.track_id, SUM(s.quantity) AS quantity FROM stream_track_daily s
       WHERE s.user_id = $1 AND s.date BETWEEN $2::date AND $3::date GROUP BY s.track_id ORDER BY SUM(s.quantity) DESC, s.track_id LIMIT ${top}
     ) t JOIN tracks tr ON tr.id = t.track_id JOIN releases r ON r.id = tr.release_id ORDER BY t.quantity DESC, t.track_id`,
    [owner, from, to],
  );
  return rows.map((r) => ({ trackId: r.track_id, trackTitle: r.title, releaseTitle: r.release_title, quantity: Number(r.quantity) }));
}

// ------------------------------------------------------------------------------ staff

function requireStaff(ctx: AppContext): string {
  if (!ctx.viewer) throw new DomainError('UNAUTHENTICATED', 'Sign in required');
  if (!canImportSales(ctx.viewer)) throw new DomainError('FORBIDDEN', 'Not allowed');
  if (ctx.viewer.impersonatorId) throw new DomainError('FORBIDDEN', 'Not allowed while acting as a user');
  return ctx.viewer.userId;
}
export { requireStaff };

/** Recent import batches with their progress (staff). */
export async function listSalesImports(ctx: AppContext, input: { take?: number } = {}) {
  requireStaff(ctx);
  return ctx.prisma.salesImportBatch.findMany({ orderBy: { createdAt: 'desc' }, take: Math.min(input.take ?? 20, 100) });
}

/** One batch with its first bad lines and its lines waiting for review (staff). */
export async function salesImportDetail(ctx: AppContext, batchId: string) {
  requireStaff(ctx);
  const batch = await ctx.prisma.salesImportBatch.findUnique({ where: { id: batchId } });
  if (!batch) throw new DomainError('NOT_FOUND', 'No such sales import');
  const [errors, unmatched] = await Promise.all([
    ctx.prisma.salesImportError.findMany({ where: { importBatchId: batchId }, orderBy: { lineNo: 'asc' }, take: 200 }),
    ctx.prisma.salesImportLine.findMany({ where: { importBatchId: batchId, state: 'UNMATCHED' }, orderBy: { lineNo: 'asc' }, take: 200 }),
  ]);
  return { batch, errors, unmatched };
}
