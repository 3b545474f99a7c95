/** The S3-compatible store endpoint (AWS S3, MinIO, R2...), on the official AWS SDK. */
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { createS3Client } from '../storage/s3.ts';
import { writeBatch, type Batch, type StoreEndpoint } from './store.ts';

export interface S3Settings {
  bucket: string;
  region: string;
  /** For S3-compatible services; AWS when absent. */
  endpoint?: string;
  /** Key prefix batches go under. */
  prefix?: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle?: boolean;
}

export class S3Store implements StoreEndpoint {
  readonly kind = 'S3' as const;
  private readonly client: S3Client;
  constructor(private readonly settings: S3Settings) {
    // One attempt: a streamed body cannot be sent twice; the delivery job retries the whole batch.
    this.client = createS3Client(settings, { maxAttempts: 1 });
  }

  async deliver(batch: Batch): Promise<{ location: string }> {
    const prefix = (this.settings.prefix ?? '').replace(/^\/+|\/+$/g, '');
    const dir = await writeBatch(
      {
        // Object stores have no folders.
        mkdirs: async () => undefined,
        write: async (key: string, body: Readable, size: number) => {
          await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: body, ContentLength: size }));
        },
      },
      prefix,
      batch,
    );
    return { location: `s3://${this.settings.bucket}/${dir}` };
  }
}
