/** Exactness of the posting rule (docs/decisions.md, sales), for random batches. */
import fc from 'fast-check';
import { decimalToUnits, planPosting, unitsToDecimal, UNITS_PER_CENT } from './sales-posting.ts';

const users = fc.array(
  fc.record({ userId: fc.uuid(), grossUnits: fc.bigInt({ min: 0n, max: 10n ** 14n }), feeBps: fc.oneof(fc.constant(0), fc.constant(800), fc.integer({ min: 0, max: 10_000 })) }),
  { maxLength: 50 },
);

test('posted credits plus the clearing remainder equal the batch net payable, to the unit', () => {
  fc.assert(
    fc.property(users, (batch) => {
      const plan = planPosting(batch);
      const credited = plan.credits.reduce((s, c) => s + c.cents, 0n);
      expect(credited * UNITS_PER_CENT + plan.netRemainderUnits).toBe(plan.netUnits);
      // Every posted cent and the remainder make up the gross exactly.
      expect((credited + plan.feeCents) * UNITS_PER_CENT + plan.clearingRemainderUnits).toBe(plan.grossUnits);
      // The remainder is under one cent per user (plus one for the fees): never a whole cent kept back.
      expect(plan.netRemainderUnits).toBeGreaterThanOrEqual(0n);
      expect(plan.netRemainderUnits).toBeLessThan(BigInt(Math.max(batch.length, 1)) * UNITS_PER_CENT);
      for (const c of plan.credits) expect(c.cents).toBe(c.netUnits / UNITS_PER_CENT);
    }),
  );
});

test('an 8% fee on 10.00 USD credits 9.20', () => {
  const plan = planPosting([{ userId: 'u', grossUnits: 1_000_000_000n, feeBps: 800 }]);
  expect(plan.credits[0]!.cents).toBe(920n);
  expect(plan.feeCents).toBe(80n);
  expect(plan.clearingRemainderUnits).toBe(0n);
});

test('decimal text and units convert both ways', () => {
  fc.assert(fc.property(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), (u) => expect(decimalToUnits(unitsToDecimal(u))).toBe(u)));
  expect(decimalToUnits('5.12845679')).toBe(512_845_679n);
  expect(decimalToUnits('12')).toBe(1_200_000_000n);
});
