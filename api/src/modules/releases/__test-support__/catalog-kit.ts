/**
 * Test helpers for catalogue imports: a minimal zip writer (deflate, or stored with a forged header
 * to build hostile zips), CSV sheets, and the import job run to completion.
 */
import { crc32, deflateRawSync } from 'node:zlib';
import { createLogger } from '../../../logger.ts';
import { JobWorker } from '../../../jobs/job-queue.ts';
import type { TestServer } from '../../../test/harness.ts';
import { CATALOG_IMPORT_JOB, catalogImportJob } from '../catalog-import.service.ts';
import { CATALOG_CSV_COLUMNS } from '../catalog-parse.ts';

export interface ZipEntrySpec {
  name: string;
  data: Buffer;
  /** Pretend the entry unpacks to this many bytes (a forged header, for the zip-bomb guard). */
  claimedSize?: number;
}

/** A zip archive of the entries (deflated), in memory. */
export function makeZip(entries: readonly ZipEntrySpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const packed = deflateRawSync(e.data);
    const crc = crc32(e.data);
    const size = e.claimedSize ?? e.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, packed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

export type CsvRow = Partial<Record<(typeof CATALOG_CSV_COLUMNS)[number], string>>;

/** A catalogue sheet with the standard header. */
export function catalogCsv(rows: readonly CsvRow[], columns: readonly string[] = CATALOG_CSV_COLUMNS): string {
  const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  return [columns.join(','), ...rows.map((r) => columns.map((c) => cell((r as Record<string, string>)[c] ?? '')).join(','))].join('\n') + '\n';
}

/** Runs queued catalogue import jobs to completion. */
export function runImportJobs(server: TestServer): Promise<number> {
  const logger = createLogger('error');
  return new JobWorker(server.prisma, { [CATALOG_IMPORT_JOB]: catalogImportJob({ prisma: server.prisma, config: server.config, logger }) }, logger).runUntilIdle();
}
