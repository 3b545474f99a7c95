import { ALERT_KINDS, autoCloseDelay, isAlertKind, neverAutoCloses } from './alerts';

describe('alerts', () => {
  it('has the five kinds', () => {
    expect(ALERT_KINDS).toEqual(['success', 'warning', 'error', 'dark', 'info']);
  });
  it.each([
    ['dark', true],
    ['danger', false],
    [1, false],
  ])('isAlertKind(%j) = %s', (value, expected) => {
    expect(isAlertKind(value)).toBe(expected);
  });
  it.each([
    [undefined, true, null],
    [null, true, null],
    ['5000', true, null],
    [Number.NaN, true, null],
    [Number.POSITIVE_INFINITY, true, null],
    [0, true, null],
    [9.99, true, null],
    [10, false, 10],
    [5000, false, 5000],
  ])('duration %j: never auto-closes %s, delay %j', (duration, never, delay) => {
    expect(neverAutoCloses(duration)).toBe(never);
    expect(autoCloseDelay(duration)).toBe(delay);
  });
});
