import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { TestBrowser } from '../../test/test-browser.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: 'true' });
});
afterAll(async () => {
  await server.close();
});

describe('demo accounts', () => {
  it('the demo artist signs in with a complete on-boarding, and support can find and act as them', async () => {
    const artist = new TestBrowser(server);
    const me = await artist.post('/api/auth/login', { username: 'artist@cadence.test', password: 'Cadence123' });
    expect(me.status).toBe(200);
    expect(me.body.onboarding.firstIncompleteStep).toBeNull();
    const plan = await artist.gql(`{ viewer { subscription { autoRenew status plan { name } paymentMethod { label } } payments { status amount } } }`);
    expect(plan.data.viewer).toEqual({
      subscription: { autoRenew: true, status: 'ACTIVE', plan: { name: 'COMMERCIAL_BETA' }, paymentMethod: { label: 'Visa ending in 1111' } },
      payments: [{ status: 'SUCCEEDED', amount: '20.00' }, { status: 'SUCCEEDED', amount: '20.00' }],
    });
    const support = new TestBrowser(server);
    expect((await support.post('/api/auth/login', { username: 'support@cadence.test', password: 'Cadence123' })).body.role).toBe('SUPPORT');
    const found = await support.gql(`{ searchUsers(query: "artist@cadence") { id } }`);
    expect(found.data.searchUsers).toEqual([{ id: me.body.id }]);
    const acted = await support.gql(`mutation($i: ActAsUserInput!) { actAsUser(input: $i) { viewer { email impersonatedBy { email } } } }`, { i: { userId: me.body.id } });
    expect(acted.data.actAsUser.viewer).toEqual({ email: 'artist@cadence.test', impersonatedBy: { email: 'support@cadence.test' } });
    // the demo artist has a LIVE release, so deleting the account is refused
    expect((await artist.delete('/api/users/me')).status).toBe(403);
  });
});
