/** The demo artist's sales history, and that its rollups agree with the sale lines they sum. */
import { type Database } from '../../db/database.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { seed, DEMO_ARTIST_EMAIL } from '../../../../prisma/seed.ts';
import { hashPassword } from '../auth/password.ts';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
  await seed(db.prisma, { demo: true, hashPassword });
});
afterAll(async () => {
  await db.close();
});

test('the demo artist has 18 months of sales across stores and countries and 120 days of streams', async () => {
  const artist = await db.prisma.user.findUniqueOrThrow({ where: { emailNormalized: DEMO_ARTIST_EMAIL } });
  const months = await db.prisma.salesMonthly.findMany({ where: { userId: artist.id } });
  expect(months).toHaveLength(18);
  const services = await db.prisma.salesRollup.groupBy({ by: ['serviceName'], where: { userId: artist.id } });
  expect(services.length).toBeGreaterThanOrEqual(5);
  const countries = await db.prisma.salesRollup.groupBy({ by: ['countryCode'], where: { userId: artist.id } });
  expect(countries.length).toBeGreaterThanOrEqual(5);
  const days = await db.prisma.streamDaily.groupBy({ by: ['date'], where: { userId: artist.id } });
  expect(days).toHaveLength(120);
  // Rollups = the sum of the lines (each counted in its day sum), per month.
  const mismatches = await db.sql.query(
    `SELECT m.period FROM sales_monthly m
     FULL JOIN (SELECT g.user_id, g.period, SUM(s.payable) AS payable, SUM(s.units) AS units, COUNT(*) AS n
       FROM sale_transactions s JOIN sales_import_groups g ON g.id = s.group_id GROUP BY g.user_id, g.period) s ON s.user_id = m.user_id AND s.period = m.period
     WHERE m.payable IS DISTINCT FROM s.payable OR m.units IS DISTINCT FROM s.units OR m.line_count IS DISTINCT FROM s.n`,
  );
  expect(mismatches).toEqual([]);
  const rollupTotal = await db.sql.query<{ a: string; b: string }>(`SELECT (SELECT SUM(payable) FROM sales_rollups)::text AS a, (SELECT SUM(payable) FROM sale_transactions)::text AS b`);
  expect(rollupTotal[0]!.a).toBe(rollupTotal[0]!.b);
});
