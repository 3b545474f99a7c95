/** The CSV export of the /sales table: the columns of supporting §2, one line per row (RFC 4180). */
import type { SaleRow } from './sales.service.ts';

export const SALES_CSV_COLUMNS = ['Period', 'Artist', 'Release', 'Service', 'Track Title', 'Units', 'Country', 'Payable USD'] as const;

function cell(v: string | number): string {
  let s = String(v);
  // A cell starting with =, +, - or @ would run as a formula in spreadsheets.
  if (/^[=+\-@\t\r]/.test(s) && typeof v === 'string') s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function salesCsvHeader(): string {
  return SALES_CSV_COLUMNS.join(',') + '\r\n';
}

export function salesCsvLine(r: SaleRow): string {
  return [r.period, r.artistName, r.releaseTitle, r.serviceName, r.trackTitle, r.units, r.countryCode, r.payable].map(cell).join(',') + '\r\n';
}
