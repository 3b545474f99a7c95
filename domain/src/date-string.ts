/**
 * Calendar dates as 'YYYY-MM-DD' strings. Domain code never reads the clock: "today" is always an
 * argument, and two ISO calendar dates compare correctly as plain strings.
 */
import { DATE_MAX_YEAR, DATE_MIN_YEAR } from './constants';

export interface DateParts {
  year: number;
  month: number;
  day: number;
}

const YMD = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:T.*)?$/;
const MDY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** Days in a month of a year (Gregorian leap years). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The spec's date-string parser: >= 8 characters, Y-M-D or M/D/Y, year 1921-2299, month 1-12, day 1-31 (and a real day of that month), else null. */
export function parseDateString(value: unknown): DateParts | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text.length < 8) return null;
  const ymd = YMD.exec(text);
  const mdy = ymd ? null : MDY.exec(text);
  const [year, month, day] = ymd ? [ymd[1], ymd[2], ymd[3]] : mdy ? [mdy[3], mdy[1], mdy[2]] : [];
  if (year === undefined || month === undefined || day === undefined) return null;
  const parts = { year: Number(year), month: Number(month), day: Number(day) };
  if (parts.year < DATE_MIN_YEAR || parts.year > DATE_MAX_YEAR) return null;
  if (parts.month < 1 || parts.month > 12) return null;
  if (parts.day < 1 || parts.day > daysInMonth(parts.year, parts.month)) return null;
  return parts;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Formats date parts as the canonical 'YYYY-MM-DD' used by the API and the database. */
export function formatIsoDate(parts: DateParts): string {
  return `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}`;
}

/** Parses any accepted date input into 'YYYY-MM-DD', or null when it is not a valid date. */
export function toIsoDate(value: unknown): string | null {
  const parts = parseDateString(value);
  return parts ? formatIsoDate(parts) : null;
}

/** The calendar-date part of an ISO date or timestamp ('2024-05-01T10:00Z' -> '2024-05-01'); release dates compare as calendar dates. */
export function toCalendarDate(value: string): string {
  return value.slice(0, 10);
}

/** Formats 'YYYY-MM-DD' as 'MM/dd/yyyy' (the release date display), or null when not a date. */
export function formatUsDate(value: string): string | null {
  const parts = parseDateString(toCalendarDate(value));
  return parts ? `${pad(parts.month)}/${pad(parts.day)}/${pad(parts.year, 4)}` : null;
}

function fromUtc(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

function partsOf(isoDate: string): DateParts {
  return { year: Number(isoDate.slice(0, 4)), month: Number(isoDate.slice(5, 7)), day: Number(isoDate.slice(8, 10)) };
}

/** Adds (or with a negative count subtracts) calendar days to a 'YYYY-MM-DD' date. */
export function addDays(isoDate: string, days: number): string {
  const { year, month, day } = partsOf(isoDate);
  return fromUtc(new Date(Date.UTC(year, month - 1, day + days)));
}

/** Adds calendar months to a 'YYYY-MM-DD' date, clamping the day to the target month's length (03-31 minus 1 month = 02-28/29). */
export function addMonths(isoDate: string, months: number): string {
  const { year, month, day } = partsOf(isoDate);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  return formatIsoDate({ year: targetYear, month: targetMonth, day: Math.min(day, daysInMonth(targetYear, targetMonth)) });
}

/** Compares two calendar dates: negative, 0 or positive. */
export function compareDates(a: string, b: string): number {
  const x = toCalendarDate(a);
  const y = toCalendarDate(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The UTC calendar date of an instant ('YYYY-MM-DD'); callers pass `new Date()` once, at the edge. */
export function utcDate(instant: Date): string {
  return fromUtc(instant);
}
