/**
 * HyperWallet's REST v4 shapes (payments, users, webhook notifications, errors), shared by the real
 * adapter and the sandbox, which answers in the same dialect.
 */
import { decimalToMinor, PayoutError, WebhookRefused, type Payout, type PayoutEvent, type PayoutStatus, type TaxStatus } from './payout-provider.ts';

export interface HwPayment {
  token: string;
  status: string;
  createdOn?: string;
  amount: string;
  currency: string;
  clientPaymentId: string;
  purpose?: string;
  destinationToken?: string;
  programToken?: string;
  /** Sandbox and some HyperWallet notifications carry the reason of a failure. */
  errors?: { code: string; message: string }[];
}

export interface HwUser {
  token: string;
  status?: string;
  clientUserId: string;
  taxVerificationStatus?: string;
}

export interface HwList<T> {
  count?: number;
  offset?: number;
  limit?: number;
  data?: T[];
}

export interface HwWebhookNotification {
  token: string;
  type: string;
  createdOn: string;
  object: HwPayment;
  /** Present on notifications read back through GET /webhook-notifications/{token}. */
  programToken?: string;
}

export interface HwErrorBody {
  errors?: { message?: string; code?: string; fieldName?: string }[];
}

const PAYMENT_STATUS: Record<string, PayoutStatus> = {
  CREATED: 'PENDING',
  SCHEDULED: 'PENDING',
  PENDING_ACCOUNT_ACTIVATION: 'PENDING',
  PENDING_ID_VERIFICATION: 'PENDING',
  PENDING_TAX_VERIFICATION: 'PENDING',
  PENDING_TRANSFER_METHOD_ACTION: 'PENDING',
  PENDING_TRANSACTION_VERIFICATION: 'PENDING',
  PENDING_COMPLIANCE_REVIEW: 'PENDING',
  PENDING_BANK_VERIFICATION: 'PENDING',
  IN_PROGRESS: 'PROCESSING',
  UNCLAIMED: 'PROCESSING',
  COMPLETED: 'FINALIZED',
  FAILED: 'FAILED',
  RETURNED: 'FAILED',
  EXPIRED: 'FAILED',
  CANCELLED: 'CANCELLED',
  RECALLED: 'CANCELLED',
};

/** HyperWallet payment status to the five-M status (unknown ones stay pending and are polled again). */
export function payoutStatusOf(hwStatus: string): PayoutStatus {
  return PAYMENT_STATUS[hwStatus] ?? 'PENDING';
}

const TAX: Record<string, TaxStatus> = { NOT_REQUIRED: 'NOT_REQUIRED', REQUIRED: 'REQUIRED', FAILED: 'FAILED', UNDER_REVIEW: 'UNDER_REVIEW', VERIFIED: 'VERIFIED' };

/** HyperWallet user taxVerificationStatus; absent means the program does not ask for it. */
export function taxStatusOf(user: HwUser): TaxStatus {
  return TAX[user.taxVerificationStatus ?? 'NOT_REQUIRED'] ?? 'REQUIRED';
}

export function payoutOf(p: HwPayment): Payout {
  return {
    externalId: p.token,
    clientPaymentId: p.clientPaymentId,
    amountMinor: decimalToMinor(p.amount),
    currency: p.currency,
    status: payoutStatusOf(p.status),
    messages: (p.errors ?? []).map((e) => ({ code: e.code, message: e.message })),
  };
}

/** A webhook notification body (PAYMENTS.CREATED / PAYMENTS.UPDATED.STATUS.*) as an event. */
export function eventOf(body: unknown): PayoutEvent {
  const n = body as Partial<HwWebhookNotification> | null;
  if (!n || typeof n !== 'object' || typeof n.token !== 'string' || typeof n.type !== 'string' || !n.type.startsWith('PAYMENTS.') || !n.object || typeof n.object.token !== 'string' || typeof n.object.status !== 'string' || typeof n.object.clientPaymentId !== 'string' || typeof n.object.amount !== 'string') {
    throw new PayoutError(400, 'BAD_WEBHOOK', 'Not a payment notification');
  }
  const createdAt = new Date(n.createdOn ?? '');
  return { eventId: n.token, createdAt: Number.isNaN(createdAt.getTime()) ? new Date() : createdAt, payout: payoutOf(n.object) };
}

/** A posted notification body as an event (a body that is not JSON or not about a payment is refused). */
export function readNotification(rawBody: string): PayoutEvent {
  try {
    return eventOf(JSON.parse(rawBody));
  } catch {
    throw new WebhookRefused('not-a-payment');
  }
}

/** A HyperWallet error answer as a PayoutError carrying every message. */
export function errorOf(status: number, body: unknown): PayoutError {
  const errors = ((body as HwErrorBody | null)?.errors ?? []).map((e) => ({ code: String(e.code ?? 'UNKNOWN'), message: String(e.message ?? '') }));
  const first = errors[0] ?? { code: status >= 500 ? 'UNAVAILABLE' : 'UNKNOWN', message: status >= 500 ? 'The payout provider is unavailable' : 'The payout provider refused the request' };
  return new PayoutError(status, first.code, first.message, errors.length ? errors : [first]);
}
