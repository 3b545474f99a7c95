/** s3rver (an S3 server that is not ours) on 127.0.0.1 with fresh buckets, for storage and store tests. */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  endpoint: string;
  /** s3rver's built-in account. */
  credentials: { accessKeyId: 'S3RVER'; secretAccessKey: 'S3RVER' };
  close(): Promise<void>;
}

export async function startS3rver(buckets: string[]): Promise<TestS3> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cadence-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: buckets.map((name) => ({ name, configs: [] })) });
  const { port } = (await server.run()) as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    close: async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
