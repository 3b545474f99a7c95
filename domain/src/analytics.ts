/**
 * Analytics and sales rules shared by the API and the browser (supporting §2, §9): the trends date
 * presets, the gauge chart's labels and the financial summary's modes.
 */
import { ANALYTICS_WINDOW_DAYS, GAUGE_LABEL_MAX_LENGTH, LAST_REPORTED_OFFSET_DAYS } from './constants';
import { addDays, addMonths } from './date-string';

/** Financial summary modes (supporting §9): the year view and the month view. */
export const FINANCIAL_SUMMARY_MODE = { YEAR: 1, MONTH: 2 } as const;
export type FinancialSummaryMode = (typeof FINANCIAL_SUMMARY_MODE)[keyof typeof FINANCIAL_SUMMARY_MODE];

export type PresetId = 'last90' | 'month' | 'quarter' | 'ytd';

/** The /trends date presets, in the order they are offered. */
export const ANALYTICS_PRESETS: readonly { id: PresetId; label: string }[] = [
  { id: 'last90', label: 'Last 90 days' },
  { id: 'month', label: 'A month from the last report' },
  { id: 'quarter', label: 'A quarter from the last report' },
  { id: 'ytd', label: 'A year from the last report' },
];

const PRESET_MONTHS: Record<Exclude<PresetId, 'last90'>, number> = { month: 1, quarter: 3, ytd: 12 };

/**
 * A preset's range (yyyy-MM-dd): the analytics window (the last 90 days to today); or, from the
 * last-reported date (today minus 120 days), a month, a quarter or a year on, never past today.
 */
export function presetRange(id: PresetId, today: string): { from: string; to: string } {
  if (id === 'last90') return { from: addDays(today, -ANALYTICS_WINDOW_DAYS), to: today };
  const from = addDays(today, -LAST_REPORTED_OFFSET_DAYS);
  const to = addMonths(from, PRESET_MONTHS[id]);
  return { from, to: to > today ? today : to };
}

/** A gauge label cut at 28 characters (supporting §2), ending in an ellipsis when cut. */
export function gaugeLabel(label: string, max = GAUGE_LABEL_MAX_LENGTH): string {
  return label.length > max ? `${label.slice(0, max - 1)}…` : label;
}
