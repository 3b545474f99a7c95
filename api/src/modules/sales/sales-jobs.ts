/** The durable import job: one per batch, its report read from the sales-imports folder. */
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import type { SqlRunner } from '../../db/database.ts';
import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { checkImportInput, registerSalesBatch, runSalesImport } from './sales-import.service.ts';
import { requireStaff } from './sales.service.ts';

export const SALES_IMPORT_JOB = 'sales.import';

/** Where an uploaded report waits for its job (one file per batch). */
export function reportPath(config: Pick<Config, 'dataDir'>, batchId: string): string {
  return path.join(config.dataDir, 'sales-imports', `${batchId}.report`);
}

/**
 * Saves an uploaded report (streamed, hashed on the way), registers its batch by checksum and
 * enqueues the import job. The same file again returns the existing batch and changes nothing.
 */
export async function acceptSalesReport(
  deps: { prisma: PrismaClient; config: Pick<Config, 'dataDir'> },
  input: { body: Readable; period: string; source: string; fileName?: string | null; uploadedById: string },
): Promise<{ batchId: string; created: boolean }> {
  const dir = path.join(deps.config.dataDir, 'sales-imports');
  await mkdir(dir, { recursive: true });
  const temp = path.join(dir, `upload-${randomUUID()}.part`);
  const hash = createHash('sha256');
  try {
    await pipeline(input.body, new Transform({ transform: (c: Buffer, _e, cb) => { hash.update(c); cb(null, c); } }), createWriteStream(temp));
    const { batch, created } = await registerSalesBatch(deps.prisma, { checksum: hash.digest('hex'), period: input.period, source: input.source, fileName: input.fileName, uploadedById: input.uploadedById });
    if (!created) return { batchId: batch.id, created: false };
    await rename(temp, reportPath(deps.config, batch.id));
    const job = await enqueueJob(deps.prisma, SALES_IMPORT_JOB, { batchId: batch.id }, { uniqueKey: `sales-import:${batch.id}`, maxAttempts: 3 });
    await deps.prisma.salesImportBatch.update({ where: { id: batch.id }, data: { jobId: job.id } });
    return { batchId: batch.id, created: true };
  } finally {
    await rm(temp, { force: true });
  }
}

/**
 * A staff member's upload of a store report, over either transport: checked, saved, queued once
 * per checksum, and audited when it is new.
 */
export async function uploadSalesReport(ctx: AppContext, input: { body: Readable; period: string; source: string; fileName: string | null }): Promise<{ batchId: string; created: boolean }> {
  const staffId = requireStaff(ctx);
  const fields = { period: input.period, source: input.source };
  checkImportInput(fields);
  const out = await acceptSalesReport({ prisma: ctx.prisma, config: ctx.config }, { ...input, uploadedById: staffId });
  if (out.created) {
    await recordAudit(ctx, { category: 'SUPPORT', subcategory: 'SALES_REPORT_UPLOADED', userId: null, entityType: 'SalesImportBatch', entityId: out.batchId, newValues: { ...fields, fileName: input.fileName } });
  }
  return out;
}

/** The job handler: runs the batch from its saved report, recording progress on the batch. */
export function salesImportJob(deps: { prisma: PrismaClient; sql?: SqlRunner; config: Pick<Config, 'dataDir'>; logger: Logger }) {
  return async (payload: unknown) => {
    const { batchId } = payload as { batchId: string };
    if (!deps.sql) throw new Error('the sales import needs the SQL runner');
    const result = await runSalesImport({ prisma: deps.prisma, sql: deps.sql }, batchId, () => createReadStream(reportPath(deps.config, batchId)), ({ rowsRead }) => {
      void deps.prisma.salesImportBatch.update({ where: { id: batchId }, data: { rowsRead } }).catch(() => {});
    });
    deps.logger.info('sales import finished', { batchId, status: result.status, rowsRead: result.rowsRead, matched: result.rowsMatched, unmatched: result.rowsUnmatched, rejected: result.rowsRejected, postedMinor: result.postedMinor.toString() });
    if (result.status === 'POSTED') await rm(reportPath(deps.config, batchId), { force: true });
    return { status: result.status };
  };
}
