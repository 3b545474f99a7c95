/** The demo seed gives a living /sales page: earnings, one paid and one returned withdrawal, a consistent ledger. */
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { sessionCookieFor } from '../../test/factories.ts';
import { checkLedger } from '../ledger/ledger.service.ts';
import { seed, DEMO_ARTIST_EMAIL, DEMO_PAYEES } from '../../../../prisma/seed.ts';
import { hashPassword } from '../auth/password.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: 'true' });
});
afterAll(async () => {
  await server.close();
});

test('the demo artist has a balance, a paid and a returned withdrawal; the ledger checks out; seeding again changes nothing', async () => {
  const artist = await server.prisma.user.findUniqueOrThrow({ where: { emailNormalized: DEMO_ARTIST_EMAIL } });
  const cookie = await sessionCookieFor(server.prisma, artist.id);
  const res = await server.gql<{ viewer: { balance: { amount: string; lockedAmount: string }; withdrawals: { status: string; amount: string; messages: { message: string }[] }[]; ledgerEntries: { nodes: { kind: string; runningBalance: string }[] } } }>(
    '{ viewer { balance { amount lockedAmount } withdrawals { status amount messages { message } } ledgerEntries { nodes { kind runningBalance } } } }',
    {},
    { cookie },
  );
  const viewer = res.body.data!.viewer;
  expect(Number(viewer.balance.amount)).toBeGreaterThan(0);
  expect(viewer.balance.lockedAmount).toBe('0.00');
  expect(viewer.withdrawals).toEqual([
    { status: 'REJECTED', amount: '40.00', messages: [{ message: 'The PayPal account returned the payment' }] },
    { status: 'APPROVED', amount: '25.00', messages: [] },
  ]);
  expect(viewer.ledgerEntries.nodes[0]).toEqual({ kind: 'WITHDRAWAL', runningBalance: viewer.balance.amount });
  for (const payee of DEMO_PAYEES) {
    const user = await server.prisma.user.findUniqueOrThrow({ where: { emailNormalized: payee.email } });
    const wallet = await server.prisma.ledgerAccount.findFirstOrThrow({ where: { userId: user.id } });
    expect(wallet.balanceMinor).toBe(payee.balanceMinor);
  }
  expect((await checkLedger(server.prisma)).problems).toEqual([]);
  const before = await server.prisma.ledgerTransaction.count();
  await seed(server.prisma, { demo: true, hashPassword });
  expect(await server.prisma.ledgerTransaction.count()).toBe(before);
});
