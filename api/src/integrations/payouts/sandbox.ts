/**
 * The local payout provider (the default): it keeps its payees and payments in a JSON file under
 * DATA_DIR, answers in HyperWallet's shapes, moves each payment asynchronously through
 * PENDING -> PROCESSING -> its outcome (one status step every PAYOUT_SANDBOX_STEP_MS), and posts a
 * signed webhook for each change to our endpoint. Status is derived from the payment's age, so
 * polling after a restart sees the same history the webhooks told.
 *
 * Test values (README.md): the cents of the amount choose the outcome.
 *   .33 .34 .35  refused with code 33/34/35 (warnings)     .41 .42  refused with code 41/42 (errors)
 *   .50          answers 503 (unavailable, retried)          .13      accepted, then FAILED
 *   .14          accepted, then CANCELLED                     other    accepted, then FINALIZED
 * Tax state from the payee's email: '+tax-required', '+tax-failed', '+tax-review', '+tax-verified'
 * in the local part; otherwise NOT_REQUIRED.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { PayoutsConfig } from '../../config.ts';
import { payoutOf, readNotification, type HwPayment, type HwWebhookNotification } from './hyperwallet-format.ts';
import { checkWebhookSignature, minorToDecimal, PayoutError, signWebhook, SIGNATURE_HEADER, WebhookRefused, type CreatePayoutInput, type PayeeInput, type Payout, type PayoutProvider, type TaxStatus } from './payout-provider.ts';

/** Refusals by cents: [http status, code, message]. */
export const SANDBOX_REFUSALS: Record<string, [number, string, string]> = {
  '33': [400, '33', 'The payment is held for review by the payout provider'],
  '34': [400, '34', 'The daily payout limit of this payee is reached'],
  '35': [400, '35', 'The payee\u2019s PayPal account is waiting for confirmation'],
  '41': [400, '41', 'The payee\u2019s PayPal account cannot receive payments'],
  '42': [400, '42', 'The payout program has insufficient funds'],
  '50': [503, 'SERVICE_UNAVAILABLE', 'The payout provider is temporarily unavailable'],
};

/** Accepted payments that end badly, by cents: [final HyperWallet status, code, message]. */
export const SANDBOX_BAD_ENDINGS: Record<string, [string, string, string]> = {
  '13': ['FAILED', 'RETURNED', 'The PayPal account returned the payment'],
  '14': ['CANCELLED', 'CANCELLED', 'The payment was cancelled by the payout provider'],
};

export const SANDBOX_TAX_TAGS: Record<string, TaxStatus> = {
  '+tax-required': 'REQUIRED',
  '+tax-failed': 'FAILED',
  '+tax-review': 'UNDER_REVIEW',
  '+tax-verified': 'VERIFIED',
};

interface StoredPayment {
  token: string;
  clientPaymentId: string;
  amount: string;
  currency: string;
  destinationToken: string;
  createdOn: string;
}

interface State {
  users: Record<string, { token: string; clientUserId: string; email: string; paypalEmail: string }>;
  payments: Record<string, StoredPayment>;
}

/** The tax state the sandbox gives a payee. */
export function sandboxTaxStatus(email: string): TaxStatus {
  const local = email.split('@')[0]!.toLowerCase();
  for (const [tag, status] of Object.entries(SANDBOX_TAX_TAGS)) if (local.includes(tag)) return status;
  return 'NOT_REQUIRED';
}

export class SandboxPayoutProvider implements PayoutProvider {
  readonly driver = 'sandbox' as const;
  private readonly file: string;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly config: Pick<PayoutsConfig, 'sandbox' | 'webhookSecret' | 'webhookToleranceSeconds'>,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.file = path.join(config.sandbox.dir, 'state.json');
  }

  private load(): State {
    try {
      return JSON.parse(readFileSync(this.file, 'utf8')) as State;
    } catch {
      return { users: {}, payments: {} };
    }
  }

  private save(state: State): void {
    mkdirSync(this.config.sandbox.dir, { recursive: true });
    const tmp = `${this.file}.${process.pid}.${randomUUID()}.tmp`;
    writeFileSync(tmp, JSON.stringify(state, null, 1));
    renameSync(tmp, this.file);
  }

  private ensureUser(state: State, payee: PayeeInput) {
    const found = state.users[payee.userId];
    if (found && found.paypalEmail === payee.paypalEmail && found.email === payee.email) return found;
    const user = { token: found?.token ?? `usr-${randomUUID()}`, clientUserId: payee.userId, email: payee.email, paypalEmail: payee.paypalEmail };
    state.users[payee.userId] = user;
    return user;
  }

  async taxStatus(payee: PayeeInput): Promise<TaxStatus> {
    const state = this.load();
    this.ensureUser(state, payee);
    this.save(state);
    return sandboxTaxStatus(payee.email);
  }

  /** The HyperWallet view of a stored payment at this moment (or at `at`). */
  private view(p: StoredPayment, at: Date = this.now()): HwPayment {
    const cents = p.amount.slice(-2);
    const age = at.getTime() - Date.parse(p.createdOn);
    const step = this.config.sandbox.stepMs;
    const bad = SANDBOX_BAD_ENDINGS[cents];
    let status = 'CREATED';
    if (age >= step) status = 'IN_PROGRESS';
    if (age >= 2 * step) status = bad ? bad[0] : 'COMPLETED';
    const errors = bad && age >= 2 * step ? [{ code: bad[1], message: bad[2] }] : undefined;
    return { token: p.token, status, createdOn: p.createdOn, amount: p.amount, currency: p.currency, clientPaymentId: p.clientPaymentId, purpose: 'OTHER', destinationToken: p.destinationToken, errors };
  }

  async createPayout(input: CreatePayoutInput): Promise<Payout> {
    const amount = minorToDecimal(input.amountMinor);
    const refusal = SANDBOX_REFUSALS[amount.slice(-2)];
    if (refusal) throw new PayoutError(refusal[0], refusal[1], refusal[2]);
    const state = this.load();
    const existing = state.payments[input.clientPaymentId];
    if (existing) return payoutOf(this.view(existing));
    const user = this.ensureUser(state, input.payee);
    const stored: StoredPayment = { token: `pmt-${randomUUID()}`, clientPaymentId: input.clientPaymentId, amount, currency: input.currency, destinationToken: user.token, createdOn: this.now().toISOString() };
    state.payments[input.clientPaymentId] = stored;
    this.save(state);
    this.scheduleWebhooks(stored);
    return payoutOf(this.view(stored));
  }

  async findPayout(clientPaymentId: string): Promise<Payout | null> {
    const p = this.load().payments[clientPaymentId];
    return p ? payoutOf(this.view(p)) : null;
  }

  /** Every payment the sandbox holds (tests count payouts with it). */
  listPayments(): HwPayment[] {
    return Object.values(this.load().payments).map((p) => this.view(p));
  }

  /** The sandbox signs its notifications (X-Payout-Signature, HMAC-SHA256 over 't.body' with a timestamp). */
  async receiveWebhook(rawBody: string, signatureHeader: string | undefined) {
    const problem = checkWebhookSignature(this.config.webhookSecret, rawBody, signatureHeader, this.config.webhookToleranceSeconds, this.now());
    if (problem) throw new WebhookRefused(problem);
    return readNotification(rawBody);
  }

  /**
   * The signed notification the sandbox sends for a payment's state now, or for the status change
   * `step` (1: IN_PROGRESS, 2: the end) announces, whenever it is sent: like HyperWallet's, each
   * notification carries the change it is about, even when it goes out late.
   */
  notification(clientPaymentId: string, step?: number): { body: string; signature: string } | null {
    const p = this.load().payments[clientPaymentId];
    if (!p) return null;
    const object = this.view(p, step === undefined ? this.now() : new Date(Date.parse(p.createdOn) + step * this.config.sandbox.stepMs));
    const n: HwWebhookNotification = { token: `wbh-${p.token}-${object.status}`, type: `PAYMENTS.UPDATED.STATUS.${object.status}`, createdOn: this.now().toISOString(), object };
    const body = JSON.stringify(n);
    return { body, signature: signWebhook(this.config.webhookSecret, body, this.now()) };
  }

  private scheduleWebhooks(p: StoredPayment): void {
    if (!this.config.sandbox.webhookUrl) return;
    for (const steps of [1, 2]) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        void this.deliver(p.clientPaymentId, steps);
      }, steps * this.config.sandbox.stepMs + 50);
      timer.unref();
      this.timers.add(timer);
    }
  }

  /** Posts the notification (of the current state, or of `step`'s change) to our endpoint; failures are left to the polling job. */
  async deliver(clientPaymentId: string, step?: number): Promise<number | null> {
    const n = this.notification(clientPaymentId, step);
    if (!n) return null;
    try {
      const res = await fetch(this.config.sandbox.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: n.signature }, body: n.body, signal: AbortSignal.timeout(5_000) });
      return res.status;
    } catch {
      return null;
    }
  }

  /** Stops pending webhook deliveries (tests, shutdown). */
  stop(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
