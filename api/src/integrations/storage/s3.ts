/**
 * S3-compatible object storage (AWS, MinIO, R2) on the official AWS SDK: `@aws-sdk/client-s3` signs,
 * retries and parses; `@aws-sdk/lib-storage`'s Upload streams the body as one PUT or, past one part,
 * as a multipart upload with one part in memory at a time (aborted on any failure).
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { InvalidRangeError, ObjectNotFoundError, StorageError } from './errors.ts';
import { HashMeter, meterStream } from './meter.ts';
import { assertValidKey, checkRange } from './object-key.ts';
import type { ByteRange, ObjectStorage, PutOptions, PutResult, StorageConfig } from './storage.ts';

export type S3Config = Extract<StorageConfig, { driver: 's3' }>;

export interface S3Options {
  /** Bytes per multipart part, buffered one at a time (S3's minimum, and lib-storage's, is 5 MiB). */
  partSize?: number;
  /** Attempts per request on network errors, throttling and 5xx answers (the SDK's standard retry). */
  maxAttempts?: number;
  /** Socket idle timeout per request. */
  requestTimeoutMs?: number;
}

const DEFAULT_PART_SIZE = 8 * 1024 * 1024;

/** The SDK client for an S3-compatible endpoint, shared by storage and the S3 store endpoint. */
export function createS3Client(
  settings: { region: string; endpoint?: string; forcePathStyle?: boolean; accessKeyId: string; secretAccessKey: string },
  options: { maxAttempts?: number; requestTimeoutMs?: number } = {},
): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle ?? true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    maxAttempts: options.maxAttempts ?? 3,
    // Plain bodies with Content-Length: S3-compatible stores (MinIO, s3rver...) do not all read aws-chunked uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { requestTimeout: options.requestTimeoutMs ?? 5 * 60_000, connectionTimeout: 30_000 },
  });
}

function statusOf(err: unknown): number | undefined {
  return err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
}

/** Any SDK failure as a StorageError carrying S3's status and error code. */
function storageError(op: string, key: string, err: unknown): StorageError {
  if (err instanceof StorageError) return err;
  if (err instanceof S3ServiceException) {
    const status = err.$metadata.httpStatusCode;
    return new StorageError(`S3 ${op} '${key}' failed: ${status ?? '?'} ${err.name}: ${err.message}`, { status, code: err.name });
  }
  return new StorageError(`S3 ${op} '${key}' failed: ${(err as Error).message}`, { code: 'NetworkError' });
}

export class S3Storage implements ObjectStorage {
  readonly client: S3Client;
  private readonly partSize: number;

  constructor(
    private readonly config: S3Config,
    options: S3Options = {},
  ) {
    this.partSize = options.partSize ?? DEFAULT_PART_SIZE;
    this.client = createS3Client(config, options);
  }

  async put(key: string, body: Readable, opts: PutOptions = {}): Promise<PutResult> {
    assertValidKey(key);
    const meter = new HashMeter(opts.maxBytes);
    const metered = meterStream(meter);
    let bodyError: unknown;
    metered.on('error', (err) => (bodyError ??= err));
    // A failing source fails the metered stream, which makes Upload abort its multipart upload.
    body.on('error', (err) => metered.destroy(err));
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.config.bucket, Key: key, Body: body.pipe(metered), ContentType: opts.contentType ?? 'application/octet-stream' },
      partSize: this.partSize,
      queueSize: 1,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      // The body's own failure (limit passed, client went away) is reported as it is.
      throw bodyError ?? storageError('PutObject', key, err);
    }
    return { key, ...meter.digest() };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertValidKey(key);
    if (range) checkRange(range);
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.config.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined }),
      );
      return (res.Body as Readable | undefined) ?? Readable.from([]);
    } catch (err) {
      const status = statusOf(err);
      if (status === 404) throw new ObjectNotFoundError(key);
      if (status === 416) throw new InvalidRangeError(key);
      throw storageError('GetObject', key, err);
    }
  }

  async head(key: string): Promise<{ size: number } | null> {
    assertValidKey(key);
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: key }));
      return { size: res.ContentLength ?? 0 };
    } catch (err) {
      if (statusOf(err) === 404) return null;
      throw storageError('HeadObject', key, err);
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
    } catch (err) {
      if (statusOf(err) === 404) return;
      throw storageError('DeleteObject', key, err);
    }
  }

  async *list(prefix: string): AsyncIterable<string> {
    const pages = paginateListObjectsV2(
      { client: this.client },
      { Bucket: this.config.bucket, Prefix: prefix },
    );
    try {
      for await (const page of pages) {
        for (const o of page.Contents ?? []) if (o.Key !== undefined) yield o.Key;
      }
    } catch (err) {
      throw storageError('ListObjectsV2', prefix, err);
    }
  }
}
