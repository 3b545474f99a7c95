/**
 * `npm run ledger:check`: verifies the ledger of the configured database (DATABASE_URL, or the
 * embedded one in $DATA_DIR/pglite): every transaction sums to zero per currency, every cached
 * balance equals the sum of its entries, no wallet is negative or locked beyond its balance, and
 * every successful plan payment (receipt) has a posting of its amount.
 * Prints each difference; exit code 1 when there is one.
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { checkLedger } from '../modules/ledger/ledger.service.ts';
import { checkPaymentPostings } from '../modules/plans/plans.service.ts';

const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.pgliteDir, pgliteSharedBuffers: config.pgliteSharedBuffers });
try {
  const status = await db.migrationStatus();
  if (!status.hasMigrationsTable || status.pending.length) {
    process.stderr.write(`the database at ${db.location} is not migrated: run \`npm run db:migrate\` first\n`);
    process.exit(2);
  }
  const ledger = await checkLedger(db.prisma);
  const problems = [...ledger.problems, ...(await checkPaymentPostings(db.prisma))];
  const result = { ...ledger, ok: problems.length === 0, problems };
  for (const p of result.problems) process.stdout.write(`${p.kind}\t${p.id}\t${p.detail}\n`);
  process.stdout.write(`${result.ok ? 'ledger OK' : `ledger has ${result.problems.length} problem(s)`}: ${result.transactions} transactions, ${result.accounts} accounts (${db.location})\n`);
  process.exitCode = result.ok ? 0 : 1;
} finally {
  await db.close();
}
