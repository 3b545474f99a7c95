/** Legacy sales and analytics paths (supporting §7), and the staff report upload: parse, call, present. */
import { Router, type Request } from 'express';
import { handler, signedIn } from '../../http/rest-helpers.ts';
import { badInput } from '../../domain-error.ts';
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

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** A list parameter: repeated (?services=a&services=b) or comma-separated. */
function list(v: unknown): string[] | undefined {
  const values = (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string').flatMap((x) => x.split(',')).map((x) => x.trim()).filter(Boolean);
  return values.length ? values.slice(0, 200) : undefined;
}

function int(v: unknown, field: string): number | undefined {
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'string' || !/^\d{1,7}$/.test(v)) throw badInput(`${field} must be a whole number`, [{ field, key: 'invalid', message: `${field} must be a whole number` }]);
  return Number(v);
}

/** Parses the /api/sales filter parameters (one validate step). */
export function parseSalesQuery(q: Request['query']): SalesQuery {
  const sortColumn = str(q.sortColumn);
  if (sortColumn && !(sortColumn in SALES_SORT_COLUMNS)) throw badInput(`sortColumn must be one of ${Object.keys(SALES_SORT_COLUMNS).join(', ')}`, [{ field: 'sortColumn', key: 'invalid', message: 'Unknown sort column' }]);
  const sortDirection = str(q.sortDirection)?.toLowerCase();
  if (sortDirection && sortDirection !== 'asc' && sortDirection !== 'desc') throw badInput('sortDirection must be asc or desc', [{ field: 'sortDirection', key: 'invalid', message: 'sortDirection must be asc or desc' }]);
  return {
    artists: list(q.artists),
    releases: list(q.releases),
    services: list(q.services),
    tracks: list(q.tracks),
    countries: list(q.countries),
    dateFrom: str(q.dateFrom),
    dateTo: str(q.dateTo),
    sortColumn: sortColumn as SalesSortColumn | undefined,
    sortDirection: sortDirection as 'asc' | 'desc' | undefined,
    page: int(q.page, 'page'),
    pageSize: int(q.pageSize, 'pageSize'),
    userId: str(q.userId),
  };
}

function trendsQuery(q: Request['query']) {
  const orderby = str(q.$orderby);
  if (orderby && orderby.toLowerCase() !== 'quantity desc') throw badInput("$orderby must be 'Quantity desc'", [{ field: '$orderby', key: 'invalid', message: "$orderby must be 'Quantity desc'" }]);
  return { reportDateFrom: str(q.reportDateFrom), reportDateTo: str(q.reportDateTo), top: int(q.$top, '$top'), userId: str(q.userId) };
}

export function salesRouter(): Router {
  const r = Router();
  r.get('/sales', signedIn, handler(async (req) => listSales(req.ctx, parseSalesQuery(req.query))));
  r.get('/sales/total', signedIn, handler(async (req) => salesTotal(req.ctx, str(req.query.userId))));
  r.get(
    '/sales/annual',
    signedIn,
    handler(async (req) => (await annualSales(req.ctx, { year: int(req.query.year, 'year'), userId: str(req.query.userId) })).map((m) => ({ financialMonth: m.financialMonth, monthRevenue: centsOf(m.monthRevenue) / 100 }))),
  );
  r.get('/sales/transaction-dates', signedIn, handler(async (req) => transactionDates(req.ctx, str(req.query.userId))));
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
  r.get('/analytics/trends/analytics-state', signedIn, handler(async (req) => analyticsState(req.ctx, str(req.query.userId))));
  r.get('/analytics/trends/streams-per-country', signedIn, handler(async (req) => streamsPerCountry(req.ctx, trendsQuery(req.query))));
  r.get('/analytics/trends/streams-per-track', signedIn, handler(async (req) => streamsPerTrack(req.ctx, trendsQuery(req.query))));
  r.get(
    '/analytics/trends/streams/:outletId',
    signedIn,
    handler(async (req) => {
      const outletId = int(req.params.outletId, 'outletId');
      const series = await streamsByOutlet(req.ctx, {
        outletId,
        reportDateFrom: str(req.query.reportDateFrom),
        reportDateTo: str(req.query.reportDateTo),
        releaseId: str(req.query.releaseId),
        trackId: str(req.query.trackId),
        userId: str(req.query.userId),
      });
      const s = series[0];
      return { outletId, quantity: s?.quantity ?? 0, points: s?.points ?? [] };
    }),
  );
  // Staff: upload a store report (raw body, gzip or plain); the import runs as a durable job.
  r.post(
    '/support/sales-imports',
    signedIn,
    handler(async (req, res) => {
      const out = await uploadSalesReport(req.ctx, { body: req, period: str(req.query.period) ?? '', source: str(req.query.source) ?? '', fileName: str(req.query.fileName) ?? null });
      res.status(out.created ? 202 : 200);
      return out;
    }),
  );
  r.get(
    '/support/sales-imports/:id',
    signedIn,
    handler(async (req) => {
      const d = await salesImportDetail(req.ctx, String(req.params.id));
      return { ...d.batch, postedMinor: d.batch.postedMinor.toString(), errors: d.errors.map((e) => ({ lineNo: e.lineNo, message: e.message })), unmatched: d.unmatched.map((l) => ({ ...l, id: l.id.toString() })) };
    }),
  );
  return r;
}
