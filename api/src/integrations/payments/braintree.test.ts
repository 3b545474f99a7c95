/**
 * Contract tests of the Braintree adapter against recorded SDK results (fixtures/, shapes from
 * Braintree's transaction, verification and payment method nonce references): what is sent, and
 * how each answer becomes the gateway contract and the message a person reads.
 */
import { readFileSync } from 'node:fs';
import { paymentFailureMessage, PAYMENT_MESSAGES } from '@cadence/domain/payments';
import { BraintreePaymentGateway, type BraintreeApi, type BtResult } from './braintree.ts';

const config = { environment: 'Sandbox' as const, merchantId: 'm', publicKey: 'pub', privateKey: 'priv', merchantAccountId: 'cadence_usd' };

/** A recorded answer as the SDK hands it over (its error collection has deepErrors()). */
function recorded(name: string): BtResult {
  const json = JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')) as BtResult & { errors?: { deep?: { code: string; message: string }[] } };
  const deep = (json.errors as { deep?: { code: string; message: string }[] } | undefined)?.deep ?? [];
  return { ...json, errors: { deepErrors: () => deep } };
}

function fakeApi(answers: { sale?: string; method?: string; nonce?: string; customerMissing?: boolean }) {
  const calls: { sale: Record<string, unknown>[]; method: Record<string, unknown>[]; customers: string[] } = { sale: [], method: [], customers: [] };
  const api: BraintreeApi = {
    clientToken: { generate: (req) => Promise.resolve({ clientToken: `token-for-${req.customerId}` }) },
    customer: {
      find: (id) => (answers.customerMissing ? Promise.reject(Object.assign(new Error('not found'), { type: 'notFoundError' })) : Promise.resolve({ id })),
      create: (req) => {
        calls.customers.push(req.id);
        return Promise.resolve({ success: true });
      },
    },
    paymentMethodNonce: {
      find: (nonce) =>
        answers.nonce ? Promise.resolve(JSON.parse(readFileSync(new URL(`./fixtures/${answers.nonce}.json`, import.meta.url), 'utf8'))) : Promise.reject(Object.assign(new Error(nonce), { type: 'notFoundError' })),
    },
    transaction: {
      sale: (req) => {
        calls.sale.push(req);
        return Promise.resolve(recorded(answers.sale!));
      },
    },
    paymentMethod: {
      create: (req) => {
        calls.method.push(req);
        return Promise.resolve(recorded(answers.method!));
      },
    },
  };
  return { api, calls };
}

const sale = { orderId: 'pay-1', amountMinor: 2000n, currency: 'USD', customerId: 'user-1', recurring: false };

test('a sale sends the amount as a decimal string, settles, vaults the nonce and reads the vaulted card', async () => {
  const { api, calls } = fakeApi({ sale: 'sale-success', customerMissing: true });
  const result = await new BraintreePaymentGateway(config, api).sale({ ...sale, source: { nonce: 'fake-valid-nonce' } });
  expect(calls.customers).toEqual(['user-1']);
  expect(calls.sale[0]).toEqual({ amount: '20.00', orderId: 'pay-1', paymentMethodNonce: 'fake-valid-nonce', customerId: 'user-1', merchantAccountId: 'cadence_usd', options: { submitForSettlement: true, storeInVaultOnSuccess: true } });
  expect(result).toEqual({ ok: true, transactionId: 'fjq2s3ma', method: { token: '8m5kj2x', type: 'credit_card', cardBrand: 'visa', last4: '1091', expMonth: 12, expYear: 2030 } });
});

test('a renewal charges the vaulted token as a recurring transaction', async () => {
  const { api, calls } = fakeApi({ sale: 'sale-success' });
  await new BraintreePaymentGateway(config, api).sale({ ...sale, recurring: true, source: { token: '8m5kj2x' } });
  expect(calls.sale[0]).toMatchObject({ paymentMethodToken: '8m5kj2x', transactionSource: 'recurring', options: { submitForSettlement: true } });
  expect(calls.sale[0]).not.toHaveProperty('paymentMethodNonce');
});

test.each([
  ['sale-processor-declined', { kind: 'processor_declined' }, PAYMENT_MESSAGES.processorDeclined],
  ['sale-gateway-rejected-cvv', { kind: 'gateway_rejected', reason: 'cvv', cvv: 'N' }, 'The CVV provided does not match. Please try again'],
  ['sale-gateway-rejected-avs', { kind: 'gateway_rejected', reason: 'avs', postal: 'N', street: 'U' }, PAYMENT_MESSAGES.postalMismatch],
  ['sale-three-d-secure-rejected', { kind: 'three_d_secure', threeDSecureStatus: 'authenticate_failed' }, PAYMENT_MESSAGES.threeDSecureFailed],
  ['sale-unknown-nonce', { kind: 'invalid_nonce' }, PAYMENT_MESSAGES.invalidNonce],
])('%s becomes its failure and message', async (fixture, failure, message) => {
  const { api } = fakeApi({ sale: fixture });
  const result = await new BraintreePaymentGateway(config, api).sale({ ...sale, source: { nonce: 'n' } });
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.failure).toMatchObject(failure);
  expect(paymentFailureMessage(result.failure)).toBe(message);
});

test('vaulting verifies the card: a created method, or the verification refusal', async () => {
  const ok = fakeApi({ method: 'payment-method-created' });
  expect(await new BraintreePaymentGateway(config, ok.api).vault({ customerId: 'user-1', nonce: 'n' })).toEqual({ ok: true, method: { token: '3s7dgf2', type: 'credit_card', cardBrand: 'master-card', last4: '4444', expMonth: 11, expYear: 2031 } });
  expect(ok.calls.method[0]).toEqual({ customerId: 'user-1', paymentMethodNonce: 'n', options: { verifyCard: true, makeDefault: true } });
  const refused = fakeApi({ method: 'payment-method-verification-failed' });
  const result = await new BraintreePaymentGateway(config, refused.api).vault({ customerId: 'user-1', nonce: 'n' });
  expect(result).toEqual({ ok: false, failure: { kind: 'gateway_rejected', reason: 'cvv', cvv: 'I', postal: 'M', street: 'M' } });
  if (!result.ok) expect(paymentFailureMessage(result.failure)).toBe('No CVV was provided');
});

test('nonce lookup and client token', async () => {
  const { api } = fakeApi({ nonce: 'nonce-found' });
  const gateway = new BraintreePaymentGateway(config, api);
  expect(await gateway.describeNonce('tokencc')).toEqual({ type: 'credit_card', cardBrand: 'american-express', last4: '0005', threeDSecureStatus: 'lookup_not_enrolled' });
  expect(await new BraintreePaymentGateway(config, fakeApi({}).api).describeNonce('forged')).toBeNull();
  expect(await gateway.clientToken('user-1')).toBe('token-for-user-1');
});
