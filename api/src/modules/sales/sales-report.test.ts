import fc from 'fast-check';
import { amountUnits } from './sales-report.ts';

test('an amount of up to 12 whole digits and 8 decimals reads as exact 1e-8 units (both the number and the BigInt paths)', () => {
  const reference = (whole: string, frac: string) => BigInt(whole) * 100_000_000n + BigInt((frac + '00000000').slice(0, 8));
  fc.assert(
    fc.property(fc.stringMatching(/^\d{1,12}$/), fc.option(fc.stringMatching(/^\d{1,8}$/), { nil: undefined }), (whole, frac) => {
      expect(amountUnits(frac === undefined ? whole : `${whole}.${frac}`)).toBe(reference(whole, frac ?? ''));
    }),
  );
  expect(amountUnits('9999999.99999999')).toBe(999_999_999_999_999n);
  expect(amountUnits('10000000.00000001')).toBe(1_000_000_000_000_001n);
  for (const bad of ['', '-1', '1.', '.5', '1.123456789', '1e5', '0x10', '1 000']) expect(amountUnits(bad)).toBeUndefined();
});
