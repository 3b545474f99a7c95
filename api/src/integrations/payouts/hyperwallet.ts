/**
 * The HyperWallet adapter over its REST API v4 (docs.hyperwallet.com/content/api/v4): Basic auth
 * with the API username and password, one program token. Payees are HyperWallet users keyed by our
 * user id (clientUserId) with a PayPal transfer method; payouts are payments keyed by our
 * idempotency key (clientPaymentId), so a retry after a crash finds the first payment instead of
 * paying twice. Webhook notifications are authenticated by reading them back from the API (receiveWebhook).
 */
import type { PayoutsConfig } from '../../config.ts';
import { eventOf, errorOf, payoutOf, taxStatusOf, type HwList, type HwPayment, type HwUser, type HwWebhookNotification } from './hyperwallet-format.ts';
import { minorToDecimal, PayoutError, WebhookRefused, type CreatePayoutInput, type PayeeInput, type Payout, type PayoutEvent, type PayoutProvider, type TaxStatus } from './payout-provider.ts';

/** HyperWallet notification tokens: 'wbh-' and a UUID. */
const NOTIFICATION_TOKEN = /^wbh-[0-9a-fA-F-]{8,64}$/;

type Fetch = typeof fetch;

export class HyperwalletPayoutProvider implements PayoutProvider {
  readonly driver = 'hyperwallet' as const;

  constructor(
    private readonly config: PayoutsConfig['hyperwallet'],
    private readonly fetchFn: Fetch = fetch,
  ) {}

  private async call<T>(method: 'GET' | 'POST', pathAndQuery: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await this.fetchFn(`${this.config.baseUrl}${pathAndQuery}`, {
        method,
        headers: {
          authorization: `Basic ${Buffer.from(`${this.config.username}:${this.config.password}`).toString('base64')}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
    } catch (err) {
      throw new PayoutError(0, 'NETWORK', `The payout provider could not be reached: ${(err as Error).message}`);
    }
    // HyperWallet answers 204 to a list query that matches nothing.
    if (res.status === 204) return {} as T;
    const text = await res.text();
    let json: unknown = {};
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      if (res.ok) throw new PayoutError(502, 'BAD_PROVIDER_ANSWER', 'The payout provider answered something that is not JSON');
    }
    if (!res.ok) throw errorOf(res.status, json);
    return json as T;
  }

  /** The HyperWallet user for our user, created on first use. */
  async ensureUser(payee: PayeeInput): Promise<HwUser> {
    const found = await this.call<HwList<HwUser>>('GET', `/users?clientUserId=${encodeURIComponent(payee.userId)}`);
    const existing = found.data?.[0];
    if (existing) return existing;
    return this.call<HwUser>('POST', '/users', {
      clientUserId: payee.userId,
      profileType: 'INDIVIDUAL',
      firstName: payee.firstName,
      lastName: payee.lastName,
      email: payee.email,
      programToken: this.config.programToken,
    });
  }

  /** The user's PayPal transfer method for the linked address (added when the person linked another one). */
  async ensurePayPalAccount(userToken: string, email: string): Promise<string> {
    const base = `/users/${encodeURIComponent(userToken)}/paypal-accounts`;
    const list = await this.call<HwList<{ token: string; email?: string; status?: string }>>('GET', base);
    const match = list.data?.find((a) => a.email?.toLowerCase() === email.toLowerCase() && a.status !== 'DE_ACTIVATED');
    if (match) return match.token;
    const created = await this.call<{ token: string }>('POST', base, { transferMethodCountry: 'US', transferMethodCurrency: 'USD', type: 'PAYPAL_ACCOUNT', email });
    return created.token;
  }

  async taxStatus(payee: PayeeInput): Promise<TaxStatus> {
    return taxStatusOf(await this.ensureUser(payee));
  }

  async createPayout(input: CreatePayoutInput): Promise<Payout> {
    const existing = await this.findPayout(input.clientPaymentId);
    if (existing) return existing;
    if (!input.payee.paypalEmail) throw new PayoutError(400, 'NO_TRANSFER_METHOD', 'No PayPal account is linked');
    const user = await this.ensureUser(input.payee);
    const destination = await this.ensurePayPalAccount(user.token, input.payee.paypalEmail);
    const payment = await this.call<HwPayment>('POST', '/payments', {
      amount: minorToDecimal(input.amountMinor),
      clientPaymentId: input.clientPaymentId,
      currency: input.currency,
      destinationToken: destination,
      programToken: this.config.programToken,
      purpose: 'OTHER',
    });
    return payoutOf(payment);
  }

  async findPayout(clientPaymentId: string): Promise<Payout | null> {
    const list = await this.call<HwList<HwPayment>>('GET', `/payments?clientPaymentId=${encodeURIComponent(clientPaymentId)}`);
    const first = list.data?.[0];
    return first ? payoutOf(first) : null;
  }

  /**
   * HyperWallet signs no webhook notification (no signature header; its payload encryption, when a
   * program turns it on, covers the API). What it documents is the Webhook Notifications API: the
   * posted body only names a notification token, and the notification is read back with
   * GET /webhook-notifications/{token} under our API credentials over TLS. Only that copy counts:
   * a forged token is unknown to HyperWallet, a tampered body is never read, and a notification of
   * another program is refused. Replays are refused by event id in the webhook service.
   */
  async receiveWebhook(rawBody: string): Promise<PayoutEvent> {
    let token: unknown;
    try {
      token = (JSON.parse(rawBody) as { token?: unknown } | null)?.token;
    } catch {
      throw new WebhookRefused('malformed');
    }
    if (typeof token !== 'string' || !NOTIFICATION_TOKEN.test(token)) throw new WebhookRefused('malformed');
    let notification: HwWebhookNotification;
    try {
      notification = await this.call<HwWebhookNotification>('GET', `/webhook-notifications/${encodeURIComponent(token)}`);
    } catch (err) {
      if (err instanceof PayoutError && (err.httpStatus === 404 || err.httpStatus === 400)) throw new WebhookRefused('unknown-notification');
      throw err; // HyperWallet unreachable: answer 5xx so it delivers again
    }
    if (notification.token !== token) throw new WebhookRefused('unknown-notification');
    const program = notification.programToken ?? notification.object?.programToken;
    if (program !== undefined && program !== this.config.programToken) throw new WebhookRefused('unknown-notification');
    try {
      return eventOf(notification);
    } catch {
      throw new WebhookRefused('not-a-payment');
    }
  }
}
