/** The configured payout provider, one per process (the sandbox keeps timers for its webhooks). */
import type { PayoutsConfig } from '../../config.ts';
import { HyperwalletPayoutProvider } from './hyperwallet.ts';
import type { PayoutProvider } from './payout-provider.ts';
import { SandboxPayoutProvider } from './sandbox.ts';

const cache = new Map<string, PayoutProvider>();
let override: PayoutProvider | null = null;

/** Replaces the provider (tests that need a failing or counting one); null restores the configured one. */
export function usePayoutProvider(provider: PayoutProvider | null): void {
  override = provider;
}

/** The provider PAYOUT_PROVIDER names: 'sandbox' (default) or 'hyperwallet'. */
export function payoutProvider(config: PayoutsConfig): PayoutProvider {
  if (override) return override;
  const key = `${config.driver}:${config.sandbox.dir}:${config.hyperwallet.baseUrl}:${config.sandbox.webhookUrl}`;
  let provider = cache.get(key);
  if (!provider) {
    provider = config.driver === 'hyperwallet' ? new HyperwalletPayoutProvider(config.hyperwallet) : new SandboxPayoutProvider(config);
    cache.set(key, provider);
  }
  return provider;
}
