/** Analytics and sales helpers (supporting spec §2, §3, §8, §9): date windows, monthly values, modes and outlets. */
import { ANALYTICS_WINDOW_DAYS, GAUGE_LABEL_MAX_LENGTH, LAST_REPORTED_OFFSET_DAYS } from './constants';
import { addDays, addMonths } from './date-string';

export interface DateRange {
  reportDateFrom: string;
  reportDateTo: string;
}

/** The analytics window: the last 90 days up to today (yyyy-MM-dd). */
export function analyticsWindow(today: string): DateRange {
  return { reportDateFrom: addDays(today, -ANALYTICS_WINDOW_DAYS), reportDateTo: today };
}

export type LastReportedPeriod = 'month' | 'quarter' | 'ytd';
const PERIOD_MONTHS: Record<LastReportedPeriod, number> = { month: 1, quarter: 3, ytd: 12 };

/** Last-reported ranges end at today minus 120 days and start a month, a quarter (3 months) or a year earlier. */
export function lastReportedRange(today: string, period: LastReportedPeriod): DateRange {
  const end = addDays(today, -LAST_REPORTED_OFFSET_DAYS);
  return { reportDateFrom: addMonths(end, -PERIOD_MONTHS[period]), reportDateTo: end };
}

/** Twelve monthly values (January first) for a year from the annual sales rows ('YYYY-MM'); 0 for months without a row, rows of one month summed. */
export function monthlyValues(rows: readonly { financialMonth: string; monthRevenue: number }[], year: number): number[] {
  const values = Array.from({ length: 12 }, () => 0);
  for (const row of rows) {
    const match = /^(\d{4})-(\d{2})/.exec(row.financialMonth);
    const month = match && Number(match[1]) === year ? Number(match[2]) : 0;
    if (month >= 1 && month <= 12) values[month - 1] = (values[month - 1] as number) + row.monthRevenue;
  }
  return values;
}

/** Financial summary modes: year view 1, month view 2. */
export const FINANCIAL_SUMMARY_MODE = { YEAR: 1, MONTH: 2 } as const;

/** Analytics outlets by id. */
export const ANALYTICS_OUTLETS: readonly { id: number; name: string }[] = [
  [1, 'iTunes'], [6, 'Napster'], [20, 'Amazon'], [28, 'Spotify'], [32, 'Google Music'], [50, 'Tidal'],
  [55, 'Deezer'], [58, 'iTunes Match'], [61, 'Apple Music'], [63, 'Beats 1'], [64, 'Pandora'],
  [66, 'Anghami'], [76, 'Boomplay'], [78, 'YouSee'], [79, 'TikTok'], [80, 'Resso'], [1001, 'Linkfire'],
].map(([id, name]) => ({ id: id as number, name: name as string }));

/** The outlet name for an id, or undefined. */
export function outletName(id: number): string | undefined {
  return ANALYTICS_OUTLETS.find((o) => o.id === id)?.name;
}

/** What a failed sales fetch yields: no transactions, count 0, empty filters. */
export function emptySalesResult() {
  return { transactions: [], count: 0, filters: { artists: [], releases: [], services: [], tracks: [] } };
}

/** Gauge chart arc labels are cut to 28 characters. */
export function gaugeLabel(label: string): string {
  return label.length > GAUGE_LABEL_MAX_LENGTH ? label.slice(0, GAUGE_LABEL_MAX_LENGTH) : label;
}
