/**
 * PayPal checkout, as braintree-web's PayPal Checkout component runs it: a payment is created, the
 * person approves it in PayPal's window (asynchronously), and the approval is tokenized into a
 * nonce for our purchase. With Braintree configured, PayPal's own button does this (vault flow, so
 * renewals can charge the account); with the local sandbox, its stand-in endpoints do, and the
 * approval window is ours (PayPalCheckout.tsx).
 */
import { gatewayToken, sandboxStep, UNAVAILABLE, type TokenizeResult } from './card-tokenizer';

export interface PayPalButtonHandlers {
  onResult: (result: TokenizeResult) => void;
  onCancel: () => void;
}

export type PayPalStart =
  | { kind: 'error'; message: string }
  /** The sandbox: the person approves in our stand-in for PayPal's window with a sandbox account email. */
  | { kind: 'approval'; approve: (email: string) => Promise<TokenizeResult> }
  /** Braintree: PayPal's own button is rendered into the container and runs the approval. */
  | { kind: 'buttons'; render: (container: HTMLElement, handlers: PayPalButtonHandlers) => Promise<void> };

async function sandboxStart(amount: string): Promise<PayPalStart> {
  const created = await sandboxStep<{ paymentId: string }>('paypal/create-payment', { amount, flow: 'vault' });
  if (!created.ok) return { kind: 'error', message: created.message };
  return {
    kind: 'approval',
    approve: async (email) => {
      const approved = await sandboxStep<{ paymentId: string; payerId: string }>('paypal/approve', { paymentId: created.data.paymentId, email });
      if (!approved.ok) return { kind: 'error', message: approved.message };
      const tokenized = await sandboxStep<{ nonce: string }>('paypal/tokenize', approved.data);
      return tokenized.ok ? { kind: 'nonce', nonce: tokenized.data.nonce } : { kind: 'error', message: tokenized.message };
    },
  };
}

interface BraintreePayPalCheckout {
  loadPayPalSDK(options: { vault: boolean; currency: string; dataAttributes?: Record<string, string> }): Promise<unknown>;
  createPayment(options: { flow: 'vault'; currency: string; amount: string; billingAgreementDescription: string }): Promise<string>;
  tokenizePayment(data: unknown): Promise<{ nonce: string }>;
}
interface PayPalSdk {
  Buttons(options: Record<string, unknown>): { render(container: HTMLElement): Promise<void> };
  FUNDING: { PAYPAL: string };
}

/** braintree-web's PayPal Checkout with PayPal's button (the SDK script comes from PayPal). */
function braintreeStart(clientToken: string, amount: string): PayPalStart {
  return {
    kind: 'buttons',
    render: async (container, handlers) => {
      const { client, paypalCheckout } = await import('braintree-web');
      const instance = await client.create({ authorization: clientToken });
      const checkout = (await paypalCheckout.create({ client: instance })) as unknown as BraintreePayPalCheckout;
      // PayPal's SDK styles its button with the page's CSP nonce (the server allows PayPal's origins with Braintree).
      const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
      await checkout.loadPayPalSDK({ vault: true, currency: 'USD', ...(nonce ? { dataAttributes: { 'csp-nonce': nonce } } : {}) });
      const paypal = (window as unknown as { paypal: PayPalSdk }).paypal;
      await paypal
        .Buttons({
          fundingSource: paypal.FUNDING.PAYPAL,
          createBillingAgreement: () => checkout.createPayment({ flow: 'vault', currency: 'USD', amount, billingAgreementDescription: 'Cadence plan, renewed yearly while auto-renew is on' }),
          onApprove: async (data: unknown) => {
            const payload = await checkout.tokenizePayment(data);
            handlers.onResult({ kind: 'nonce', nonce: payload.nonce });
          },
          onCancel: () => handlers.onCancel(),
          onError: (err: { message?: string }) => handlers.onResult({ kind: 'error', message: err?.message ?? UNAVAILABLE }),
        })
        .render(container);
    },
  };
}

/** Starts a PayPal checkout for `amount` ('20.00') with the configured gateway. */
export async function startPayPalCheckout(amount: string): Promise<PayPalStart> {
  const token = await gatewayToken();
  if ('kind' in token) return token;
  return token.gateway === 'braintree' ? braintreeStart(token.clientToken, amount) : sandboxStart(amount);
}
