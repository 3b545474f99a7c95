import { formatMinor, formatMinorShort, formatUsd, parseMoney, unitsToMinor } from './money';

describe('parseMoney', () => {
  it.each([
    ['12.34', 1234n],
    ['12', 1200n],
    ['12.', 1200n],
    ['.5', 50n],
    ['0.05', 5n],
    [' 7.1 ', 710n],
    ['1,234.50', 123450n],
    ['1,234,567', 123456700n],
    ['1.230', 123n],
    ['0', 0n],
    ['00.10', 10n],
    ['90071992547409.93', 9007199254740993n],
  ])('%j -> %p', (text, cents) => {
    expect(parseMoney(text)).toBe(cents);
  });
  it.each([[''], ['  '], [null], [undefined], ['.'], ['abc'], ['1.234'], ['1e3'], ['12,34'], ['1,2345'], ['-5'], ['+5'], ['1.2.3']])(
    '%j -> null',
    (text) => {
      expect(parseMoney(text)).toBeNull();
    },
  );
  it.each([
    ['-5.25', { allowNegative: true }, -525n],
    ['1.5', { scale: 0 }, null],
    ['1.0', { scale: 0 }, 1n],
    ['1.234', { scale: 3 }, 1234n],
  ])('%j with %j -> %p', (text, options, cents) => {
    expect(parseMoney(text, options)).toBe(cents);
  });
});

describe('formatting', () => {
  it.each([
    [0n, '0.00'],
    [5n, '0.05'],
    [1234n, '12.34'],
    [-50n, '-0.50'],
    [123456789n, '1234567.89'],
  ])('formatMinor(%p) = %s', (cents, text) => {
    expect(formatMinor(cents)).toBe(text);
  });
  it('formats other scales', () => {
    expect(formatMinor(12n, 0)).toBe('12');
    expect(formatMinor(1234n, 3)).toBe('1.234');
  });
  it.each([
    [123456789n, '$1,234,567.89'],
    [100n, '$1.00'],
    [-500n, '-$5.00'],
    [0n, '$0.00'],
  ])('formatUsd(%p) = %s', (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });
  it.each([
    [100n, '1'],
    [150n, '1.50'],
    [1000n, '10'],
  ])('formatMinorShort(%p) = %s', (cents, text) => {
    expect(formatMinorShort(cents)).toBe(text);
  });
  it('converts whole units', () => {
    expect(unitsToMinor(1)).toBe(100n);
    expect(unitsToMinor(10n)).toBe(1000n);
    expect(unitsToMinor(3, 0)).toBe(3n);
  });
});
