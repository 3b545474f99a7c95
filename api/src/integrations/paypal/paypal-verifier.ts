/**
 * PayPal account verification: does a PayPal account exist for this email under this name? The
 * real adapter calls PayPal's Adaptive Accounts GetVerifiedStatus (the origin of the legacy
 * request's matchCriteria 'NAME'); the local sandbox (the default) answers from test values.
 *
 * Sandbox test values: an email whose local part contains 'notfound' is not found (PayPal error
 * 580023); one containing 'paypal-down' makes PayPal unavailable; any other is VERIFIED.
 */
import type { PayPalConfig } from '../../config.ts';

export interface PayPalVerifyInput {
  firstName: string;
  lastName: string;
  emailAddress: string;
}

export type PayPalVerification =
  | { outcome: 'verified'; accountStatus: string; accountId: string | null }
  | { outcome: 'not-found'; errors: { errorId: string; message: string }[] }
  | { outcome: 'unavailable'; message: string };

export interface PayPalVerifier {
  readonly driver: PayPalConfig['driver'];
  verify(input: PayPalVerifyInput): Promise<PayPalVerification>;
}

interface AdaptiveAnswer {
  responseEnvelope?: { ack?: string };
  accountStatus?: string;
  userInfo?: { accountId?: string };
  error?: { errorId?: string; message?: string }[];
}

/** Reads a GetVerifiedStatus answer (HTTP status and JSON body). */
export function readVerifiedStatus(status: number, body: unknown): PayPalVerification {
  if (status >= 500 || status === 0) return { outcome: 'unavailable', message: 'PayPal is unavailable' };
  const a = (body ?? {}) as AdaptiveAnswer;
  const ack = a.responseEnvelope?.ack ?? '';
  if ((ack === 'Success' || ack === 'SuccessWithWarning') && a.accountStatus) return { outcome: 'verified', accountStatus: a.accountStatus, accountId: a.userInfo?.accountId ?? null };
  const errors = (a.error ?? []).map((e) => ({ errorId: String(e.errorId ?? ''), message: String(e.message ?? '') }));
  return errors.length ? { outcome: 'not-found', errors } : { outcome: 'unavailable', message: 'PayPal gave no answer' };
}

export class AdaptiveAccountsVerifier implements PayPalVerifier {
  readonly driver = 'paypal' as const;
  constructor(
    private readonly config: PayPalConfig,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  async verify(input: PayPalVerifyInput): Promise<PayPalVerification> {
    try {
      const res = await this.fetchFn(`${this.config.baseUrl}/AdaptiveAccounts/GetVerifiedStatus`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'X-PAYPAL-SECURITY-USERID': this.config.userId,
          'X-PAYPAL-SECURITY-PASSWORD': this.config.password,
          'X-PAYPAL-SECURITY-SIGNATURE': this.config.signature,
          'X-PAYPAL-APPLICATION-ID': this.config.appId,
          'X-PAYPAL-REQUEST-DATA-FORMAT': 'JSON',
          'X-PAYPAL-RESPONSE-DATA-FORMAT': 'JSON',
        },
        body: JSON.stringify({ emailAddress: input.emailAddress, firstName: input.firstName, lastName: input.lastName, matchCriteria: 'NAME', requestEnvelope: { errorLanguage: 'en_US' } }),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      let json: unknown = {};
      try {
        json = text ? JSON.parse(text) : {};
      } catch {
        return { outcome: 'unavailable', message: 'PayPal answered something that is not JSON' };
      }
      return readVerifiedStatus(res.status, json);
    } catch {
      return { outcome: 'unavailable', message: 'PayPal could not be reached' };
    }
  }
}

export class SandboxPayPalVerifier implements PayPalVerifier {
  readonly driver = 'sandbox' as const;
  async verify(input: PayPalVerifyInput): Promise<PayPalVerification> {
    const local = input.emailAddress.split('@')[0]!.toLowerCase();
    if (local.includes('paypal-down')) return readVerifiedStatus(503, {});
    if (local.includes('notfound')) return readVerifiedStatus(200, { responseEnvelope: { ack: 'Failure' }, error: [{ errorId: '580023', message: 'Cannot determine PayPal Account status' }] });
    return readVerifiedStatus(200, { responseEnvelope: { ack: 'Success' }, accountStatus: 'VERIFIED', userInfo: { accountId: `SANDBOX${local.length}` } });
  }
}

let override: PayPalVerifier | null = null;

/** Replaces the verifier in tests; null restores the configured one. */
export function usePayPalVerifier(verifier: PayPalVerifier | null): void {
  override = verifier;
}

/** The verifier PAYPAL_PROVIDER names: 'sandbox' (default) or 'paypal'. */
export function payPalVerifier(config: PayPalConfig): PayPalVerifier {
  if (override) return override;
  return config.driver === 'paypal' ? new AdaptiveAccountsVerifier(config) : new SandboxPayPalVerifier();
}
