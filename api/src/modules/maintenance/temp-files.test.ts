import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { loadConfig } from '../../config.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { JobWorker } from '../../jobs/job-queue.ts';
import { createLogger } from '../../logger.ts';
import { storageFor } from '../uploads/storage.ts';
import { maintenanceJobHandlers, schedulePruning } from './prune.job.ts';
import { removeStaleTempFiles, TEMP_FILE_MAX_AGE_MS } from './temp-files.service.ts';

const HOUR = 3600_000;
let dataDir: string;
let bufferDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'cadence-temp-files-'));
  bufferDir = await mkdtemp(path.join(tmpdir(), 'cadence-upload-buffers-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
  await rm(bufferDir, { recursive: true, force: true });
});

/** Writes a file and sets its modification time `ageMs` in the past. */
async function fileAged(full: string, ageMs: number) {
  await mkdir(path.dirname(full), { recursive: true });
  await writeFile(full, 'x');
  const when = new Date(Date.now() - ageMs);
  await utimes(full, when, when);
}

async function tree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
}

async function crashLeftovers(filesDir: string) {
  // what a write interrupted by kill -9 leaves: the local driver's dot-named temp file beside its target
  await fileAged(path.join(filesDir, 'audio/2026/11/20/.abc.wav.1111.tmp'), 2 * 24 * HOUR);
  await fileAged(path.join(filesDir, 'cover/2026/11/24/.def.png.2222.tmp'), TEMP_FILE_MAX_AGE_MS + HOUR);
  // an upload in progress, and stored objects (old or not), stay
  await fileAged(path.join(filesDir, 'audio/2026/11/25/.ghi.wav.3333.tmp'), HOUR);
  await fileAged(path.join(filesDir, 'audio/2026/11/20/abc.wav'), 30 * 24 * HOUR);
  await fileAged(path.join(filesDir, 'cover/2026/11/24/old.tmp'), 30 * 24 * HOUR);
  // graphql-upload's buffers in the temp folder; unrelated files there are not ours
  await fileAged(path.join(bufferDir, 'capacitor-0a1b2c.tmp'), 3 * 24 * HOUR);
  await fileAged(path.join(bufferDir, 'capacitor-ffee.tmp'), 10 * 60_000);
  await fileAged(path.join(bufferDir, 'someone-else.tmp'), 3 * 24 * HOUR);
}

const KEPT_FILES = ['audio/2026/11/20/abc.wav', 'audio/2026/11/25/.ghi.wav.3333.tmp', 'cover/2026/11/24/old.tmp'];
const KEPT_BUFFERS = ['capacitor-ffee.tmp', 'someone-else.tmp'];

describe('temp upload files left by a crash', () => {
  it('are removed once older than a day; uploads in progress, stored objects and foreign files stay', async () => {
    const config = loadConfig({ DATA_DIR: path.join(dataDir, 'a') });
    const filesDir = (storageFor(config) as unknown as { root: string }).root;
    await crashLeftovers(filesDir);
    expect(await removeStaleTempFiles(config, new Date(), { uploadBufferDir: bufferDir })).toEqual({ storage: 2, uploadBuffers: 1 });
    expect(await tree(filesDir)).toEqual(KEPT_FILES);
    expect(await tree(bufferDir)).toEqual(KEPT_BUFFERS);
    expect(await removeStaleTempFiles(config, new Date(), { uploadBufferDir: bufferDir })).toEqual({ storage: 0, uploadBuffers: 0 });
  });

  it('leave a write in progress alone: it completes after the cleanup ran', async () => {
    const config = loadConfig({ DATA_DIR: path.join(dataDir, 'b') });
    const storage = storageFor(config);
    const body = new Readable({ read() {} });
    const push = (c: Buffer | null) => body.push(c);
    const writing = storage.put('audio/2026/11/25/live.wav', body);
    push(Buffer.from('first bytes'));
    const filesDir = (storage as unknown as { root: string }).root;
    // The write is under way once its temp file is there (a fixed wait was too short on a busy machine).
    const inProgress = async () => (await tree(filesDir).catch(() => [])).some((f) => f.endsWith('.tmp'));
    for (const started = Date.now(); !(await inProgress()) && Date.now() - started < 10_000; ) await new Promise((r) => setTimeout(r, 20));
    expect(await inProgress()).toBe(true);
    expect(await removeStaleTempFiles(config, new Date(), { uploadBufferDir: bufferDir })).toMatchObject({ storage: 0 });
    push(Buffer.from('more'));
    push(null);
    await writing;
    expect(await storage.head('audio/2026/11/25/live.wav')).toEqual({ size: 15 });
  });

  it('are removed by the hourly pruning job', async () => {
    const db = await createTestDatabase();
    try {
      const config = loadConfig({ DATA_DIR: path.join(dataDir, 'c') });
      const filesDir = (storageFor(config) as unknown as { root: string }).root;
      await rm(bufferDir, { recursive: true, force: true });
      await mkdir(bufferDir);
      await crashLeftovers(filesDir);
      const logger = createLogger('error');
      await schedulePruning(db.prisma);
      const worker = new JobWorker(db.prisma, maintenanceJobHandlers({ prisma: db.prisma, logger, tasks: [], config, uploadBufferDir: bufferDir }), logger);
      expect(await worker.runUntilIdle(1)).toBe(1);
      const run = await db.prisma.job.findFirstOrThrow({ where: { status: 'SUCCEEDED' } });
      expect(run.result).toMatchObject({ tempFiles: { storage: 2, uploadBuffers: 1 } });
      expect(await tree(filesDir)).toEqual(KEPT_FILES);
      expect(await tree(bufferDir)).toEqual(KEPT_BUFFERS);
    } finally {
      await db.close();
    }
  });
});
