/**
 * Exact money as integer minor units (cents) in bigint. Amounts are parsed from decimal strings and
 * formatted back without ever passing through floating point.
 */

export interface ParseMoneyOptions {
  /** Decimal places of the minor unit (2 for USD). */
  scale?: number;
  allowNegative?: boolean;
}

/**
 * Parses '12.34', '12', '.5' or '1,234.50' into minor units (1234n, 1200n, 50n, 123450n). Extra
 * decimals are accepted only when they are zeros ('1.230' -> 123n); anything else, or a negative
 * amount unless allowed, gives null.
 */
export function parseMoney(text: string | null | undefined, options: ParseMoneyOptions = {}): bigint | null {
  const scale = options.scale ?? 2;
  const match = /^(-)?(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d*))?$/.exec((text ?? '').trim());
  if (!match) return null;
  const [, minus, , fraction = ''] = match;
  const whole = String(match[2]); // the whole-part group always participates (possibly empty)
  if (whole === '' && fraction === '') return null;
  if (minus && !options.allowNegative) return null;
  if (/[1-9]/.test(fraction.slice(scale))) return null;
  const digits = `${whole.replaceAll(',', '') || '0'}${fraction.slice(0, scale).padEnd(scale, '0')}`;
  const value = BigInt(digits);
  return minus ? -value : value;
}

/** Formats minor units as a plain decimal string with the scale's decimals ('1234.50'); no grouping, '-' for negatives. */
export function formatMinor(amount: bigint, scale = 2): string {
  const negative = amount < 0n;
  const digits = (negative ? -amount : amount).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** Formats minor units as US dollars: '$1,234.50', '-$5.00'. */
export function formatUsd(amount: bigint): string {
  const plain = formatMinor(amount < 0n ? -amount : amount);
  const whole = plain.slice(0, -3);
  const fraction = plain.slice(-2);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount < 0n ? '-' : ''}$${grouped}.${fraction}`;
}

/** Whole currency units to minor units (1 -> 100n), for limits configured in whole units. */
export function unitsToMinor(units: number | bigint, scale = 2): bigint {
  return BigInt(units) * 10n ** BigInt(scale);
}

/** Formats minor units dropping a zero fraction ('1', '1.50'): for amounts inside sentences. */
export function formatMinorShort(amount: bigint, scale = 2): string {
  return formatMinor(amount, scale).replace(/\.0+$/, '');
}
