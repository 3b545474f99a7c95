/** Shaping of the sales page's data: money text, chart bars, export links. Pure and tested. */
import { downloads } from '../../lib/rest';

/** An exact decimal USD string rounded half-up to cents, as a number of cents. */
export function centsOfDecimal(decimal: string): number {
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(decimal.trim());
  if (!m) return 0;
  const [, sign, whole, frac = ''] = m;
  const digits = (frac + '000').slice(0, 3);
  let cents = Number(whole) * 100 + Number(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) cents += 1;
  return sign ? -cents : cents;
}

/** "$1,234.57" from an exact decimal string. */
export function formatUsd(decimal: string): string {
  const cents = centsOfDecimal(decimal);
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export interface Bar {
  key: string;
  label: string;
  /** In cents, so bar heights are exact. */
  cents: number;
}

/** Year view (mode 1): one bar per month, Jan..Dec, 0 for a missing month. */
export function yearBars(months: readonly { financialMonth: string; monthRevenue: string }[]): Bar[] {
  return months.map((m) => ({ key: m.financialMonth, label: MONTHS[Number(m.financialMonth.slice(5, 7)) - 1] ?? m.financialMonth, cents: centsOfDecimal(m.monthRevenue) }));
}

/** Month view (mode 2): one bar per service, largest first. */
export function serviceBars(services: readonly { serviceName: string; revenue: string }[]): Bar[] {
  return services.map((s) => ({ key: s.serviceName, label: s.serviceName, cents: centsOfDecimal(s.revenue) })).sort((a, b) => b.cents - a.cents);
}

/** "March 2025" for "2025-03". */
export function monthName(period: string): string {
  const [y, m] = period.split('-');
  return `${['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'][Number(m) - 1] ?? m} ${y}`;
}

export interface SalesFilterState {
  services: string[];
  artists: string[];
  releases: string[];
  tracks: string[];
  countries: string[];
  dateFrom: string;
  dateTo: string;
}

export const EMPTY_FILTERS: SalesFilterState = { services: [], artists: [], releases: [], tracks: [], countries: [], dateFrom: '', dateTo: '' };

/** The GraphQL filter input: only what is set. */
export function filterInput(f: SalesFilterState) {
  const out: Record<string, string[] | string> = {};
  for (const k of ['services', 'artists', 'releases', 'tracks', 'countries'] as const) if (f[k].length) out[k] = f[k];
  if (f.dateFrom) out.dateFrom = f.dateFrom;
  if (f.dateTo) out.dateTo = f.dateTo;
  return out;
}

/** The CSV export address for exactly the filtered (and sorted) rows. */
export function exportHref(f: SalesFilterState, sort: { column: string; direction: 'asc' | 'desc' }): string {
  const p = new URLSearchParams();
  for (const k of ['services', 'artists', 'releases', 'tracks', 'countries'] as const) for (const v of f[k]) p.append(k, v);
  if (f.dateFrom) p.set('dateFrom', f.dateFrom);
  if (f.dateTo) p.set('dateTo', f.dateTo);
  p.set('sortColumn', sort.column);
  p.set('sortDirection', sort.direction);
  return downloads.salesExportCsv(p);
}
