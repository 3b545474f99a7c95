/**
 * Royalty splits (issue #16): collaborators share a release's (or a track's) net receipts in basis
 * points; the owner keeps the rest. Amounts are split in integer minor units by the largest-remainder
 * method, so the parts always sum to the whole.
 */
import { validateEmail, isSameEmail, type EmailRuleOptions } from './email';

/** 100% in basis points. */
export const SPLIT_TOTAL_BPS = 10_000;
/** Collaborators on one split (a band, its producers and features fit easily). */
export const MAX_SPLIT_PARTIES = 50;

export const SPLIT_MESSAGES = {
  sharePositive: 'Each share must be above 0%',
  shareWhole: 'A share is a whole number of basis points (0.01%)',
  total: 'Shares add up to more than 100%',
  duplicate: 'This collaborator is already in the list',
  owner: 'You keep the rest of the earnings: you cannot be your own collaborator',
  tooMany: `At most ${MAX_SPLIT_PARTIES} collaborators`,
  stale: 'These splits were changed meanwhile: reload them and try again',
} as const;

export interface SplitShareInput {
  email: string;
  basisPoints: number;
}

export interface SplitShareError {
  /** 'shares' for the whole list, else 'shares.<i>.email' or 'shares.<i>.basisPoints'. */
  field: string;
  key: string;
  message: string;
}

/**
 * Checks a split's shares: each a valid email, none twice (case-insensitive), not the owner; each
 * share a whole number of basis points above 0; at most 100% in total. Returns every problem.
 */
export function validateSplitShares(shares: readonly SplitShareInput[], ownerEmail: string, options: EmailRuleOptions = {}): SplitShareError[] {
  const errors: SplitShareError[] = [];
  if (shares.length > MAX_SPLIT_PARTIES) errors.push({ field: 'shares', key: 'too-many', message: SPLIT_MESSAGES.tooMany });
  const seen = new Set<string>();
  let total = 0;
  shares.forEach((s, i) => {
    const emailError = validateEmail(s.email, options);
    const normalized = s.email.trim().toLowerCase();
    if (emailError) errors.push({ field: `shares.${i}.email`, key: emailError.key, message: emailError.message });
    else if (isSameEmail(normalized, ownerEmail)) errors.push({ field: `shares.${i}.email`, key: 'owner', message: SPLIT_MESSAGES.owner });
    else if (seen.has(normalized)) errors.push({ field: `shares.${i}.email`, key: 'duplicate', message: SPLIT_MESSAGES.duplicate });
    seen.add(normalized);
    if (!Number.isInteger(s.basisPoints)) errors.push({ field: `shares.${i}.basisPoints`, key: 'whole', message: SPLIT_MESSAGES.shareWhole });
    else if (s.basisPoints <= 0) errors.push({ field: `shares.${i}.basisPoints`, key: 'positive', message: SPLIT_MESSAGES.sharePositive });
    else total += s.basisPoints;
  });
  if (total > SPLIT_TOTAL_BPS) errors.push({ field: 'shares', key: 'total', message: SPLIT_MESSAGES.total });
  return errors;
}

/**
 * Divides `total` minor units in proportion to non-negative integer `weights` (largest remainder):
 * each part is the floor of its exact quota, and the units left over go one each to the parts with
 * the largest remainders (earlier parts first on ties). The parts always sum to `total`; a negative
 * total is divided like its absolute value and negated.
 */
export function allocateLargestRemainder(total: bigint, weights: readonly bigint[]): bigint[] {
  if (weights.some((w) => w < 0n)) throw new RangeError('weights cannot be negative');
  const sum = weights.reduce((a, w) => a + w, 0n);
  if (sum === 0n) throw new RangeError('weights must not all be zero');
  if (total < 0n) return allocateLargestRemainder(-total, weights).map((p) => -p);
  const parts = weights.map((w) => (total * w) / sum);
  let left = total - parts.reduce((a, p) => a + p, 0n);
  const order = weights
    .map((w, i) => ({ i, rem: (total * w) % sum }))
    .sort((a, b) => (a.rem === b.rem ? a.i - b.i : a.rem > b.rem ? -1 : 1));
  for (const { i } of order) {
    if (left === 0n) break;
    parts[i] = parts[i]! + 1n;
    left -= 1n;
  }
  return parts;
}

/**
 * Splits an amount between the owner and collaborators by basis points; the owner's weight is
 * what the shares leave of 100%. Returns the owner's part and each share's part, summing to `amount`.
 */
export function splitAmount(amount: bigint, sharesBps: readonly number[]): { owner: bigint; shares: bigint[] } {
  const taken = sharesBps.reduce((a, b) => a + b, 0);
  if (sharesBps.some((b) => !Number.isInteger(b) || b <= 0) || taken > SPLIT_TOTAL_BPS) throw new RangeError('shares must be positive and at most 100% in total');
  const [owner, ...shares] = allocateLargestRemainder(amount, [BigInt(SPLIT_TOTAL_BPS - taken), ...sharesBps.map(BigInt)]);
  return { owner: owner!, shares };
}

export interface SplitVersionRef {
  version: number;
  /** First day (YYYY-MM-DD, UTC) the version applies to. */
  effectiveFrom: string;
}

/** The version in force on a day: the highest version effective on or before it (undefined before the first). */
export function versionInForce<V extends SplitVersionRef>(versions: readonly V[], date: string): V | undefined {
  let best: V | undefined;
  for (const v of versions) {
    if (v.effectiveFrom <= date && (!best || v.version > best.version)) best = v;
  }
  return best;
}

/** Basis points as a percentage text: 3000 -> '30%', 1250 -> '12.5%', 1 -> '0.01%'. */
export function formatShare(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const cents = String(basisPoints % 100).padStart(2, '0').replace(/0+$/, '');
  return cents ? `${whole}.${cents}%` : `${whole}%`;
}

/** A percentage text ('30', '12.5', '0.01', with or without '%') as basis points; null when not a 0.01-step number. */
export function parseShare(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?\s*%?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
