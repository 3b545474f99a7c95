/**
 * The Braintree adapter, on the official `braintree` SDK. Customers are our user ids; a sale with a
 * nonce is stored in the vault on success (auto-renew charges the vaulted token later with
 * transactionSource 'recurring'). Results are mapped to the gateway contract here, once; the
 * contract tests feed it recorded SDK results (fixtures/).
 */
import braintree from 'braintree';
import type { AcceptedCard, AvsCode, CvvCode, PaymentFailure, ThreeDSecureStatus } from '@cadence/domain/payments';
import type { PaymentsConfig } from '../../config.ts';
import type { NonceInfo, PaymentGateway, SaleInput, SaleResult, VaultedMethod, VaultResult } from './payment-gateway.ts';
import { formatMinor } from '@cadence/domain/money';

/** The parts of a Braintree card or PayPal account we read. */
export interface BtMethod {
  token?: string;
  cardType?: string;
  last4?: string;
  expirationMonth?: string;
  expirationYear?: string;
  email?: string;
  payerEmail?: string;
}

/** The parts of a transaction or verification we read (both carry the same result codes). */
export interface BtOutcome {
  id?: string;
  status?: string;
  processorResponseCode?: string;
  processorResponseText?: string;
  gatewayRejectionReason?: string | null;
  cvvResponseCode?: string | null;
  avsPostalCodeResponseCode?: string | null;
  avsStreetAddressResponseCode?: string | null;
  threeDSecureInfo?: { status?: string } | null;
  creditCard?: BtMethod;
  paypal?: BtMethod;
  /** 'credit_card', 'paypal_account', ... */
  paymentInstrumentType?: string;
}

export interface BtResult {
  success: boolean;
  message?: string;
  transaction?: BtOutcome;
  verification?: BtOutcome;
  creditCardVerification?: BtOutcome;
  paymentMethod?: BtMethod;
  errors?: { deepErrors(): { code: string; message: string; attribute?: string }[] };
}

/** The SDK calls the adapter makes (the real `BraintreeGateway`, or recorded answers in tests). */
export interface BraintreeApi {
  clientToken: { generate(req: { customerId?: string }): Promise<{ clientToken: string }> };
  customer: { find(id: string): Promise<unknown>; create(req: { id: string }): Promise<{ success: boolean }> };
  paymentMethodNonce: { find(nonce: string): Promise<{ type?: string; details?: { cardType?: string; lastFour?: string }; threeDSecureInfo?: { status?: string } | null }> };
  transaction: { sale(req: Record<string, unknown>): Promise<BtResult> };
  paymentMethod: { create(req: Record<string, unknown>): Promise<BtResult> };
}

const CARD_TYPES: Record<string, AcceptedCard> = { Visa: 'visa', MasterCard: 'master-card', Discover: 'discover', 'American Express': 'american-express' };

/** Braintree's 'Visa', 'MasterCard'... as the spec's accepted card names; null for any other card. */
export function cardBrandFromBraintree(cardType: string | undefined): AcceptedCard | null {
  return (cardType && CARD_TYPES[cardType]) || null;
}

function methodFrom(m: BtMethod | undefined, kind: 'credit_card' | 'paypal_account'): VaultedMethod | null {
  if (!m?.token) return null;
  if (kind === 'paypal_account') return { token: m.token, type: 'paypal_account', paypalEmail: m.payerEmail ?? m.email ?? null };
  return { token: m.token, type: 'credit_card', cardBrand: cardBrandFromBraintree(m.cardType), last4: m.last4 ?? null, expMonth: Number(m.expirationMonth) || null, expYear: Number(m.expirationYear) || null };
}

/** A refused transaction or verification as the contract's failure (kind, CVV/AVS codes, 3-D Secure status). */
export function failureFrom(outcome: BtOutcome | undefined, result: BtResult): PaymentFailure {
  const codes = {
    cvv: (outcome?.cvvResponseCode ?? null) as CvvCode | null,
    postal: (outcome?.avsPostalCodeResponseCode ?? null) as AvsCode | null,
    street: (outcome?.avsStreetAddressResponseCode ?? null) as AvsCode | null,
  };
  const tds = (outcome?.threeDSecureInfo?.status ?? null) as ThreeDSecureStatus | null;
  if (outcome?.status === 'processor_declined') return { kind: 'processor_declined', ...(outcome.paymentInstrumentType === 'paypal_account' ? { reason: 'paypal' } : {}), ...codes };
  if (outcome?.status === 'gateway_rejected') {
    const reason = outcome.gatewayRejectionReason ?? null;
    if (reason === 'three_d_secure') return { kind: 'three_d_secure', threeDSecureStatus: tds, ...codes };
    return { kind: 'gateway_rejected', reason, ...codes };
  }
  // Validation errors: 91565 unknown nonce, 91564 nonce already used, 81736/81737 3-D Secure required.
  const errors = result.errors?.deepErrors() ?? [];
  if (errors.some((e) => e.code === '91565' || e.code === '91564' || e.code === '91504')) return { kind: 'invalid_nonce' };
  if (errors.some((e) => e.code === '81736' || e.code === '81737')) return { kind: 'three_d_secure', threeDSecureStatus: tds };
  return { kind: 'gateway_rejected', reason: errors[0]?.code ?? 'validation' };
}

export class BraintreePaymentGateway implements PaymentGateway {
  readonly name = 'braintree' as const;
  private readonly api: BraintreeApi;

  constructor(
    private readonly config: PaymentsConfig['braintree'],
    api?: BraintreeApi,
  ) {
    this.api =
      api ??
      (new braintree.BraintreeGateway({
        environment: config.environment === 'Production' ? braintree.Environment.Production : braintree.Environment.Sandbox,
        merchantId: config.merchantId,
        publicKey: config.publicKey,
        privateKey: config.privateKey,
      }) as unknown as BraintreeApi);
  }

  private async ensureCustomer(customerId: string): Promise<void> {
    try {
      await this.api.customer.find(customerId);
    } catch (err) {
      if ((err as { type?: string; name?: string }).type !== 'notFoundError' && (err as { name?: string }).name !== 'notFoundError') throw err;
      await this.api.customer.create({ id: customerId });
    }
  }

  async clientToken(customerId: string): Promise<string> {
    await this.ensureCustomer(customerId);
    return (await this.api.clientToken.generate({ customerId })).clientToken;
  }

  async describeNonce(nonce: string): Promise<NonceInfo | null> {
    try {
      const found = await this.api.paymentMethodNonce.find(nonce);
      const type = found.type === 'CreditCard' ? 'credit_card' : found.type === 'PayPalAccount' ? 'paypal_account' : 'other';
      return { type, cardBrand: cardBrandFromBraintree(found.details?.cardType), last4: found.details?.lastFour ?? null, threeDSecureStatus: (found.threeDSecureInfo?.status ?? null) as ThreeDSecureStatus | null };
    } catch (err) {
      if ((err as { type?: string }).type === 'notFoundError') return null;
      throw err;
    }
  }

  async sale(input: SaleInput): Promise<SaleResult> {
    if ('nonce' in input.source) await this.ensureCustomer(input.customerId);
    const req: Record<string, unknown> = {
      amount: formatMinor(input.amountMinor),
      orderId: input.orderId,
      ...('nonce' in input.source ? { paymentMethodNonce: input.source.nonce, customerId: input.customerId } : { paymentMethodToken: input.source.token }),
      ...(input.recurring ? { transactionSource: 'recurring' } : {}),
      ...(this.config.merchantAccountId ? { merchantAccountId: this.config.merchantAccountId } : {}),
      options: { submitForSettlement: true, ...('nonce' in input.source ? { storeInVaultOnSuccess: true } : {}) },
    };
    const result = await this.api.transaction.sale(req);
    const t = result.transaction;
    if (result.success && t?.id) {
      const method = 'nonce' in input.source ? (methodFrom(t.creditCard, 'credit_card') ?? methodFrom(t.paypal, 'paypal_account')) : null;
      return { ok: true, transactionId: t.id, method };
    }
    return { ok: false, failure: failureFrom(t, result), transactionId: t?.id ?? null, processorText: t?.processorResponseText ?? null };
  }

  async vault(input: { customerId: string; nonce: string }): Promise<VaultResult> {
    await this.ensureCustomer(input.customerId);
    const result = await this.api.paymentMethod.create({ customerId: input.customerId, paymentMethodNonce: input.nonce, options: { verifyCard: true, makeDefault: true } });
    if (result.success && result.paymentMethod) {
      const m = result.paymentMethod;
      const method = m.cardType ? methodFrom(m, 'credit_card') : methodFrom(m, 'paypal_account');
      if (method) return { ok: true, method };
    }
    const verification = result.verification ?? result.creditCardVerification;
    return { ok: false, failure: failureFrom(verification, result) };
  }
}
