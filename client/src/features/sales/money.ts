import { formatUsd, parseMoney } from '@cadence/domain/money';

/** A decimal string from the API ('12.30', '-5.00') as '$12.30' (exact: through minor units). */
export function money(amount: string): string {
  const minor = parseMoney(amount, { allowNegative: true });
  return minor === null ? amount : formatUsd(minor);
}
