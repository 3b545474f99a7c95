import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { StorageLimitError } from './errors.ts';

/** Counts bytes and computes SHA-256 and MD5 incrementally; throws once the limit is passed. */
export class HashMeter {
  size = 0;
  private readonly sha256: Hash = createHash('sha256');
  private readonly md5: Hash = createHash('md5');

  constructor(private readonly maxBytes: number = Number.POSITIVE_INFINITY) {}

  update(chunk: Uint8Array): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) throw new StorageLimitError(this.maxBytes);
    this.sha256.update(chunk);
    this.md5.update(chunk);
  }

  digest(): { size: number; sha256: string; md5: string } {
    return { size: this.size, sha256: this.sha256.digest('hex'), md5: this.md5.digest('hex') };
  }
}

/** A pass-through stream that feeds a HashMeter and errors with StorageLimitError past the limit. */
export function meterStream(meter: HashMeter): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      try {
        meter.update(chunk);
      } catch (err) {
        callback(err as Error);
        return;
      }
      callback(null, chunk);
    },
  });
}

/** Turns whatever a Readable yields (Buffer, Uint8Array, string) into bytes. */
export function toBytes(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (typeof chunk === 'string') return Buffer.from(chunk);
  throw new TypeError('Storage bodies must yield bytes');
}
