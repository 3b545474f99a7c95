import { createReadStream } from 'node:fs';
import { createTestDatabase } from '../api/src/test/test-database.ts';
import { seed } from '../prisma/seed.ts';
import { hashPassword } from '../api/src/modules/auth/password.ts';
import { fileChecksum, registerSalesBatch, runSalesImport } from '../api/src/modules/sales/sales-import.service.ts';
import { statusOrder } from '@cadence/domain/release-status';
const db = await createTestDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, poolSize: 10 });
await seed(db.prisma, { demo: false, hashPassword });
for (let u = 0; u < 200; u += 1) {
  const user = await db.prisma.user.create({ data: { email: `bench${u}@bench.test`, emailNormalized: `bench${u}@bench.test`, firstName: 'B', lastName: String(u) } });
  const release = await db.prisma.release.create({ data: { userId: user.id, title: `Release ${u}`, status: statusOrder('LIVE'), upc: `9${String(u).padStart(11, '0')}` } });
  await db.prisma.track.createMany({ data: Array.from({ length: 5 }, (_, t) => ({ userId: user.id, releaseId: release.id, title: `Track ${u}-${t}`, isrc: `QZB${String(u).padStart(5, '0')}${String(t).padStart(4, '0')}` })) });
}
const file = process.argv[2]!;
const t = performance.now();
const { batch } = await registerSalesBatch(db.prisma, { checksum: await fileChecksum(file), period: '2025-06', source: 'bench' });
const r = await runSalesImport({ prisma: db.prisma, sql: db.sql }, batch.id, () => createReadStream(file));
console.log(((performance.now() - t) / 1000).toFixed(2), r.timings);
await db.close();
