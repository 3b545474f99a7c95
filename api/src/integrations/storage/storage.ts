/**
 * The one storage interface every stored file goes through (audio, cover art, delivery packages,
 * exports). Drivers: local disk (default) and S3-compatible object stores (AWS, MinIO, R2).
 * Errors live in errors.ts: StorageLimitError, ObjectNotFoundError, InvalidKeyError, InvalidRangeError.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

export interface PutOptions {
  contentType?: string;
  /** Abort with StorageLimitError (and keep nothing) once the body passes this many bytes. */
  maxBytes?: number;
}

export interface PutResult {
  key: string;
  size: number;
  /** Lowercase hex digests of the stored bytes, computed while streaming. */
  sha256: string;
  md5: string;
}

/** Inclusive byte range, as in HTTP's `Range: bytes=start-end`; no end means to the end. */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface ObjectStorage {
  /** Streams the body in (never buffering it whole), hashing as it goes; all-or-nothing. */
  put(key: string, body: Readable, opts?: PutOptions): Promise<PutResult>;
  /** Throws ObjectNotFoundError when absent, InvalidRangeError when the range starts past the end. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  head(key: string): Promise<{ size: number } | null>;
  /** Idempotent: deleting a missing key succeeds. */
  delete(key: string): Promise<void>;
  list?(prefix: string): AsyncIterable<string>;
  /** Removes leftovers of writes a crash interrupted, older than `olderThan` (drivers that keep any). */
  removeStaleTemp?(olderThan: Date): Promise<number>;
}

export type StorageConfig =
  | { driver: 'local'; dir: string }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      endpoint?: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
    };

export type ObjectKind = 'audio' | 'cover' | 'package' | 'export';

/**
 * A fresh random key such as `audio/2025/01/31/3f0c...e9.wav`: 122 random bits (UUID v4), so
 * stored names reveal nothing and cannot be guessed; dated folders keep listings small.
 */
export function newObjectKey(kind: ObjectKind, ext: string, now: Date = new Date()): string {
  const clean = ext.replace(/^\./, '').toLowerCase();
  if (!/^[a-z0-9]{1,10}$/.test(clean)) throw new RangeError(`Invalid file extension '${ext}'`);
  const y = now.getUTCFullYear();
  const m = String(now.getUTCMonth() + 1).padStart(2, '0');
  const d = String(now.getUTCDate()).padStart(2, '0');
  return `${kind}/${y}/${m}/${d}/${randomUUID().replaceAll('-', '')}.${clean}`;
}
