/**
 * The payout provider (HyperWallet in production, a local sandbox by default): one interface, so
 * the withdrawals module never knows which one runs. Amounts cross it as bigint minor units.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PayoutsConfig } from '../../config.ts';

/** The five-M statuses (supporting §3): pending 1, finalized 2, failed 3, cancelled 4, processing 5. */
export type PayoutStatus = 'PENDING' | 'PROCESSING' | 'FINALIZED' | 'FAILED' | 'CANCELLED';
export type TaxStatus = 'NOT_REQUIRED' | 'REQUIRED' | 'FAILED' | 'UNDER_REVIEW' | 'VERIFIED';

export interface PayoutMessage {
  code: string;
  message: string;
}

export interface Payout {
  /** The provider's id (HyperWallet 'pmt-…'). */
  externalId: string;
  /** Our idempotency key (HyperWallet clientPaymentId): the same key never pays twice. */
  clientPaymentId: string;
  amountMinor: bigint;
  currency: string;
  status: PayoutStatus;
  messages: PayoutMessage[];
}

export interface PayeeInput {
  /** Our user id (HyperWallet clientUserId). */
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  /** The linked PayPal address the money goes to ('' when none is linked yet). */
  paypalEmail: string;
}

export interface CreatePayoutInput {
  clientPaymentId: string;
  payee: PayeeInput;
  amountMinor: bigint;
  currency: string;
}

/** A refusal by the provider: httpStatus 4xx with the provider's code, or 5xx/0 when it is unavailable. */
export class PayoutError extends Error {
  override name = 'PayoutError';
  constructor(
    readonly httpStatus: number,
    readonly code: string,
    message: string,
    readonly messages: PayoutMessage[] = [{ code, message }],
  ) {
    super(message);
  }
  /** Worth retrying later (the provider was unreachable or failed on its side). */
  get retryable(): boolean {
    return this.httpStatus === 0 || this.httpStatus >= 500;
  }
}

/** A status change the provider reported (by webhook or when polled). */
export interface PayoutEvent {
  eventId: string;
  createdAt: Date;
  payout: Payout;
}

export interface PayoutProvider {
  readonly driver: PayoutsConfig['driver'];
  /** The payee's tax verification state at the provider (creates the payee on first use). */
  taxStatus(payee: PayeeInput): Promise<TaxStatus>;
  /** Sends money; idempotent by clientPaymentId (a repeated key returns the first payout). */
  createPayout(input: CreatePayoutInput): Promise<Payout>;
  /** The payout made under our key, or null when the provider never accepted one (reconciliation). */
  findPayout(clientPaymentId: string): Promise<Payout | null>;
  /**
   * Authenticates a notification posted to our webhook endpoint, each provider by its own scheme,
   * and reads it; throws WebhookRefused when it is not genuine (or not a payment notification).
   */
  receiveWebhook(rawBody: string, signatureHeader: string | undefined): Promise<PayoutEvent>;
}

export const SIGNATURE_HEADER = 'x-payout-signature';

/** The signature header value for a body: 't=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">'. */
export function signWebhook(secret: string, rawBody: string, at: Date = new Date()): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

export type SignatureProblem = 'missing' | 'malformed' | 'bad-signature' | 'stale' | 'unknown-notification' | 'not-a-payment';

/** A webhook that did not prove it came from the provider (or is no payment notification): nothing changes. */
export class WebhookRefused extends Error {
  override name = 'WebhookRefused';
  constructor(readonly problem: SignatureProblem) {
    super(`webhook refused: ${problem}`);
  }
}

/** Checks a webhook's signature and age; returns the problem, or null when it is genuine and fresh. */
export function checkWebhookSignature(secret: string, rawBody: string, header: string | undefined, toleranceSeconds: number, now: Date = new Date()): SignatureProblem | null {
  if (!header) return 'missing';
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.t);
  const v1 = parts.v1;
  if (!Number.isSafeInteger(t) || typeof v1 !== 'string' || !/^[0-9a-f]{64}$/.test(v1)) return 'malformed';
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) return 'bad-signature';
  if (Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) return 'stale';
  return null;
}

/** Minor units as the decimal string providers take ('12.30'). */
export function minorToDecimal(amount: bigint): string {
  const negative = amount < 0n;
  const digits = (negative ? -amount : amount).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** A provider decimal string to minor units; anything but a plain 2-place decimal is an error. */
export function decimalToMinor(text: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) throw new PayoutError(502, 'BAD_PROVIDER_AMOUNT', `Unreadable amount from the payout provider: ${text}`);
  const minor = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -minor : minor;
}
