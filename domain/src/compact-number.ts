/**
 * The number-simplifying display filter (core spec §9, supporting spec §9): under 1000 as is,
 * thousands as K, millions as M, nothing from 1 billion up, optional precision.
 */

/** Cuts (never rounds) to `precision` decimals so 999,999 shows 999.9K rather than "1000.0K". */
function truncate(value: number, precision: number): string {
  const factor = 10 ** precision;
  return (Math.trunc(value * factor) / factor).toFixed(precision);
}

/**
 * Compact display: |n| < 1000 as is; < 1e6 as K; < 1e9 as M; from 1e9 (or not a finite number) ''.
 * With a precision the K/M value keeps that many decimals; without one it keeps one decimal and drops '.0'.
 */
export function compactNumber(value: number, precision?: number): string {
  if (!Number.isFinite(value)) return '';
  const abs = Math.abs(value);
  if (abs < 1000) return String(value);
  if (abs >= 1e9) return '';
  const [scaled, suffix] = abs < 1e6 ? [value / 1e3, 'K'] : [value / 1e6, 'M'];
  const text = precision === undefined ? truncate(scaled, 1).replace(/\.0$/, '') : truncate(scaled, precision);
  return `${text}${suffix}`;
}
