import {
  analyticsWindow,
  ANALYTICS_OUTLETS,
  emptySalesResult,
  FINANCIAL_SUMMARY_MODE,
  gaugeLabel,
  lastReportedRange,
  monthlyValues,
  outletName,
} from './analytics';

describe('date windows', () => {
  it('analytics window is the last 90 days', () => {
    expect(analyticsWindow('2024-06-15')).toEqual({ reportDateFrom: '2024-03-17', reportDateTo: '2024-06-15' });
  });
  it.each([
    ['month', { reportDateFrom: '2024-01-16', reportDateTo: '2024-02-16' }],
    ['quarter', { reportDateFrom: '2023-11-16', reportDateTo: '2024-02-16' }],
    ['ytd', { reportDateFrom: '2023-02-16', reportDateTo: '2024-02-16' }],
  ] as const)('lastReportedRange(2024-06-15, %s)', (period, range) => {
    expect(lastReportedRange('2024-06-15', period)).toEqual(range);
  });
});

describe('monthlyValues', () => {
  it('fills 12 months with 0 for missing ones and sums repeats', () => {
    const rows = [
      { financialMonth: '2024-01', monthRevenue: 10 },
      { financialMonth: '2024-03', monthRevenue: 2.5 },
      { financialMonth: '2024-03', monthRevenue: 1 },
      { financialMonth: '2024-12-01', monthRevenue: 7 },
      { financialMonth: '2023-02', monthRevenue: 99 },
      { financialMonth: '2024-13', monthRevenue: 99 },
      { financialMonth: '2024-00', monthRevenue: 99 },
      { financialMonth: 'bad', monthRevenue: 99 },
    ];
    expect(monthlyValues(rows, 2024)).toEqual([10, 0, 3.5, 0, 0, 0, 0, 0, 0, 0, 0, 7]);
    expect(monthlyValues([], 2024)).toHaveLength(12);
  });
});

describe('constants and helpers', () => {
  it('has the modes and outlets', () => {
    expect(FINANCIAL_SUMMARY_MODE).toEqual({ YEAR: 1, MONTH: 2 });
    expect(ANALYTICS_OUTLETS).toHaveLength(17);
  });
  it.each([
    [28, 'Spotify'],
    [61, 'Apple Music'],
    [1001, 'Linkfire'],
    [2, undefined],
  ])('outletName(%i) = %j', (id, name) => {
    expect(outletName(id)).toBe(name);
  });
  it('empty sales result', () => {
    expect(emptySalesResult()).toEqual({ transactions: [], count: 0, filters: { artists: [], releases: [], services: [], tracks: [] } });
  });
  it.each([
    ['Short', 'Short'],
    ['x'.repeat(28), 'x'.repeat(28)],
    ['A very long track title that keeps going', 'A very long track title that'],
  ])('gaugeLabel(%j) = %j', (label, out) => {
    expect(gaugeLabel(label)).toBe(out);
  });
});
