import { addDays, addMonths, compareDates, daysInMonth, formatIsoDate, formatUsDate, parseDateString, toCalendarDate, toIsoDate, utcDate } from './date-string';

describe('parseDateString', () => {
  it.each([
    ['2000-01-01', { year: 2000, month: 1, day: 1 }],
    ['2000-1-5', { year: 2000, month: 1, day: 5 }],
    ['1/5/2000', { year: 2000, month: 1, day: 5 }],
    ['12/31/2299', { year: 2299, month: 12, day: 31 }],
    ['1921-01-01', { year: 1921, month: 1, day: 1 }],
    ['  2024-02-29  ', { year: 2024, month: 2, day: 29 }],
    ['2024-05-01T10:00:00.000Z', { year: 2024, month: 5, day: 1 }],
  ])('parses %j', (input, expected) => {
    expect(parseDateString(input)).toEqual(expected);
  });

  it.each([
    [null],
    [undefined],
    [20000101],
    ['1/1/200'], // shorter than 8 characters
    ['2000/01/01'],
    ['01-01-2000'],
    ['abcdefgh'],
    ['1920-12-31'],
    ['2300-01-01'],
    ['2000-00-10'],
    ['2000-13-10'],
    ['2000-01-00'],
    ['2000-01-32'],
    ['2023-02-29'],
    ['13/01/2000'],
  ])('rejects %j', (input) => {
    expect(parseDateString(input)).toBeNull();
  });
});

describe('formatting', () => {
  it('formats ISO dates with padding', () => {
    expect(formatIsoDate({ year: 999, month: 2, day: 3 })).toBe('0999-02-03');
  });
  it.each([
    ['3/4/2001', '2001-03-04'],
    ['nope', null],
  ])('toIsoDate(%j) = %j', (input, expected) => {
    expect(toIsoDate(input)).toBe(expected);
  });
  it.each([
    ['2024-07-04', '07/04/2024'],
    ['2024-07-04T23:59:59Z', '07/04/2024'],
    ['garbage!', null],
  ])('formatUsDate(%j) = %j', (input, expected) => {
    expect(formatUsDate(input)).toBe(expected);
  });
  it('takes the calendar part of a timestamp', () => {
    expect(toCalendarDate('2024-05-01T00:00:00Z')).toBe('2024-05-01');
  });
});

describe('arithmetic', () => {
  it.each([
    ['2024-03-01', -1, '2024-02-29'],
    ['2024-12-31', 1, '2025-01-01'],
    ['2024-05-10', -120, '2024-01-11'],
    ['2024-05-10', 0, '2024-05-10'],
  ])('addDays(%s, %i) = %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });
  it.each([
    ['2024-03-31', -1, '2024-02-29'],
    ['2023-03-31', -1, '2023-02-28'],
    ['2024-01-15', -3, '2023-10-15'],
    ['2024-01-15', -12, '2023-01-15'],
    ['2024-11-30', 2, '2025-01-30'],
  ])('addMonths(%s, %i) = %s', (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });
  it.each([
    ['2024-01-01', '2024-01-02', -1],
    ['2024-01-02', '2024-01-01', 1],
    ['2024-01-01T05:00Z', '2024-01-01', 0],
  ])('compareDates(%s, %s) = %i', (a, b, expected) => {
    expect(compareDates(a, b)).toBe(expected);
  });
  it.each([
    [2024, 2, 29],
    [2023, 2, 28],
    [2100, 2, 28],
    [2000, 2, 29],
    [2024, 4, 30],
  ])('daysInMonth(%i, %i) = %i', (y, m, expected) => {
    expect(daysInMonth(y, m)).toBe(expected);
  });
});

describe('utcDate', () => {
  it('takes the UTC calendar date', () => {
    expect(utcDate(new Date('2024-03-01T23:30:00-05:00'))).toBe('2024-03-02');
  });
});
