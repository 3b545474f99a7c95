/** Legacy sales and analytics paths (supporting §7), and the staff report upload: parse, call, present. */
import { Router, type Request } from 'express';
import { coerce, enums, literal, optional, string, type } from 'superstruct';
import { fieldNames, handler, listQuery, optionalText, signedIn, validate, wholeNumberParam, worded, pathParam } from '../../http/rest-helpers.ts';
import {
  analyticsState,
  annualSales,
  centsOf,
  exportSales,
  listSales,
  salesImportDetail,
  salesTotal,
  SALES_SORT_COLUMNS,
  streamsByOutlet,
  streamsPerCountry,
  streamsPerTrack,
  transactionDates,
  type SalesQuery,
  type SalesSortColumn,
} from './sales.service.ts';
import { uploadSalesReport } from './sales-jobs.ts';
import { salesCsvHeader, salesCsvLine } from './sales-csv.ts';

/** A sort column the list knows (an own key of SALES_SORT_COLUMNS, never an inherited name). */
const sortColumn = worded(coerce(optional(enums(Object.keys(SALES_SORT_COLUMNS) as SalesSortColumn[])), literal(''), () => undefined), 'invalid', 'Unknown sort column');
const sortDirection = worded(coerce(optional(enums(['asc', 'desc'])), string(), (v) => (v === '' ? undefined : v.toLowerCase())), 'invalid', 'sortDirection must be asc or desc');
const userId = optionalText('userId');

/** The /api/sales filter parameters (the list and its CSV export). */
export const SalesQueryParams = type({
  artists: listQuery('artists'),
  releases: listQuery('releases'),
  services: listQuery('services'),
  tracks: listQuery('tracks'),
  countries: listQuery('countries'),
  dateFrom: optionalText('dateFrom'),
  dateTo: optionalText('dateTo'),
  sortColumn,
  sortDirection,
  page: wholeNumberParam('page'),
  pageSize: wholeNumberParam('pageSize'),
  userId,
});
const salesWording = { sentences: { sortColumn: `sortColumn must be one of ${Object.keys(SALES_SORT_COLUMNS).join(', ')}` }, noKey: fieldNames(SalesQueryParams) };

/** Parses the /api/sales filter parameters (one validate step). */
export function parseSalesQuery(q: Request['query']): SalesQuery {
  return validate(SalesQueryParams, q, salesWording);
}

/** The viewer, or (staff) another user, whose figures a path reads. */
const UserQuery = type({ userId });
const userQuery = (q: Request['query']) => validate(UserQuery, q, { noKey: ['userId'] }).userId;

const AnnualQuery = type({ year: wholeNumberParam('year'), userId });

const TrendsQuery = type({
  reportDateFrom: optionalText('reportDateFrom'),
  reportDateTo: optionalText('reportDateTo'),
  $top: wholeNumberParam('$top'),
  $orderby: worded(coerce(optional(literal('quantity desc')), string(), (v) => (v === '' ? undefined : v.toLowerCase())), 'invalid', "$orderby must be 'Quantity desc'"),
  userId,
});

function trendsQuery(q: Request['query']) {
  const { reportDateFrom, reportDateTo, $top, userId } = validate(TrendsQuery, q, { noKey: fieldNames(TrendsQuery) });
  return { reportDateFrom, reportDateTo, top: $top, userId };
}

const OutletParams = type({ outletId: wholeNumberParam('outletId') });
const OutletQuery = type({
  reportDateFrom: optionalText('reportDateFrom'),
  reportDateTo: optionalText('reportDateTo'),
  releaseId: optionalText('releaseId'),
  trackId: optionalText('trackId'),
  userId,
});

const ImportQuery = type({ period: optionalText('period'), source: optionalText('source'), fileName: optionalText('fileName') });

export function salesRouter(): Router {
  const r = Router();
  r.get('/sales', signedIn, handler(async (req) => listSales(req.ctx, parseSalesQuery(req.query))));
  r.get('/sales/total', signedIn, handler(async (req) => salesTotal(req.ctx, userQuery(req.query))));
  r.get(
    '/sales/annual',
    signedIn,
    handler(async (req) => (await annualSales(req.ctx, validate(AnnualQuery, req.query, { noKey: fieldNames(AnnualQuery) }))).map((m) => ({ financialMonth: m.financialMonth, monthRevenue: centsOf(m.monthRevenue) / 100 }))),
  );
  r.get('/sales/transaction-dates', signedIn, handler(async (req) => transactionDates(req.ctx, userQuery(req.query))));
  r.get(
    '/sales/export.csv',
    signedIn,
    handler(async (req, res) => {
      const query = parseSalesQuery(req.query);
      const rows = exportSales(req.ctx, query);
      const first = await rows.next();
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', 'attachment; filename="sales.csv"');
      res.setHeader('Cache-Control', 'no-store');
      res.write(salesCsvHeader());
      if (!first.done) res.write(salesCsvLine(first.value));
      for await (const row of rows) if (!res.write(salesCsvLine(row))) await new Promise((resolve) => res.once('drain', resolve));
      res.end();
    }),
  );
  r.get('/analytics/trends/analytics-state', signedIn, handler(async (req) => analyticsState(req.ctx, userQuery(req.query))));
  r.get('/analytics/trends/streams-per-country', signedIn, handler(async (req) => streamsPerCountry(req.ctx, trendsQuery(req.query))));
  r.get('/analytics/trends/streams-per-track', signedIn, handler(async (req) => streamsPerTrack(req.ctx, trendsQuery(req.query))));
  r.get(
    '/analytics/trends/streams/:outletId',
    signedIn,
    handler(async (req) => {
      const { outletId } = validate(OutletParams, req.params, { noKey: ['outletId'] });
      const series = await streamsByOutlet(req.ctx, { outletId, ...validate(OutletQuery, req.query, { noKey: fieldNames(OutletQuery) }) });
      const s = series[0];
      return { outletId, quantity: s?.quantity ?? 0, points: s?.points ?? [] };
    }),
  );
  // Staff: upload a store report (raw body, gzip or plain); the import runs as a durable job.
  r.post(
    '/support/sales-imports',
    signedIn,
    handler(async (req, res) => {
      const q = validate(ImportQuery, req.query, { noKey: fieldNames(ImportQuery) });
      const out = await uploadSalesReport(req.ctx, { body: req, period: q.period ?? '', source: q.source ?? '', fileName: q.fileName ?? null });
      res.status(out.created ? 202 : 200);
      return out;
    }),
  );
  r.get(
    '/support/sales-imports/:id',
    signedIn,
    handler(async (req) => {
      const d = await salesImportDetail(req.ctx, pathParam(req, 'id'));
      return { ...d.batch, postedMinor: d.batch.postedMinor.toString(), errors: d.errors.map((e) => ({ lineNo: e.lineNo, message: e.message })), unmatched: d.unmatched.map((l) => ({ ...l, id: l.id.toString() })) };
    }),
  );
  return r;
}
