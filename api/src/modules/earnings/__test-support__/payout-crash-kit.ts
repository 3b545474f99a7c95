/**
 * Child process of payout-crash.test.ts: runs the durable job worker with the payout handler on the
 * given database and kills itself with SIGKILL at the point named by its argument ('before-provider': as the provider is
 * about to be called; 'after-provider': right after the provider accepted, before we store it).
 */
import { loadConfig } from '../../../config.ts';
import { openDatabase } from '../../../db/database.ts';
import { createLogger } from '../../../logger.ts';
import { JobWorker } from '../../../jobs/job-queue.ts';
import { usePayoutProvider } from '../../../integrations/payouts/create-payout-provider.ts';
import { SandboxPayoutProvider } from '../../../integrations/payouts/sandbox.ts';
import type { CreatePayoutInput } from '../../../integrations/payouts/payout-provider.ts';
import { payoutJobHandlers } from '../payouts.service.ts';

const config = loadConfig();
const crashAt = process.argv[2];
const real = new SandboxPayoutProvider(config.payouts);
usePayoutProvider({
  driver: 'sandbox',
  taxStatus: (p) => real.taxStatus(p),
  findPayout: (k) => real.findPayout(k),
  receiveWebhook: (raw, signature) => real.receiveWebhook(raw, signature),
  async createPayout(input: CreatePayoutInput) {
    if (crashAt === 'before-provider') process.kill(process.pid, 'SIGKILL');
    const payout = await real.createPayout(input);
    if (crashAt === 'after-provider') process.kill(process.pid, 'SIGKILL');
    return payout;
  },
});
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.pgliteDir });
const logger = createLogger('error');
const worker = new JobWorker(db.prisma, payoutJobHandlers({ prisma: db.prisma, config, logger }), logger, { pollMs: 50 });
await worker.start();
process.stdout.write('worker started\n');
// The handler kills the process; if it never runs, give up after a while.
setTimeout(() => process.exit(3), 20_000);
