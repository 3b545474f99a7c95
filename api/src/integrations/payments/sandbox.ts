/**
 * The local payment gateway (the default): behaves like Braintree's sandbox with documented test
 * cards (README.md) that produce every outcome of supporting §8. It keeps no state: nonces, 3-D
 * Secure challenges and vault tokens are HMAC-signed descriptions of the card, so any process can
 * read them and a forged one is refused. The card form posts card details to the sandbox's own
 * tokenizer (standing in for Braintree's servers), never to a plans endpoint.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import cardValidator from 'card-validator';
import { ACCEPTED_CARDS, isThreeDSecurePassed, type AcceptedCard, type AvsCode, type CvvCode, type PaymentFailure, type ThreeDSecureStatus } from '@cadence/domain/payments';
import type { NonceInfo, PaymentGateway, SaleInput, SaleResult, VaultedMethod, VaultResult } from './payment-gateway.ts';

/** What happens to a card, by its number (README.md lists them). */
export type SandboxScenario = 'ok' | 'processor_declined' | 'gateway_rejected' | 'declines_renewals' | '3ds_challenge' | ThreeDSecureStatus;

/** The test cards whose number picks an outcome; any other valid accepted card pays. */
export const SANDBOX_CARDS: Record<string, SandboxScenario> = {
  '4000111111111115': 'processor_declined',
  '4000111111111511': 'gateway_rejected',
  '4000000000000341': 'declines_renewals',
  '4000000000001091': '3ds_challenge',
  '4000000000001000': 'authenticate_successful',
  '4000000000002008': 'authenticate_attempt_successful',
  '4000000000002107': 'authenticate_failed',
  '4000000000002206': 'authenticate_error',
  '4000000000002305': 'authenticate_signature_verification_failed',
  '4000000000002404': 'authenticate_unable_to_authenticate',
  '4000000000002503': 'authentication_unavailable',
  '4000000000002602': 'lookup_error',
  '4000000000002701': 'lookup_enrolled',
  '4000000000002800': 'authenticate_successful_issuer_not_participating',
  '4000000000002909': 'lookup_not_enrolled',
  '4000000000003006': 'unsupported_card',
};

/** The code a 3-D Secure challenge accepts (any other answer is authenticate_failed). */
export const SANDBOX_3DS_CODE = '1234';

/** CVV values with Braintree's sandbox meanings; an empty CVV is 'I' (not provided). */
const CVV_CODES: Record<string, CvvCode> = { '200': 'N', '201': 'U', '301': 'S' };
/** Postal codes: 20000 does not match, 20001 not verified, 30000 processing error; empty is missing. */
const POSTAL_CODES: Record<string, AvsCode> = { '20000': 'N', '20001': 'U', '30000': 'E' };
/** Street addresses by their house number: 200 does not match, 201 not verified, 300 processing error; empty is missing. */
const STREET_CODES: Record<string, AvsCode> = { '200': 'N', '201': 'U', '300': 'E' };

interface CardFacts {
  kind: 'card';
  id: string;
  brand: AcceptedCard;
  last4: string;
  expMonth: number;
  expYear: number;
  cvv: CvvCode;
  postal: AvsCode;
  street: AvsCode;
  scenario: SandboxScenario;
  tds: ThreeDSecureStatus | null;
}

/** A PayPal account approved in the sandbox's stand-in for PayPal's window (README.md lists the test accounts). */
interface PayPalFacts {
  kind: 'paypal';
  id: string;
  email: string;
  payerId: string;
  /** 'declined': PayPal approves, then the processor declines the funding (every charge). */
  scenario: 'ok' | 'declined';
  tds?: null;
}

/** A PayPal checkout waiting for the person's approval (PayPal's payment/EC token). */
interface PayPalPayment {
  id: string;
  amount: string;
  currency: string;
  flow: 'vault' | 'checkout';
}

/** PayPal sandbox emails whose local part starts with this are declined when charged. */
export const SANDBOX_PAYPAL_DECLINED = 'declined';

export interface SandboxCardInput {
  number: string;
  expirationDate: string;
  cvv?: string | null;
  postalCode?: string | null;
  streetAddress?: string | null;
}

export class SandboxTokenizeError extends Error {
  constructor(
    readonly field: 'number' | 'expirationDate' | 'cvv',
    message: string,
  ) {
    super(message);
  }
}

const BRANDS: Record<string, AcceptedCard> = { visa: 'visa', mastercard: 'master-card', discover: 'discover', 'american-express': 'american-express' };

export class SandboxPaymentGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;
  /** Nonces are single use, as at Braintree (per process: the sandbox is a development stand-in). */
  private readonly spent = new Set<string>();
  constructor(private readonly secret: string) {}

  /** Reads a nonce and spends it; a second use is refused like an unknown nonce. */
  private spend(nonce: string): CardFacts | PayPalFacts | null {
    const facts = this.read<CardFacts | PayPalFacts>('sbx_nonce', nonce);
    if (!facts) return null;
    const key = `${facts.id}:${facts.tds ?? ''}`;
    if (this.spent.has(key)) return null;
    this.spent.add(key);
    return facts;
  }

  private sign(prefix: string, body: object): string {
    const data = Buffer.from(JSON.stringify(body)).toString('base64url');
    const mac = createHmac('sha256', this.secret).update(`${prefix}.${data}`).digest('base64url');
    return `${prefix}.${data}.${mac}`;
  }

  private read<T>(prefix: string, value: string): T | null {
    const parts = typeof value === 'string' ? value.split('.') : [];
    if (parts.length !== 3 || parts[0] !== prefix) return null;
    const expected = createHmac('sha256', this.secret).update(`${prefix}.${parts[1]}`).digest();
    const given = Buffer.from(parts[2]!, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      return JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as T;
    } catch {
      return null;
    }
  }

  /** Turns card details into a nonce (the sandbox's stand-in for Braintree's hosted fields). */
  tokenize(input: SandboxCardInput): { nonce: string; details: { cardType: AcceptedCard; lastFour: string; bin: string } } {
    const number = String(input.number ?? '').replace(/[\s-]/g, '');
    const check = cardValidator.number(number);
    if (!check.isValid || !check.card) throw new SandboxTokenizeError('number', 'Please enter a valid card number');
    const brand = BRANDS[check.card.type];
    if (!brand) throw new SandboxTokenizeError('number', 'This card type is not accepted. Please use Visa, Mastercard, Discover or American Express');
    const exp = cardValidator.expirationDate(String(input.expirationDate ?? ''));
    if (!exp.isValid || !exp.month || !exp.year) throw new SandboxTokenizeError('expirationDate', 'Please enter a valid expiration date (MM/YY)');
    const cvv = String(input.cvv ?? '').trim();
    if (cvv && !/^\d{3,4}$/.test(cvv)) throw new SandboxTokenizeError('cvv', 'The CVV is 3 or 4 digits');
    const postal = String(input.postalCode ?? '').trim();
    const street = String(input.streetAddress ?? '').trim();
    const year = Number(exp.year.length === 2 ? `20${exp.year}` : exp.year);
    const facts: CardFacts = {
      kind: 'card',
      id: randomUUID(),
      brand,
      last4: number.slice(-4),
      expMonth: Number(exp.month),
      expYear: year,
      cvv: cvv ? (CVV_CODES[cvv] ?? 'M') : 'I',
      postal: postal ? (POSTAL_CODES[postal] ?? 'M') : 'I',
      street: street ? (STREET_CODES[street.split(/\s+/)[0]!] ?? 'M') : 'I',
      scenario: SANDBOX_CARDS[number] ?? 'ok',
      tds: null,
    };
    return { nonce: this.sign('sbx_nonce', facts), details: { cardType: brand, lastFour: facts.last4, bin: number.slice(0, 6) } };
  }

  /**
   * 3-D Secure lookup for a nonce: cards without 3-D Secure come back unchanged, frictionless
   * cards with their status, the challenge card with a challenge to answer.
   */
  lookupThreeDSecure(nonce: string): { nonce: string; status: ThreeDSecureStatus | null; challenge: string | null } | null {
    const facts = this.read<CardFacts>('sbx_nonce', nonce);
    if (!facts) return null;
    if (facts.scenario === '3ds_challenge') return { nonce, status: null, challenge: this.sign('sbx_3ds', { nonce }) };
    if (!isThreeDSecureScenario(facts.scenario)) return { nonce, status: null, challenge: null };
    return { nonce: this.sign('sbx_nonce', { ...facts, tds: facts.scenario }), status: facts.scenario, challenge: null };
  }

  /** Answers a challenge: the right code gives authenticate_successful, any other authenticate_failed. */
  authenticateThreeDSecure(challenge: string, code: string): { nonce: string; status: ThreeDSecureStatus } | null {
    const c = this.read<{ nonce: string }>('sbx_3ds', challenge);
    const facts = c ? this.read<CardFacts>('sbx_nonce', c.nonce) : null;
    if (!facts) return null;
    const status: ThreeDSecureStatus = code === SANDBOX_3DS_CODE ? 'authenticate_successful' : 'authenticate_failed';
    return { nonce: this.sign('sbx_nonce', { ...facts, tds: status }), status };
  }

  /**
   * PayPal checkout, step 1 (braintree-web's paypalCheckout.createPayment): a payment waiting for
   * the person's approval in PayPal's window. Approval is asynchronous: nothing can be tokenized
   * until `approvePayPal` answers.
   */
  createPayPalPayment(input: { amount: string; currency?: string; flow?: 'vault' | 'checkout' }): { paymentId: string } {
    const payment: PayPalPayment = { id: randomUUID(), amount: input.amount, currency: input.currency ?? 'USD', flow: input.flow ?? 'vault' };
    return { paymentId: this.sign('sbx_pp', payment) };
  }

  /** Step 2, the stand-in for the person approving in PayPal's window with a sandbox account; null for an unknown payment. */
  approvePayPal(paymentId: string, email: string): { paymentId: string; payerId: string } | null {
    const payment = this.read<PayPalPayment>('sbx_pp', paymentId);
    if (!payment) return null;
    return { paymentId, payerId: this.sign('sbx_payer', { paymentId: payment.id, email: email.trim().toLowerCase() }) };
  }

  /** Step 3 (paypalCheckout.tokenizePayment): the approved payment becomes a nonce; an unapproved or mismatched one is refused. */
  tokenizePayPal(paymentId: string, payerId: string): { nonce: string; type: 'PayPalAccount'; details: { email: string } } | null {
    const payment = this.read<PayPalPayment>('sbx_pp', paymentId);
    const payer = this.read<{ paymentId: string; email: string }>('sbx_payer', payerId);
    if (!payment || !payer || payer.paymentId !== payment.id) return null;
    const facts: PayPalFacts = { kind: 'paypal', id: payment.id, email: payer.email, payerId: createHmac('sha256', this.secret).update(payer.email).digest('hex').slice(0, 13).toUpperCase(), scenario: payer.email.startsWith(SANDBOX_PAYPAL_DECLINED) ? 'declined' : 'ok' };
    return { nonce: this.sign('sbx_nonce', facts), type: 'PayPalAccount', details: { email: payer.email } };
  }

  clientToken(customerId: string): Promise<string> {
    return Promise.resolve(this.sign('sbx_client', { customerId, at: Date.now() }));
  }

  describeNonce(nonce: string): Promise<NonceInfo | null> {
    const facts = this.read<CardFacts | PayPalFacts>('sbx_nonce', nonce);
    if (facts?.kind === 'paypal') return Promise.resolve({ type: 'paypal_account', cardBrand: null, last4: null, threeDSecureStatus: null });
    return Promise.resolve(facts ? { type: 'credit_card', cardBrand: facts.brand, last4: facts.last4, threeDSecureStatus: facts.tds } : null);
  }

  /** Card checks that refuse a nonce before any money moves (Braintree's gateway rejections and 3-D Secure rules). */
  private verify(facts: CardFacts): PaymentFailure | null {
    if (!ACCEPTED_CARDS.includes(facts.brand)) return { kind: 'card_not_accepted' };
    if (facts.cvv !== 'M') return { kind: 'gateway_rejected', reason: 'cvv', cvv: facts.cvv, postal: facts.postal, street: facts.street };
    if (facts.postal !== 'M' || facts.street !== 'M') return { kind: 'gateway_rejected', reason: 'avs', cvv: facts.cvv, postal: facts.postal, street: facts.street };
    if (facts.scenario === 'gateway_rejected') return { kind: 'gateway_rejected', reason: 'fraud' };
    if (facts.scenario === '3ds_challenge' || isThreeDSecureScenario(facts.scenario)) {
      const status = facts.tds ?? (facts.scenario === '3ds_challenge' ? 'lookup_enrolled' : facts.scenario);
      if (!isThreeDSecurePassed(status as ThreeDSecureStatus)) return { kind: 'three_d_secure', threeDSecureStatus: status as ThreeDSecureStatus };
    }
    return null;
  }

  private vaulted(facts: CardFacts | PayPalFacts): VaultedMethod {
    if (facts.kind === 'paypal') return { token: this.sign('sbx_pm', facts), type: 'paypal_account', paypalEmail: facts.email };
    const token = this.sign('sbx_pm', { ...facts, tds: null });
    return { token, type: 'credit_card', cardBrand: facts.brand, last4: facts.last4, expMonth: facts.expMonth, expYear: facts.expYear };
  }

  sale(input: SaleInput): Promise<SaleResult> {
    const fromNonce = 'nonce' in input.source;
    const facts = fromNonce ? this.spend((input.source as { nonce: string }).nonce) : this.read<CardFacts | PayPalFacts>('sbx_pm', (input.source as { token: string }).token);
    if (!facts) return Promise.resolve({ ok: false, failure: { kind: 'invalid_nonce' }, transactionId: null });
    if (input.amountMinor <= 0n) return Promise.resolve({ ok: false, failure: { kind: 'gateway_rejected', reason: 'amount' }, transactionId: null });
    if (facts.kind === 'paypal') {
      const transactionId = `sbx_txn_${randomUUID()}`;
      if (facts.scenario === 'declined') return Promise.resolve({ ok: false, failure: { kind: 'processor_declined', reason: 'paypal' }, transactionId, processorText: '2074 Funding Instrument In The PayPal Account Was Declined By The Processor Or Bank' });
      return Promise.resolve({ ok: true, transactionId, method: fromNonce ? this.vaulted(facts) : null });
    }
    if (fromNonce) {
      const refused = this.verify(facts);
      if (refused) return Promise.resolve({ ok: false, failure: refused, transactionId: null });
    }
    const transactionId = `sbx_txn_${randomUUID()}`;
    if (facts.scenario === 'processor_declined' || (facts.scenario === 'declines_renewals' && input.recurring)) {
      return Promise.resolve({ ok: false, failure: { kind: 'processor_declined' }, transactionId, processorText: '2000 Do Not Honor' });
    }
    return Promise.resolve({ ok: true, transactionId, method: fromNonce ? this.vaulted(facts) : null });
  }

  vault(input: { customerId: string; nonce: string }): Promise<VaultResult> {
    const facts = this.spend(input.nonce);
    if (!facts) return Promise.resolve({ ok: false, failure: { kind: 'invalid_nonce' } });
    if (facts.kind === 'paypal') return Promise.resolve({ ok: true, method: this.vaulted(facts) });
    const refused = this.verify(facts);
    if (refused) return Promise.resolve({ ok: false, failure: refused });
    if (facts.scenario === 'processor_declined') return Promise.resolve({ ok: false, failure: { kind: 'processor_declined' } });
    return Promise.resolve({ ok: true, method: this.vaulted(facts) });
  }
}

function isThreeDSecureScenario(s: SandboxScenario): s is ThreeDSecureStatus {
  return s !== 'ok' && s !== 'processor_declined' && s !== 'gateway_rejected' && s !== 'declines_renewals' && s !== '3ds_challenge';
}
