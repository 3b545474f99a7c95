/**
 * `npm run sales:import -- <file> --period YYYY-MM --source NAME`: imports a store report (CSV,
 * TSV, gzip) into the configured database, as the staff upload does. The same file twice is a
 * no-op. Prints progress and the batch's figures; exit 1 when the batch failed.
 */
import { createReadStream } from 'node:fs';
import { parseArgs } from 'node:util';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { fileChecksum, registerSalesBatch, runSalesImport } from '../modules/sales/sales-import.service.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { period: { type: 'string' }, source: { type: 'string' } } });
const file = positionals[0];
if (!file || !values.period || !values.source) {
  process.stderr.write('usage: npm run sales:import -- <file> --period YYYY-MM --source NAME\n');
  process.exit(2);
}
const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.pgliteDir, pgliteSharedBuffers: config.pgliteSharedBuffers });
try {
  await db.migrate();
  const { batch, created } = await registerSalesBatch(db.prisma, { checksum: await fileChecksum(file), period: values.period, source: values.source, fileName: path.basename(file) });
  if (!created && batch.status === 'POSTED') {
    process.stdout.write(`already imported: batch ${batch.id} (same checksum); nothing to do\n`);
  } else {
    const started = Date.now();
    const result = await runSalesImport({ prisma: db.prisma, sql: db.sql }, batch.id, () => createReadStream(file), ({ rowsRead }) => process.stdout.write(`  ${rowsRead} rows read\n`));
    const seconds = (Date.now() - started) / 1000;
    process.stdout.write(
      `batch ${result.batchId}: ${result.status}; rows read ${result.rowsRead}, matched ${result.rowsMatched}, unmatched ${result.rowsUnmatched}, rejected ${result.rowsRejected}; posted ${result.postedMinor} cents; ${seconds.toFixed(1)} s\n`,
    );
    if (result.status === 'FAILED') {
      const b = await db.prisma.salesImportBatch.findUnique({ where: { id: result.batchId }, select: { error: true } });
      process.stderr.write(`${b?.error ?? 'failed'}\n`);
      process.exitCode = 1;
    }
  }
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await db.close();
}
