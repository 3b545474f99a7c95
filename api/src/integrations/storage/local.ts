import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { InvalidKeyError, InvalidRangeError, ObjectNotFoundError } from './errors.ts';
import { HashMeter, meterStream } from './meter.ts';
import { assertValidKey, checkRange } from './object-key.ts';
import type { ObjectStorage, PutOptions, PutResult, ByteRange } from './storage.ts';

const TEMP_SUFFIX = '.tmp';

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * Files on the local disk under one root folder. Writes go to a dot-named temp file in the final
 * folder and are renamed into place, so a key is either absent or complete, never half-written.
 */
export class LocalStorage implements ObjectStorage {
  readonly root: string;

  constructor(dir: string) {
    this.root = path.resolve(dir);
  }

  /** The absolute path for a key; refuses anything that would land outside the root. */
  pathFor(key: string): string {
    assertValidKey(key);
    const full = path.resolve(this.root, ...key.split('/'));
    if (!full.startsWith(this.root + path.sep)) throw new InvalidKeyError(key, 'resolves outside the storage root');
    return full;
  }

  async put(key: string, body: Readable, opts: PutOptions = {}): Promise<PutResult> {
    const final = this.pathFor(key);
    const dir = path.dirname(final);
    await mkdir(dir, { recursive: true });
    const temp = path.join(dir, `.${path.basename(final)}.${randomUUID()}${TEMP_SUFFIX}`);
    const meter = new HashMeter(opts.maxBytes);
    // flush: fsync before close, so the rename never publishes a file whose bytes are still in cache.
    const out = createWriteStream(temp, { flags: 'wx', mode: 0o640, flush: true });
    try {
      await pipeline(body, meterStream(meter), out);
      await rename(temp, final);
    } catch (err) {
      if (!out.closed) await once(out, 'close').catch(() => undefined);
      await rm(temp, { force: true });
      throw err;
    }
    return { key, ...meter.digest() };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathFor(key);
    let handle;
    try {
      handle = await open(file, 'r');
    } catch (err) {
      if (isMissing(err)) throw new ObjectNotFoundError(key);
      throw err;
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw new ObjectNotFoundError(key);
      if (range) {
        checkRange(range);
        if (range.start >= info.size && info.size > 0) throw new InvalidRangeError(key);
      }
    } catch (err) {
      await handle.close();
      throw err;
    }
    // Range ends are inclusive, as in HTTP Range headers and S3.
    return handle.createReadStream({ start: range?.start, end: range?.end, autoClose: true });
  }

  async head(key: string): Promise<{ size: number } | null> {
    const file = this.pathFor(key);
    try {
      const info = await stat(file);
      return info.isFile() ? { size: info.size } : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathFor(key);
    try {
      await unlink(file);
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
  }

  /**
   * Removes the temp files of writes that never finished (the process died mid-upload) once they
   * are older than `olderThan`; a write in progress keeps its file's mtime fresh. Returns how many went.
   */
  async removeStaleTemp(olderThan: Date): Promise<number> {
    let removed = 0;
    const visit = async (dir: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (err) {
        if (isMissing(err)) return;
        throw err;
      }
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await visit(full);
        else if (entry.isFile() && entry.name.startsWith('.') && entry.name.endsWith(TEMP_SUFFIX)) {
          const info = await stat(full).catch(() => null);
          if (info && info.mtime < olderThan) {
            await rm(full, { force: true });
            removed += 1;
          }
        }
      }
    };
    await visit(this.root);
    return removed;
  }

  async *list(prefix: string): AsyncIterable<string> {
    // Start the walk at the deepest folder the prefix names, so listing one day's folder
    // does not read the whole tree.
    const slash = prefix.lastIndexOf('/');
    const base = slash >= 0 ? prefix.slice(0, slash) : '';
    if (base !== '') assertValidKey(base);
    yield* this.walk(base, prefix);
  }

  private async *walk(dirKey: string, prefix: string): AsyncIterable<string> {
    const dir = dirKey === '' ? this.root : path.join(this.root, ...dirKey.split('/'));
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue; // temp files of writes in progress
      const key = dirKey === '' ? entry.name : `${dirKey}/${entry.name}`;
      if (entry.isDirectory()) {
        if (key.startsWith(prefix) || prefix.startsWith(`${key}/`)) yield* this.walk(key, prefix);
      } else if (entry.isFile() && key.startsWith(prefix)) {
        yield key;
      }
    }
  }
}
