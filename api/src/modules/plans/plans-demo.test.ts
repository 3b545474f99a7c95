/** The demo artist's plan receipts are posted to the ledger: the receipts match it and the ledger checks out. */
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { sessionCookieFor } from '../../test/factories.ts';
import { checkLedger } from '../ledger/ledger.service.ts';
import { DEMO_ARTIST_EMAIL } from '../../../../prisma/seed.ts';
import { checkPaymentPostings } from './plans.service.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: 'true' });
}, 180_000);
afterAll(() => server.close());

test('the demo artist has two receipts, each a SUBSCRIPTION_CHARGE of its amount in the ledger', async () => {
  const artist = await server.prisma.user.findUniqueOrThrow({ where: { emailNormalized: DEMO_ARTIST_EMAIL } });
  const res = await server.gql<{ viewer: { subscription: { autoRenew: boolean; plan: { name: string } }; payments: { amount: string; status: string; method: string }[] } }>(
    '{ viewer { subscription { autoRenew plan { name } } payments { amount status method } } }',
    {},
    { cookie: await sessionCookieFor(server.prisma, artist.id) },
  );
  expect(res.body.data?.viewer).toEqual({
    subscription: { autoRenew: true, plan: { name: 'COMMERCIAL_BETA' } },
    payments: [
      { amount: '20.00', status: 'SUCCEEDED', method: 'Visa ending in 1111' },
      { amount: '20.00', status: 'SUCCEEDED', method: 'Visa ending in 1111' },
    ],
  });
  const payments = await server.prisma.payment.findMany({ where: { userId: artist.id }, include: { ledgerTransaction: { include: { entries: { include: { account: true } } } } } });
  expect(payments).toHaveLength(2);
  for (const p of payments) {
    expect(p.ledgerTransaction).toMatchObject({ kind: 'SUBSCRIPTION_CHARGE', idempotencyKey: `payment:${p.id}` });
    expect(p.ledgerTransaction!.createdAt).toEqual(p.createdAt);
    const moved = Object.fromEntries(p.ledgerTransaction!.entries.map((e) => [e.account.kind, e.amountMinor]));
    expect(moved).toEqual({ PAYMENTS_CLEARING: -p.amountMinor, SUBSCRIPTION_REVENUE: p.amountMinor });
  }
  expect(await checkPaymentPostings(server.prisma)).toEqual([]);
  expect((await checkLedger(server.prisma)).problems).toEqual([]);
});

test('a successful payment without its posting is reported', async () => {
  const artist = await server.prisma.user.findUniqueOrThrow({ where: { emailNormalized: DEMO_ARTIST_EMAIL } });
  const orphan = await server.prisma.payment.create({ data: { userId: artist.id, amountMinor: 1500n, status: 'SUCCEEDED', provider: 'sandbox', idempotencyKey: `orphan:${artist.id}` } });
  expect(await checkPaymentPostings(server.prisma)).toEqual([{ kind: 'payment-unposted', id: orphan.id, detail: 'receipt of 1500, ledger posting moved 0' }]);
  await server.prisma.payment.delete({ where: { id: orphan.id } });
});
