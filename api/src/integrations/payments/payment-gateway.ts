/**
 * The card and PayPal gateway for plan payments (Braintree in production, a local sandbox by
 * default): one interface, so the plans module never knows which one runs. Amounts cross it as
 * bigint minor units; card numbers never cross it (the browser tokenizes them into a nonce).
 */
import type { AcceptedCard, PaymentFailure, ThreeDSecureStatus } from '@cadence/domain/payments';

/** A payment method kept in the gateway's vault: we store only its token and what a person reads. */
export interface VaultedMethod {
  token: string;
  type: 'credit_card' | 'paypal_account';
  cardBrand?: AcceptedCard | null;
  last4?: string | null;
  expMonth?: number | null;
  expYear?: number | null;
  paypalEmail?: string | null;
}

/** What a nonce stands for (POST /api/braintree/paymentMethodType). */
export interface NonceInfo {
  type: 'credit_card' | 'paypal_account' | 'other';
  cardBrand: AcceptedCard | null;
  last4: string | null;
  threeDSecureStatus: ThreeDSecureStatus | null;
}

export interface SaleInput {
  /** Our payment id: the gateway's order id, so a retried call can be found. */
  orderId: string;
  amountMinor: bigint;
  currency: string;
  /** The gateway's customer (our user id). */
  customerId: string;
  /** A fresh nonce from the card form (vaulted on success), or a vaulted method's token. */
  source: { nonce: string } | { token: string };
  /** A renewal charged without the person present. */
  recurring: boolean;
}

export type SaleResult =
  | { ok: true; transactionId: string; method: VaultedMethod | null }
  | { ok: false; failure: PaymentFailure; transactionId: string | null; processorText?: string | null };

export type VaultResult = { ok: true; method: VaultedMethod } | { ok: false; failure: PaymentFailure };

export interface PaymentGateway {
  readonly name: 'sandbox' | 'braintree';
  /** A client token for the browser SDK (braintree-web, or the sandbox's stand-in). */
  clientToken(customerId: string): Promise<string>;
  /** What a nonce is; null for an unknown, forged or expired nonce. */
  describeNonce(nonce: string): Promise<NonceInfo | null>;
  /** Charges a nonce or a vaulted method, settling at once; a nonce is vaulted on success. */
  sale(input: SaleInput): Promise<SaleResult>;
  /** Vaults a nonce after verifying the card (CVV and address checks). */
  vault(input: { customerId: string; nonce: string }): Promise<VaultResult>;
}
