/**
 * How a batch's royalties become ledger postings (docs/decisions.md, sales): per user, the plan's
 * fee is taken from the exact gross (1e-8 USD units), the net is credited in whole cents (floor),
 * the fees are posted in whole cents (floor of their sum), and every sub-cent remainder stays in
 * SALES_CLEARING, recorded on the batch. Pure bigint arithmetic: nothing is lost or made up.
 */

/** Decimal(20,8) units in one cent. */
export const UNITS_PER_CENT = 1_000_000n;

export interface UserGross {
  userId: string;
  /** Sum of the user's matched lines, in 1e-8 USD. */
  grossUnits: bigint;
  /** The plan's distribution fee in basis points (VIP 800 = 8%). */
  feeBps: number;
}

export interface PostingPlan {
  credits: { userId: string; cents: bigint; netUnits: bigint }[];
  grossUnits: bigint;
  /** Net payable of the batch: the sum of every user's net, exact. */
  netUnits: bigint;
  feeCents: bigint;
  /** Sub-cent part of the users' nets that was not credited (stays in SALES_CLEARING). */
  netRemainderUnits: bigint;
  /** Everything left in SALES_CLEARING: gross minus every posted cent. */
  clearingRemainderUnits: bigint;
}

/** Splits a batch's gross per user into whole-cent credits, whole-cent fees and the remainder. */
export function planPosting(users: readonly UserGross[]): PostingPlan {
  let grossUnits = 0n;
  let netUnits = 0n;
  let feeUnits = 0n;
  let creditedCents = 0n;
  const credits: PostingPlan['credits'] = [];
  for (const u of users) {
    if (u.grossUnits < 0n) throw new Error('gross cannot be negative');
    if (!Number.isInteger(u.feeBps) || u.feeBps < 0 || u.feeBps > 10_000) throw new Error('fee must be 0..10000 basis points');
    const net = (u.grossUnits * BigInt(10_000 - u.feeBps)) / 10_000n;
    const cents = net / UNITS_PER_CENT;
    grossUnits += u.grossUnits;
    netUnits += net;
    feeUnits += u.grossUnits - net;
    creditedCents += cents;
    credits.push({ userId: u.userId, cents, netUnits: net });
  }
  const feeCents = feeUnits / UNITS_PER_CENT;
  return {
    credits,
    grossUnits,
    netUnits,
    feeCents,
    netRemainderUnits: netUnits - creditedCents * UNITS_PER_CENT,
    clearingRemainderUnits: grossUnits - (creditedCents + feeCents) * UNITS_PER_CENT,
  };
}

const SAFE_UNITS = BigInt(Number.MAX_SAFE_INTEGER);

/** 1e-8 units as a Decimal(20,8) string. */
export function unitsToDecimal(units: bigint): string {
  if (units >= 0n && units <= SAFE_UNITS) {
    // Below 2^53 a number holds the units exactly, and % and the division of a multiple are exact.
    const n = Number(units);
    const frac = n % 100_000_000;
    return `${(n - frac) / 100_000_000}.${String(frac).padStart(8, '0')}`;
  }
  const neg = units < 0n;
  const abs = neg ? -units : units;
  return `${neg ? '-' : ''}${abs / 100_000_000n}.${(abs % 100_000_000n).toString().padStart(8, '0')}`;
}

/** A numeric's text (at most 8 decimals) as 1e-8 units. */
export function decimalToUnits(text: string): bigint {
  const neg = text.startsWith('-');
  const [whole, frac = ''] = (neg ? text.slice(1) : text).split('.');
  const units = BigInt(whole || '0') * 100_000_000n + BigInt((frac + '00000000').slice(0, 8));
  return neg ? -units : units;
}
