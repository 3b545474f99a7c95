import { ANALYTICS_PRESETS, FINANCIAL_SUMMARY_MODE, gaugeLabel, presetRange } from './analytics';

describe('presetRange', () => {
  it.each([
    ['last90', { from: '2025-03-02', to: '2025-05-31' }],
    ['month', { from: '2025-01-31', to: '2025-02-28' }],
    ['quarter', { from: '2025-01-31', to: '2025-04-30' }],
    ['ytd', { from: '2025-01-31', to: '2025-05-31' }],
  ] as const)('%s from 2025-05-31', (id, range) => {
    expect(presetRange(id, '2025-05-31')).toEqual(range);
  });
  it('offers every preset once, the analytics window first', () => {
    expect(ANALYTICS_PRESETS.map((p) => p.id)).toEqual(['last90', 'month', 'quarter', 'ytd']);
  });
});

describe('gaugeLabel', () => {
  it('keeps a label of 28 characters and cuts a longer one to 28 with an ellipsis', () => {
    expect(gaugeLabel('A'.repeat(28))).toBe('A'.repeat(28));
    expect(gaugeLabel('B'.repeat(40))).toBe(`${'B'.repeat(27)}…`);
    expect(gaugeLabel('Short', 3)).toBe('Sh…');
  });
});

it('has the financial summary modes of supporting §9', () => {
  expect(FINANCIAL_SUMMARY_MODE).toEqual({ YEAR: 1, MONTH: 2 });
});
