/** The configured payment gateway, one per process. */
import type { PaymentsConfig } from '../../config.ts';
import { BraintreePaymentGateway } from './braintree.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { SandboxPaymentGateway } from './sandbox.ts';

const cache = new Map<string, PaymentGateway>();
let override: PaymentGateway | null = null;

/** Replaces the gateway (tests that need a counting or failing one); null restores the configured one. */
export function usePaymentGateway(gateway: PaymentGateway | null): void {
  override = gateway;
}

/** The gateway PAYMENT_GATEWAY names: 'sandbox' (default) or 'braintree'. */
export function paymentGateway(config: PaymentsConfig): PaymentGateway {
  if (override) return override;
  const key = config.driver === 'braintree' ? `braintree:${config.braintree.merchantId}` : `sandbox:${config.sandboxSecret}`;
  let gateway = cache.get(key);
  if (!gateway) {
    gateway = config.driver === 'braintree' ? new BraintreePaymentGateway(config.braintree) : new SandboxPaymentGateway(config.sandboxSecret);
    cache.set(key, gateway);
  }
  return gateway;
}

/** The local sandbox when it is the configured gateway (its tokenizer and 3-D Secure stand-in are mounted only then). */
export function sandboxGateway(config: PaymentsConfig): SandboxPaymentGateway | null {
  const g = paymentGateway(config);
  return g instanceof SandboxPaymentGateway ? g : null;
}
