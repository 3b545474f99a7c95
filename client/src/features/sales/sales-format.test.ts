import { centsOfDecimal, exportHref, EMPTY_FILTERS, filterInput, formatUsd, monthName, serviceBars, yearBars } from './sales-format';

test.each([
  ['0', 0],
  ['5.12845679', 513],
  ['5.12445679', 512],
  ['12', 1200],
  ['0.005', 1],
  ['-1.239', -124],
  ['junk', 0],
])('centsOfDecimal(%s) = %i', (text, cents) => {
  expect(centsOfDecimal(text)).toBe(cents);
});

test('formats exact decimals as dollars', () => {
  expect(formatUsd('1234.5678')).toBe('$1,234.57');
});

test('year bars are twelve months in order with 0 for missing', () => {
  const months = Array.from({ length: 12 }, (_, i) => ({ financialMonth: `2025-${String(i + 1).padStart(2, '0')}`, monthRevenue: i === 2 ? '5.75' : '0' }));
  const bars = yearBars(months);
  expect(bars).toHaveLength(12);
  expect(bars[0]).toEqual({ key: '2025-01', label: 'Jan', cents: 0 });
  expect(bars[2]).toEqual({ key: '2025-03', label: 'Mar', cents: 575 });
});

test('service bars are largest first', () => {
  expect(serviceBars([{ serviceName: 'Deezer', revenue: '1' }, { serviceName: 'Spotify', revenue: '3.5' }]).map((b) => b.label)).toEqual(['Spotify', 'Deezer']);
});

test('month names', () => {
  expect(monthName('2025-03')).toBe('March 2025');
});

test('the export link carries exactly the filters and the sort', () => {
  const f = { ...EMPTY_FILTERS, services: ['Spotify', 'Apple Music'], dateFrom: '2025-01' };
  expect(exportHref(f, { column: 'payable', direction: 'desc' })).toBe('/api/sales/export.csv?services=Spotify&services=Apple+Music&dateFrom=2025-01&sortColumn=payable&sortDirection=desc');
  expect(filterInput(f)).toEqual({ services: ['Spotify', 'Apple Music'], dateFrom: '2025-01' });
});
