import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../../test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ HIDE_DSP_SELECTION: 'true', BLACK_DOMAIN_LIST: 'mailinator.com, spam.test' });
});
afterAll(async () => {
  await server.close();
});

describe('GET /api/client-configs', () => {
  it('returns the environment settings from configuration', async () => {
    const res = await fetch(`${server.url}/api/client-configs?t=123`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      envName: 'dev',
      production: false,
      hideDSPSelection: true,
      blackDomainList: ['mailinator.com', 'spam.test'],
      sunsetDate: '2024-09-26',
      disableWithdrawals: false,
      beatportGenreMapping: ['2714', '2719'],
      api: { apiRadarUrl: '' },
      brandName: 'Cadence',
      signupCaptcha: false,
    });
  });

  it('gives the French brand to requests from France, over both transports', async () => {
    const rest = (await (await fetch(`${server.url}/api/client-configs`, { headers: { 'x-country': 'FR' } })).json()) as { brandName: string };
    expect(rest.brandName).toBe('Cadence France');
    const { body } = await server.gql<{ clientConfig: { brandName: string; hideDSPSelection: boolean } }>('{ clientConfig { brandName hideDSPSelection } }', {}, { 'x-country': 'fr' });
    expect(body.data!.clientConfig).toEqual({ brandName: 'Cadence France', hideDSPSelection: true });
  });
});

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await fetch(`${server.url}/api/client-configs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":' });
    expect(res.status).toBe(400);
  });
});
