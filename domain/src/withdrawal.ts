/**
 * Withdrawals (supporting spec §3, §5, §8): the amount rule in exact minor units, the withdrawal
 * status moves, and how a failed withdrawal or balance call is reported.
 */
import { WITHDRAWAL_MINIMUM_DEFAULT } from './constants';
import { formatMinorShort, parseMoney, unitsToMinor } from './money';
import { fieldError, type FieldError } from './validators';

export const WITHDRAWAL_MESSAGES = {
  exceedsBalance: 'The requested amount exceeds the available balance',
  notEqualBalance: 'The requested amount is not equal to the available balance',
  verifyTax: 'Verify your tax information at HyperWallet',
  unavailable: 'Service is temporarily unavailable, please try again later',
  failed: 'Withdraw failed',
  /** Ours (the spec is silent): an amount with a fraction of a cent. */
  wholeCents: 'A requested amount can not have fractions of a cent',
  /** Ours: withdrawals switched off by disableWithdrawals. */
  disabled: 'Withdrawals are currently disabled',
  /** Ours: no PayPal account to pay to. */
  noPayPal: 'Link your PayPal account before withdrawing',
} as const;

/** 'Verify your tax information at {provider}' (the provider's name comes from configuration). */
export function verifyTaxMessage(providerName: string): string {
  return `Verify your tax information at ${providerName}`;
}

/** Tax states that block a withdrawal until the person completes the provider's tax form. */
export const TAX_BLOCKING_STATUSES: readonly string[] = ['REQUIRED', 'FAILED', 'UNDER_REVIEW'];

/** Whether a tax verification state blocks withdrawals. */
export function isTaxBlocking(status: string): boolean {
  return TAX_BLOCKING_STATUSES.includes(status);
}

/**
 * A requested amount from either transport (a decimal string or a JSON number) in minor units;
 * 'fraction' for sub-cent amounts, null for anything that is not an amount.
 */
export function readWithdrawalAmount(value: unknown): bigint | 'fraction' | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  if (!/^-?\d{0,30}(\.\d*)?$/.test(text) || text.length > 60) return null;
  const parsed = parseMoney(text);
  if (parsed !== null) return parsed;
  return /^\d*\.\d{3,}$/.test(text) ? 'fraction' : null;
}

/** The default minimum: 1 currency unit (the spec's wording; a constant in the old code was named for 10). */
export const WITHDRAWAL_MINIMUM_DEFAULT_MINOR = unitsToMinor(WITHDRAWAL_MINIMUM_DEFAULT);

/** 'A requested amount can not be empty or less than {minimum}', the minimum in currency units ('1', '2.50'). */
export function belowMinimumMessage(minimumMinor: bigint): string {
  return `A requested amount can not be empty or less than ${formatMinorShort(minimumMinor)}`;
}

export interface WithdrawalAmountOptions {
  /** The available balance in minor units. */
  availableMinor: bigint;
  /** The configurable minimum in minor units (default 100 = 1.00). */
  minimumMinor?: bigint;
  /** When withdrawals must take the whole balance ('The requested amount is not equal to the available balance'). */
  requireFullBalance?: boolean;
}

/** The requested amount: not empty and at least the minimum; not above the balance; equal to it when the whole balance is required. */
export function validateWithdrawalAmount(input: string | null | undefined, options: WithdrawalAmountOptions): FieldError | undefined {
  const minimum = options.minimumMinor ?? WITHDRAWAL_MINIMUM_DEFAULT_MINOR;
  const amount = parseMoney(input);
  if (amount === null || amount < minimum) return fieldError('withdrawal-amount-min', belowMinimumMessage(minimum));
  if (amount > options.availableMinor) return fieldError('withdrawal-amount-exceeds-balance', WITHDRAWAL_MESSAGES.exceedsBalance);
  if (options.requireFullBalance === true && amount !== options.availableMinor) {
    return fieldError('withdrawal-amount-not-equal-balance', WITHDRAWAL_MESSAGES.notEqualBalance);
  }
  return undefined;
}

/** Withdrawal statuses and their numbers. */
export const WITHDRAWAL_STATUS = { PENDING: 1, APPROVED: 2, REJECTED: 3 } as const;
export type WithdrawalStatus = keyof typeof WITHDRAWAL_STATUS;

/** A withdrawal moves only from PENDING to APPROVED or REJECTED. */
export function canTransitionWithdrawal(from: WithdrawalStatus, to: WithdrawalStatus): boolean {
  return from === 'PENDING' && to !== 'PENDING';
}

/** Payout-provider (five-M) transaction statuses. */
export const PAYOUT_TRANSACTION_STATUS = { pending: 1, finalized: 2, failed: 3, cancelled: 4, processing: 5 } as const;

/** Provider codes shown as warnings rather than errors. */
export const WARNING_CODES: readonly number[] = [33, 34, 35];

export interface WithdrawalNotice {
  level: 'warning' | 'error';
  message: string;
  code?: string | number;
}

interface WithdrawalErrorBody {
  Message?: unknown;
  Details?: { Message?: unknown; Code?: unknown } | null;
  code?: unknown;
  err?: unknown;
}

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== '';
const asCode = (value: unknown): string | number | undefined => (typeof value === 'number' || nonEmpty(value) ? value : undefined);

/**
 * A failed withdrawal: 400 -> Message plus Details.Message unless it repeats Message (err overrides), code Details.Code or code,
 * codes 33/34/35 as warnings; 500+ -> 'Service is temporarily unavailable, please try again later';
 * otherwise 'Withdraw failed'.
 */
export function withdrawalErrorNotice(status: number, body: unknown): WithdrawalNotice {
  if (status >= 500) return { level: 'error', message: WITHDRAWAL_MESSAGES.unavailable };
  if (status !== 400) return { level: 'error', message: WITHDRAWAL_MESSAGES.failed };
  const error: WithdrawalErrorBody = typeof body === 'object' && body !== null ? body : {};
  // A Details message that only repeats Message is said once.
  const detail = error.Details?.Message === error.Message ? undefined : error.Details?.Message;
  const built = [error.Message, detail].filter(nonEmpty).join(' ');
  const message = nonEmpty(error.err) ? error.err : built || WITHDRAWAL_MESSAGES.failed;
  const code = asCode(error.Details?.Code) ?? asCode(error.code);
  const level = code !== undefined && WARNING_CODES.includes(Number(code)) ? 'warning' : 'error';
  return code === undefined ? { level, message } : { level, message, code };
}

/** A balance fetch with status 0 or 500+ shows the temporary-unavailable message. */
export function balanceErrorMessage(status: number): string | undefined {
  return status === 0 || status >= 500 ? WITHDRAWAL_MESSAGES.unavailable : undefined;
}
