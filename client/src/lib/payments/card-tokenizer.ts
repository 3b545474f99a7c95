/**
 * Turns card details into a payment nonce without sending them to our plans endpoints: through
 * braintree-web when Braintree is the gateway (its client SDK and 3D Secure), through the local
 * sandbox's stand-in endpoints otherwise (same contract: tokenize, then 3D Secure lookup, then a
 * challenge when the issuer asks for one).
 */
import { isThreeDSecurePassed, threeDSecureMessage, type ThreeDSecureStatus } from '@cadence/domain/payments';
import { paymentsGateway } from '../rest';

export interface CardDetails {
  number: string;
  expirationDate: string;
  cvv: string;
  postalCode: string;
  streetAddress: string;
}

export type TokenizeResult =
  | { kind: 'nonce'; nonce: string }
  | { kind: 'error'; message: string; field?: keyof CardDetails }
  /** The card issuer asks the person to confirm (3D Secure challenge): answer with their code. */
  | { kind: 'challenge'; answer: (code: string) => Promise<TokenizeResult> };

export const UNAVAILABLE = 'The payment service is unavailable. Please try again later';

type SandboxStep = Parameters<typeof paymentsGateway.sandbox>[0];

/** One step of the sandbox gateway (lib/rest.ts): the answer, or the message (and field) of a refusal. */
export async function sandboxStep<T>(step: SandboxStep, body: unknown): Promise<{ ok: true; data: T } | { ok: false; message: string; field?: keyof CardDetails }> {
  const answer = await paymentsGateway.sandbox<T>(step, body);
  return answer.ok ? answer : { ok: false, message: answer.message ?? UNAVAILABLE, field: answer.field as keyof CardDetails | undefined };
}

function afterThreeDSecure(nonce: string, status: ThreeDSecureStatus | null): TokenizeResult {
  if (status && !isThreeDSecurePassed(status)) return { kind: 'error', message: threeDSecureMessage(status) ?? UNAVAILABLE };
  return { kind: 'nonce', nonce };
}

async function sandboxTokenize(card: CardDetails): Promise<TokenizeResult> {
  const t = await sandboxStep<{ nonce: string }>('tokenize', card);
  if (!t.ok) return { kind: 'error', message: t.message, field: t.field };
  const lookup = await sandboxStep<{ nonce: string; status: ThreeDSecureStatus | null; challenge: string | null }>('3ds/lookup', { nonce: t.data.nonce });
  if (!lookup.ok) return { kind: 'error', message: lookup.message };
  const { challenge } = lookup.data;
  if (!challenge) return afterThreeDSecure(lookup.data.nonce, lookup.data.status);
  return {
    kind: 'challenge',
    answer: async (code) => {
      const done = await sandboxStep<{ nonce: string; status: ThreeDSecureStatus }>('3ds/authenticate', { challenge, code });
      return done.ok ? afterThreeDSecure(done.data.nonce, done.data.status) : { kind: 'error', message: done.message };
    },
  };
}

interface BraintreeClient {
  request(options: { endpoint: string; method: string; data: unknown }): Promise<{ creditCards: { nonce: string; details: { bin: string } }[] }>;
}
interface BraintreeThreeDSecure {
  verifyCard(options: { amount: string; nonce: string; bin: string; onLookupComplete: (data: unknown, next: () => void) => void }): Promise<{ nonce: string; threeDSecureInfo?: { status?: string } }>;
}

/** braintree-web's client API for a custom card form, then its 3D Secure (the issuer's challenge opens in Braintree's frame). */
async function braintreeTokenize(card: CardDetails, clientToken: string, amount: string): Promise<TokenizeResult> {
  try {
    const { client, threeDSecure } = await import('braintree-web');
    const instance = (await client.create({ authorization: clientToken })) as unknown as BraintreeClient;
    const response = await instance.request({
      endpoint: 'payment_methods/credit_cards',
      method: 'post',
      data: { creditCard: { number: card.number, expirationDate: card.expirationDate, cvv: card.cvv, billingAddress: { postalCode: card.postalCode, streetAddress: card.streetAddress }, options: { validate: false } } },
    });
    const tokenized = response.creditCards[0]!;
    const tds = (await threeDSecure.create({ client: instance as never, version: 2 })) as unknown as BraintreeThreeDSecure;
    const verified = await tds.verifyCard({ amount, nonce: tokenized.nonce, bin: tokenized.details.bin, onLookupComplete: (_data, next) => next() });
    return afterThreeDSecure(verified.nonce, (verified.threeDSecureInfo?.status ?? null) as ThreeDSecureStatus | null);
  } catch (err) {
    return { kind: 'error', message: (err as { message?: string }).message ?? UNAVAILABLE };
  }
}

/** The configured gateway and a client token for it (lib/rest.ts), or the message why not. */
export async function gatewayToken(): Promise<{ clientToken: string; gateway: 'sandbox' | 'braintree' } | { kind: 'error'; message: string }> {
  const answer = await paymentsGateway.token();
  return answer.ok ? answer.data : { kind: 'error', message: answer.message ?? UNAVAILABLE };
}

/** Tokenizes a card with the configured gateway; `amount` ('20.00') is what 3D Secure shows the issuer. */
export async function tokenizeCard(card: CardDetails, amount: string): Promise<TokenizeResult> {
  const token = await gatewayToken();
  if ('kind' in token) return token;
  return token.gateway === 'braintree' ? braintreeTokenize(card, token.clientToken, amount) : sandboxTokenize(card);
}
