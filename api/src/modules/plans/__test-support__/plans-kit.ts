/** Test helpers shared by the plans test files: REST calls, artists, sandbox nonces and purchases against one test server. */
import type { TestServer } from '../../../test/harness.ts';
import { buildUser, sessionCookieFor } from '../../../test/factories.ts';

export interface Card {
  number: string;
  cvv?: string;
  postalCode?: string;
  streetAddress?: string;
}

const good = { cvv: '123', postalCode: '10001', streetAddress: '1 Main St' };
let keyCount = 0;

/** A fresh idempotency key. */
export const newKey = () => `test-key-${Date.now()}-${++keyCount}`;

export function plansKit(server: () => TestServer) {
  async function rest(method: string, p: string, cookie: string | null, body?: unknown) {
    const res = await fetch(`${server().url}/api${p}`, { method, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are read field by field in the assertions
    return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, any> };
  }

  async function artist(overrides: Parameters<typeof buildUser>[1] = {}) {
    const user = await buildUser(server().prisma, overrides);
    return { user, cookie: await sessionCookieFor(server().prisma, user.id) };
  }

  /** Tokenizes a card at the sandbox (as the card form does) and runs 3-D Secure; `code` answers a challenge. */
  async function nonceFor(cookie: string, card: Card, code = '1234'): Promise<string> {
    const t = await rest('POST', '/payments-sandbox/tokenize', cookie, { expirationDate: '12/30', ...good, ...card });
    expect(t.status).toBe(200);
    const lookup = await rest('POST', '/payments-sandbox/3ds/lookup', cookie, { nonce: t.body.nonce });
    if (!lookup.body.challenge) return lookup.body.nonce as string;
    const done = await rest('POST', '/payments-sandbox/3ds/authenticate', cookie, { challenge: lookup.body.challenge, code });
    return done.body.nonce as string;
  }

  function buy(cookie: string, body: Record<string, unknown>) {
    return rest('POST', '/braintree/createpurchase', cookie, { planName: 'COMMERCIAL_BETA', autoRenew: true, idempotencyKey: newKey(), ...body });
  }

  return { rest, artist, nonceFor, buy };
}
