/** The payout and PayPal settings: defaults, validation, and the secrets real providers need. */
import { ConfigError, loadConfig } from '../../config.ts';

test('defaults: the sandboxes, the HyperWallet name, a 5000 dollar approval threshold, whole-balance withdrawals', () => {
  const c = loadConfig({});
  expect(c.payouts).toMatchObject({ driver: 'sandbox', providerName: 'HyperWallet', approvalAboveMinor: 500_000n, fullBalanceOnly: true, webhookToleranceSeconds: 300 });
  expect(c.payouts.sandbox.webhookUrl).toBe('http://127.0.0.1:4000/api/financial/payout-webhook');
  expect(c.paypal.driver).toBe('sandbox');
  expect(loadConfig({ PRODUCTION: 'true' }).payouts.driver).toBe('sandbox');
});

test('the real providers need their credentials (HyperWallet no webhook secret: its notifications are read back); unknown drivers are refused', () => {
  expect(() => loadConfig({ PAYOUT_PROVIDER: 'hyperwallet' })).toThrow(ConfigError);
  expect(() => loadConfig({ PAYOUT_PROVIDER: 'hyperwallet', HYPERWALLET_USERNAME: 'u', HYPERWALLET_PASSWORD: 'p' })).toThrow('HYPERWALLET_PROGRAM_TOKEN is required when PAYOUT_PROVIDER=hyperwallet');
  const hw = loadConfig({ PAYOUT_PROVIDER: 'hyperwallet', HYPERWALLET_USERNAME: 'u', HYPERWALLET_PASSWORD: 'p', HYPERWALLET_PROGRAM_TOKEN: 'prg-1' });
  expect(hw.payouts.hyperwallet).toEqual({ baseUrl: 'https://api.sandbox.hyperwallet.com/rest/v4', username: 'u', password: 'p', programToken: 'prg-1' });
  expect(() => loadConfig({ PAYOUT_PROVIDER: 'stripe' })).toThrow("PAYOUT_PROVIDER must be one of sandbox, hyperwallet (got 'stripe')");
  expect(() => loadConfig({ PAYPAL_PROVIDER: 'paypal' })).toThrow('PAYPAL_API_USERNAME is required when PAYPAL_PROVIDER=paypal');
  expect(() => loadConfig({ WITHDRAWAL_APPROVAL_ABOVE: '-1' })).toThrow(ConfigError);
});
