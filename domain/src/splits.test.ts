import fc from 'fast-check';
import {
  allocateLargestRemainder,
  formatShare,
  MAX_SPLIT_PARTIES,
  parseShare,
  SPLIT_MESSAGES,
  splitAmount,
  validateSplitShares,
  versionInForce,
} from './splits';

const OWNER = 'owner@band.com';

describe('validateSplitShares', () => {
  it('accepts valid shares up to exactly 100%', () => {
    expect(validateSplitShares([{ email: 'a@band.com', basisPoints: 3000 }, { email: 'b@band.com', basisPoints: 7000 }], OWNER)).toEqual([]);
    expect(validateSplitShares([], OWNER)).toEqual([]);
  });

  it.each([
    ['zero share', [{ email: 'a@band.com', basisPoints: 0 }], [{ field: 'shares.0.basisPoints', key: 'positive', message: SPLIT_MESSAGES.sharePositive }]],
    ['negative share', [{ email: 'a@band.com', basisPoints: -5 }], [{ field: 'shares.0.basisPoints', key: 'positive', message: SPLIT_MESSAGES.sharePositive }]],
    ['fractional basis points', [{ email: 'a@band.com', basisPoints: 1.5 }], [{ field: 'shares.0.basisPoints', key: 'whole', message: SPLIT_MESSAGES.shareWhole }]],
    ['over 100% in total', [{ email: 'a@band.com', basisPoints: 6000 }, { email: 'b@band.com', basisPoints: 4001 }], [{ field: 'shares', key: 'total', message: SPLIT_MESSAGES.total }]],
    ['a duplicate (any case)', [{ email: 'a@band.com', basisPoints: 100 }, { email: ' A@Band.com ', basisPoints: 100 }], [{ field: 'shares.1.email', key: 'duplicate', message: SPLIT_MESSAGES.duplicate }]],
    ['the owner', [{ email: 'Owner@band.com', basisPoints: 100 }], [{ field: 'shares.0.email', key: 'owner', message: SPLIT_MESSAGES.owner }]],
    ['an invalid email', [{ email: 'not-an-email', basisPoints: 100 }], [{ field: 'shares.0.email', key: 'email', message: 'Not a valid email' }]],
    ['an empty email', [{ email: '', basisPoints: 100 }], [{ field: 'shares.0.email', key: 'required', message: 'Email required' }]],
  ])('refuses %s', (_name, shares, expected) => {
    expect(validateSplitShares(shares, OWNER)).toEqual(expected);
  });

  it('refuses a blocked domain when configured, and too many collaborators', () => {
    expect(validateSplitShares([{ email: 'a@spam.com', basisPoints: 10 }], OWNER, { blockedDomains: ['spam\\.com'] })[0]?.key).toBe('not-allowed-domain');
    const many = Array.from({ length: MAX_SPLIT_PARTIES + 1 }, (_, i) => ({ email: `p${i}@band.com`, basisPoints: 1 }));
    expect(validateSplitShares(many, OWNER)).toEqual([{ field: 'shares', key: 'too-many', message: SPLIT_MESSAGES.tooMany }]);
  });
});

describe('allocateLargestRemainder', () => {
  it.each([
    [100n, [1n, 1n, 1n], [34n, 33n, 33n]],
    [2n, [1n, 1n, 1n], [1n, 1n, 0n]],
    [10n, [7000n, 3000n], [7n, 3n]],
    [1n, [7000n, 3000n], [1n, 0n]],
    [1n, [3000n, 7000n], [0n, 1n]],
    [0n, [5n, 5n], [0n, 0n]],
    [-100n, [1n, 1n, 1n], [-34n, -33n, -33n]],
    [5n, [0n, 1n], [0n, 5n]],
  ])('divides %p by %p into %p', (total, weights, parts) => {
    expect(allocateLargestRemainder(total, weights)).toEqual(parts);
  });

  it('refuses negative or all-zero weights', () => {
    expect(() => allocateLargestRemainder(1n, [-1n, 2n])).toThrow('negative');
    expect(() => allocateLargestRemainder(1n, [0n, 0n])).toThrow('zero');
    expect(() => allocateLargestRemainder(1n, [])).toThrow('zero');
  });

  it('always sums to the whole, each part within one unit of its exact quota', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -1_000_000_000_000n, max: 1_000_000_000_000n }), fc.array(fc.bigInt({ min: 0n, max: 10_000n }), { minLength: 1, maxLength: 20 }), (total, weights) => {
        fc.pre(weights.some((w) => w > 0n));
        const parts = allocateLargestRemainder(total, weights);
        const sum = weights.reduce((a, w) => a + w, 0n);
        expect(parts.reduce((a, p) => a + p, 0n)).toBe(total);
        parts.forEach((p, i) => {
          const exactTimesSum = total * weights[i]!;
          const diff = p * sum - exactTimesSum;
          expect(diff < 0n ? -diff : diff).toBeLessThan(sum);
        });
      }),
    );
  });
});

describe('splitAmount', () => {
  it('gives the owner the rest', () => {
    expect(splitAmount(1000n, [3000])).toEqual({ owner: 700n, shares: [300n] });
    expect(splitAmount(1n, [3000])).toEqual({ owner: 1n, shares: [0n] });
    expect(splitAmount(999n, [])).toEqual({ owner: 999n, shares: [] });
    expect(splitAmount(101n, [5000, 5000])).toEqual({ owner: 0n, shares: [51n, 50n] });
  });

  it('refuses invalid shares', () => {
    expect(() => splitAmount(1n, [0])).toThrow(RangeError);
    expect(() => splitAmount(1n, [0.5])).toThrow(RangeError);
    expect(() => splitAmount(1n, [6000, 5000])).toThrow(RangeError);
  });

  it('property: parts sum to the amount for random shares and amounts', () => {
    const shares = fc.array(fc.integer({ min: 1, max: 2_000 }), { maxLength: 5 });
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10_000_000_000n }), shares, (amount, bps) => {
        const { owner, shares: parts } = splitAmount(amount, bps);
        expect(owner + parts.reduce((a, p) => a + p, 0n)).toBe(amount);
        expect(owner >= 0n && parts.every((p) => p >= 0n)).toBe(true);
      }),
    );
  });
});

describe('versionInForce', () => {
  const versions = [
    { version: 1, effectiveFrom: '2026-01-01' },
    { version: 3, effectiveFrom: '2026-03-01' },
    { version: 2, effectiveFrom: '2026-03-01' },
  ];
  it.each([
    ['2025-12-31', undefined],
    ['2026-01-01', 1],
    ['2026-02-28', 1],
    ['2026-03-01', 3],
    ['2027-01-01', 3],
  ])('on %s is version %p', (date, version) => {
    expect(versionInForce(versions, date)?.version).toBe(version);
  });
});

describe('formatShare and parseShare', () => {
  it.each([
    [3000, '30%'],
    [1250, '12.5%'],
    [1, '0.01%'],
    [10_000, '100%'],
  ])('%p basis points read %p', (bps, text) => {
    expect(formatShare(bps)).toBe(text);
    expect(parseShare(text)).toBe(bps);
  });

  it.each([['30', 3000], [' 7.05 ', 705], ['abc', null], ['1.234', null], ['-5', null], ['', null]])('parses %p as %p', (text, bps) => {
    expect(parseShare(text)).toBe(bps);
  });
});
