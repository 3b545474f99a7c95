/** Contract tests of the PayPal GetVerifiedStatus adapter against recorded answers, and the sandbox's test values. */
import { readFileSync } from 'node:fs';
import { AdaptiveAccountsVerifier, SandboxPayPalVerifier } from './paypal-verifier.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8');
const config = { driver: 'paypal' as const, linkUrl: '', baseUrl: 'https://svcs.sandbox.paypal.com', userId: 'api_user', password: 'pw', signature: 'sig', appId: 'APP-80W284485P519543T' };
const input = { firstName: 'Ada', lastName: 'Lovelace', emailAddress: 'ada-paypal@example.com' };

function answering(status: number, body: string) {
  const calls: { url: string; headers: Headers; body: unknown }[] = [];
  const fn = (async (url: string, init: RequestInit) => {
    calls.push({ url, headers: new Headers(init.headers), body: JSON.parse(String(init.body)) });
    return new Response(body, { status });
  }) as unknown as typeof fetch;
  return { fn, calls };
}

test('a verified account: the request names the account by email and name (matchCriteria NAME) with the API credentials', async () => {
  const { fn, calls } = answering(200, fixture('verified'));
  expect(await new AdaptiveAccountsVerifier(config, fn).verify(input)).toEqual({ outcome: 'verified', accountStatus: 'VERIFIED', accountId: '6KD6D5JTQJS5A' });
  expect(calls[0]!.url).toBe('https://svcs.sandbox.paypal.com/AdaptiveAccounts/GetVerifiedStatus');
  expect(calls[0]!.body).toEqual({ emailAddress: 'ada-paypal@example.com', firstName: 'Ada', lastName: 'Lovelace', matchCriteria: 'NAME', requestEnvelope: { errorLanguage: 'en_US' } });
  expect(calls[0]!.headers.get('X-PAYPAL-SECURITY-USERID')).toBe('api_user');
  expect(calls[0]!.headers.get('X-PAYPAL-APPLICATION-ID')).toBe('APP-80W284485P519543T');
});

test('an unknown account gives the error list; 5xx and garbage are unavailable', async () => {
  expect(await new AdaptiveAccountsVerifier(config, answering(200, fixture('not-found')).fn).verify(input)).toEqual({ outcome: 'not-found', errors: [{ errorId: '580023', message: 'Cannot determine PayPal Account status' }] });
  expect((await new AdaptiveAccountsVerifier(config, answering(503, '').fn).verify(input)).outcome).toBe('unavailable');
  expect((await new AdaptiveAccountsVerifier(config, answering(200, '<html>').fn).verify(input)).outcome).toBe('unavailable');
});

test('sandbox test values', async () => {
  const sandbox = new SandboxPayPalVerifier();
  expect((await sandbox.verify(input)).outcome).toBe('verified');
  expect((await sandbox.verify({ ...input, emailAddress: 'x.notfound@example.com' })).outcome).toBe('not-found');
  expect((await sandbox.verify({ ...input, emailAddress: 'paypal-down@example.com' })).outcome).toBe('unavailable');
});
