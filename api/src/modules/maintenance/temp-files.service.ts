/**
 * Temp files that a crash leaves behind: the local storage driver's half-written objects, and the
 * buffers graphql-upload (fs-capacitor) keeps in the system temp folder while a request reads its
 * files. A running process removes its own; after kill -9 nobody would, so files older than a day
 * go at start-up and with every hourly pruning run.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { storageFor } from '../uploads/storage.ts';

/** No upload takes this long, so an older temp file belongs to a write that will never finish. */
export const TEMP_FILE_MAX_AGE_MS = 24 * 60 * 60_000;
/** fs-capacitor's name for an upload buffer: `capacitor-<hex>.tmp`. */
const UPLOAD_BUFFER = /^capacitor-[0-9a-f]+\.tmp$/;

export interface TempFileCounts {
  storage: number;
  uploadBuffers: number;
}

async function removeOldUploadBuffers(dir: string, olderThan: Date): Promise<number> {
  let removed = 0;
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (!UPLOAD_BUFFER.test(name)) continue;
    const full = path.join(dir, name);
    const info = await stat(full).catch(() => null);
    if (info?.isFile() && info.mtime < olderThan) {
      await rm(full, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/** Removes temp upload files older than a day; returns how many went, per place. */
export async function removeStaleTempFiles(config: Config, now = new Date(), opts: { uploadBufferDir?: string } = {}): Promise<TempFileCounts> {
  const olderThan = new Date(now.getTime() - TEMP_FILE_MAX_AGE_MS);
  const storage = storageFor(config);
  return {
    storage: storage.removeStaleTemp ? await storage.removeStaleTemp(olderThan) : 0,
    uploadBuffers: await removeOldUploadBuffers(opts.uploadBufferDir ?? tmpdir(), olderThan),
  };
}
