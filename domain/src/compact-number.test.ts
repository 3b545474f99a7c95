import { compactNumber } from './compact-number';

describe('compactNumber', () => {
  it.each([
    [0, undefined, '0'],
    [999, undefined, '999'],
    [12.5, undefined, '12.5'],
    [-999, undefined, '-999'],
    [1000, undefined, '1K'],
    [1500, undefined, '1.5K'],
    [1999, undefined, '1.9K'],
    [999_999, undefined, '999.9K'],
    [-25_300, undefined, '-25.3K'],
    [1_000_000, undefined, '1M'],
    [2_345_678, undefined, '2.3M'],
    [999_999_999, undefined, '999.9M'],
    [1_000_000_000, undefined, ''],
    [-5e12, undefined, ''],
    [Number.NaN, undefined, ''],
    [Number.POSITIVE_INFINITY, undefined, ''],
    [1500, 0, '1K'],
    [1234, 2, '1.23K'],
    [2_345_678, 3, '2.345M'],
    [500, 2, '500'],
  ])('compactNumber(%d, %j) = %j', (value, precision, text) => {
    expect(compactNumber(value, precision)).toBe(text);
  });
});
