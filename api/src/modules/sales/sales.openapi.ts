/** OpenAPI declarations of the sales and analytics paths (supporting §7; http/openapi.ts reads them into /api/openapi.json). */
import { documentRoutes, type JsonSchema } from '../../http/openapi.ts';
import { ANALYTICS_TOP_MAX, SALES_MAX_PAGE_SIZE, SALES_SORT_COLUMNS } from './sales.service.ts';

const str = { type: 'string' };
const int = { type: 'integer' };
const obj = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', required: Object.keys(properties), properties });
const listParam = { type: 'string', description: 'Repeated, or comma-separated.' };
const userId = { type: 'string', description: "Staff: another user's data (read-only)." };
const day = { type: 'string', format: 'date' };

/** The /api/sales filters, shared by the list and its CSV export. */
const salesFilters: Record<string, JsonSchema> = {
  artists: listParam,
  releases: { ...listParam, description: 'Release ids; repeated, or comma-separated.' },
  services: listParam,
  tracks: { ...listParam, description: 'Track ids; repeated, or comma-separated.' },
  countries: { ...listParam, description: 'ISO country codes; repeated, or comma-separated.' },
  dateFrom: day,
  dateTo: day,
  sortColumn: { enum: Object.keys(SALES_SORT_COLUMNS) },
  sortDirection: { enum: ['asc', 'desc'] },
  page: { ...int, minimum: 1 },
  pageSize: { ...int, minimum: 1, maximum: SALES_MAX_PAGE_SIZE },
  userId,
};
const trends: Record<string, JsonSchema> = { reportDateFrom: day, reportDateTo: day, userId };
const top: Record<string, JsonSchema> = { $top: { ...int, minimum: 1, maximum: ANALYTICS_TOP_MAX, default: 5 }, $orderby: { const: 'Quantity desc' } };

const sale = obj({
  id: str,
  period: str,
  artistName: str,
  releaseId: str,
  releaseTitle: str,
  serviceName: str,
  outletId: { type: ['integer', 'null'] },
  outletName: str,
  trackId: str,
  trackTitle: str,
  units: int,
  countryCode: str,
  payable: { ...str, description: 'USD, exact to 8 decimals.' },
});
const idTitle = { type: 'array', items: obj({ id: str, title: str }) };
const decimal = { type: 'string', description: 'A decimal amount, exact to 8 places.' };
const strOrNull = { type: ['string', 'null'] };
/** A store report import batch (its table row; the main fields). */
const salesImport: JsonSchema = {
  type: 'object',
  required: ['id', 'source', 'fileName', 'period', 'status', 'rowCount', 'totalPayable', 'currency', 'error', 'createdAt', 'postedAt', 'rowsRead', 'rowsMatched', 'rowsUnmatched', 'rowsRejected', 'postedMinor'],
  properties: {
    id: str,
    source: str,
    fileName: strOrNull,
    period: { ...str, description: 'YYYY-MM.' },
    status: { enum: ['PENDING', 'PROCESSING', 'IMPORTED', 'POSTED', 'FAILED'] },
    rowCount: int,
    totalPayable: decimal,
    netPayable: decimal,
    clearingRemainder: decimal,
    currency: str,
    error: strOrNull,
    createdAt: { type: 'string', format: 'date-time' },
    postedAt: { type: ['string', 'null'], format: 'date-time' },
    rowsRead: int,
    rowsMatched: int,
    rowsUnmatched: int,
    rowsRejected: int,
    postedMinor: { ...str, description: 'Posted to the ledger, in cents (a whole number as text).' },
  },
};
const unmatchedLine = {
  type: 'object',
  required: ['id', 'lineNo', 'period', 'serviceName', 'units', 'payable'],
  properties: { id: str, lineNo: int, period: str, reportDate: { type: 'string', format: 'date-time' }, serviceName: str, isrc: strOrNull, upc: strOrNull, artistName: strOrNull, releaseTitle: strOrNull, trackTitle: strOrNull, countryCode: strOrNull, units: int, payable: decimal, currency: str },
};

documentRoutes({
  'POST /api/support/sales-imports': {
    summary: "Staff: uploads a store's sales report (the import runs as a job)",
    description: 'The body is the report itself (CSV or DSR, plain or gzip), not JSON; the query names it.',
    query: { period: { ...str, description: 'YYYY-MM.' }, source: { ...str, description: 'The store or report format.' }, fileName: str },
    response: { status: 202, schema: obj({ batchId: str, created: { type: 'boolean' } }), also: { 200: 'The same file was uploaded before: its batch (created false).' } },
  },
  'GET /api/support/sales-imports/:id': {
    summary: 'Staff: a sales import, its errors and its unmatched lines (200 of each at most)',
    response: { status: 200, schema: { allOf: [salesImport, obj({ errors: { type: 'array', items: obj({ lineNo: int, message: str }) }, unmatched: { type: 'array', items: unmatchedLine } })] } },
    errors: { 404: 'No such sales import.' },
  },
  'GET /api/sales': {
    summary: 'Sales lines, filtered, sorted and paged, with the values each filter can take',
    query: salesFilters,
    response: { status: 200, schema: obj({ transactions: { type: 'array', items: sale }, count: int, filters: obj({ artists: { type: 'array', items: str }, releases: idTitle, services: { type: 'array', items: str }, tracks: idTitle }) }) },
  },
  'GET /api/sales/export.csv': { summary: 'The filtered sales lines as CSV (all pages)', query: salesFilters, response: { status: 200, contentType: 'text/csv', description: 'The lines (attachment sales.csv).' } },
  'GET /api/sales/total': { summary: 'Total earnings and units', query: { userId }, response: { status: 200, schema: obj({ total: { ...str, description: 'USD as a decimal string.' }, units: int, currency: { const: 'USD' } }) } },
  'GET /api/sales/annual': {
    summary: 'Revenue per month of a year',
    query: { year: int, userId },
    response: { status: 200, schema: { type: 'array', items: obj({ financialMonth: str, monthRevenue: { type: 'number', description: 'USD.' } }) } },
  },
  'GET /api/sales/transaction-dates': { summary: 'The periods that have sales', query: { userId }, response: { status: 200, schema: { type: 'array', items: str } } },
  'GET /api/analytics/trends/analytics-state': { summary: 'Whether analytics are switched off for the user', query: { userId }, response: { status: 200, schema: obj({ isAnalyticsDisabled: { type: 'boolean' } }) } },
  'GET /api/analytics/trends/streams-per-country': {
    summary: 'Top countries by streams in a date range (default the last 90 days)',
    query: { ...trends, ...top },
    response: { status: 200, schema: { type: 'array', items: obj({ countryCode: str, countryName: str, quantity: int }) } },
  },
  'GET /api/analytics/trends/streams-per-track': {
    summary: 'Top tracks by streams in a date range (default the last 90 days)',
    query: { ...trends, ...top },
    response: { status: 200, schema: { type: 'array', items: obj({ trackId: str, trackTitle: str, releaseTitle: str, quantity: int }) } },
  },
  'GET /api/analytics/trends/streams/:outletId': {
    summary: 'Daily streams on one outlet, optionally of one release or track',
    query: { ...trends, releaseId: str, trackId: str },
    response: { status: 200, schema: obj({ outletId: int, quantity: int, points: { type: 'array', items: obj({ date: str, quantity: int }) } }) },
  },
});
