/**
 * S3Storage against s3rver (an S3 server that is not ours, checking SigV4 itself). A small proxy in
 * front of it can fail requests, for the retry tests.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { InvalidKeyError, InvalidRangeError, ObjectNotFoundError, StorageError, StorageLimitError } from './errors.ts';
import { startS3rver, type TestS3 } from '../../test/s3rver.ts';
import { S3Storage, type S3Config } from './s3.ts';

const MiB = 1024 * 1024;
const BUCKET = 'cadence-test';
const CREDS = { bucket: BUCKET, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

function chunked(body: Buffer, size: number): Readable {
  const chunks: Buffer[] = [];
  for (let i = 0; i < body.length; i += size) chunks.push(body.subarray(i, i + size));
  return Readable.from(chunks, { objectMode: false });
}

function sha256(b: Buffer): string {
  return createHash('sha256').update(b).digest('hex');
}

/** Forwards to s3rver; `failNext` answers the next matching requests with a status instead. */
async function startProxy(target: string) {
  const failures: { count: number; status: number; match: (req: http.IncomingMessage) => boolean }[] = [];
  const server = http.createServer((req, res) => {
    const f = failures.find((x) => x.count > 0 && x.match(req));
    if (f) {
      f.count--;
      req.resume();
      req.on('end', () => {
        res.writeHead(f.status, { 'content-type': 'application/xml' });
        res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>ServiceUnavailable</Code><Message>try again</Message></Error>');
      });
      return;
    }
    const up = http.request(`${target}${req.url}`, { method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    req.pipe(up);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    failNext(count: number, status: number, match: (req: http.IncomingMessage) => boolean = () => true) {
      failures.push({ count, status, match });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('S3Storage against s3rver', () => {
  let s3: TestS3;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let config: S3Config;
  let storage: S3Storage;
  let calls: { command: string; size?: number }[];

  beforeAll(async () => {
    s3 = await startS3rver([BUCKET]);
    proxy = await startProxy(s3.endpoint);
    config = { driver: 's3', ...CREDS, endpoint: proxy.url, forcePathStyle: true };
  });
  afterAll(async () => {
    await proxy.close();
    await s3.close();
  });
  beforeEach(() => {
    storage = new S3Storage(config, { partSize: 5 * MiB });
    calls = [];
    storage.client.middlewareStack.add(
      (next, context) => async (args) => {
        const body = (args.input as { Body?: unknown }).Body;
        calls.push({ command: context.commandName ?? '?', size: body instanceof Uint8Array ? body.byteLength : undefined });
        return next(args);
      },
      { step: 'initialize' },
    );
  });

  async function keys(prefix = ''): Promise<string[]> {
    const res = await storage.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
    return (res.Contents ?? []).map((o) => o.Key ?? '');
  }

  it('puts a small body in one PUT and reads it back, whole and by range', async () => {
    const body = Buffer.from('0123456789abcdef');
    const r = await storage.put('cover/2025/01/01/x.png', chunked(body, 5), { contentType: 'image/png' });
    expect(r).toEqual({ key: 'cover/2025/01/01/x.png', size: 16, sha256: sha256(body), md5: createHash('md5').update(body).digest('hex') });
    expect(calls.map((c) => c.command)).toEqual(['PutObjectCommand']);
    expect(await text(await storage.get('cover/2025/01/01/x.png'))).toBe('0123456789abcdef');
    expect(await text(await storage.get('cover/2025/01/01/x.png', { start: 10, end: 12 }))).toBe('abc');
    expect(await text(await storage.get('cover/2025/01/01/x.png', { start: 14 }))).toBe('ef');
    await expect(storage.get('cover/2025/01/01/x.png', { start: 16 })).rejects.toBeInstanceOf(InvalidRangeError);
    expect(await storage.head('cover/2025/01/01/x.png')).toEqual({ size: 16 });
    await storage.delete('cover/2025/01/01/x.png');
  });

  it('treats missing objects as typed errors and deletes idempotently', async () => {
    await expect(storage.get('audio/none.wav')).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await storage.head('audio/none.wav')).toBeNull();
    await storage.put('audio/a.wav', chunked(Buffer.from('x'), 1));
    await storage.delete('audio/a.wav');
    await storage.delete('audio/a.wav');
    expect(await keys('audio/a')).toEqual([]);
  });

  it('uploads a body larger than a part as a multipart upload, one part at a time', async () => {
    const body = Buffer.alloc(11 * MiB);
    for (let i = 0; i < body.length; i += 4096) body[i] = (i / 4096) % 251;
    const r = await storage.put('audio/2025/01/01/big.wav', chunked(body, 64 * 1024));
    expect(r.size).toBe(body.length);
    expect(r.sha256).toBe(sha256(body));
    expect(calls.map((c) => c.command)).toEqual([
      'CreateMultipartUploadCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'CompleteMultipartUploadCommand',
    ]);
    expect(calls.filter((c) => c.command === 'UploadPartCommand').map((c) => c.size)).toEqual([5 * MiB, 5 * MiB, 1 * MiB]);
    expect((await buffer(await storage.get('audio/2025/01/01/big.wav'))).equals(body)).toBe(true);
    await storage.delete('audio/2025/01/01/big.wav');
  });

  it('aborts the multipart upload past maxBytes, leaving no object', async () => {
    const err = await storage.put('audio/too-big.wav', chunked(Buffer.alloc(12 * MiB, 1), MiB), { maxBytes: 7 * MiB }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageLimitError);
    expect(calls.map((c) => c.command)).not.toContain('CompleteMultipartUploadCommand');
    expect(calls.map((c) => c.command)).toContain('AbortMultipartUploadCommand');
    expect(await storage.head('audio/too-big.wav')).toBeNull();
  });

  it('refuses a small body past maxBytes without sending anything', async () => {
    await expect(storage.put('cover/x.png', chunked(Buffer.alloc(900), 100), { maxBytes: 800 })).rejects.toBeInstanceOf(StorageLimitError);
    expect(calls).toEqual([]);
  });

  it('aborts the multipart upload when the source stream fails', async () => {
    const failing = Readable.from(
      (async function* () {
        yield Buffer.alloc(6 * MiB, 1);
        throw new Error('client went away');
      })(),
      { objectMode: false },
    );
    await expect(storage.put('audio/broken.wav', failing)).rejects.toThrow('client went away');
    expect(calls.map((c) => c.command)).not.toContain('CompleteMultipartUploadCommand');
    expect(await storage.head('audio/broken.wav')).toBeNull();
  });

  it('retries after a 503 and gives up with StorageError when failures persist', async () => {
    proxy.failNext(1, 503, (req) => req.method === 'PUT');
    await storage.put('audio/retry.wav', chunked(Buffer.alloc(3000, 2), 1000));
    expect(await storage.head('audio/retry.wav')).toEqual({ size: 3000 });

    proxy.failNext(3, 500);
    const err = await storage.head('audio/retry.wav').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageError);
    expect(err).toMatchObject({ details: { status: 500 } });
    await storage.delete('audio/retry.wav');
  });

  // One page: s3rver's continuation tokens use DES, which Node 20's OpenSSL 3 no longer offers;
  // following the tokens is the SDK's paginator (paginateListObjectsV2).
  it('lists keys under a prefix', async () => {
    for (const k of ['a/1', 'a/2', 'a/3', 'b/1', 'a/4']) await storage.put(k, chunked(Buffer.from(k), 10));
    const listed: string[] = [];
    for await (const k of storage.list('a/')) listed.push(k);
    expect(listed).toEqual(['a/1', 'a/2', 'a/3', 'a/4']);
  });

  it('surfaces a credentials rejection as StorageError with the S3 code', async () => {
    const wrong = new S3Storage({ ...config, accessKeyId: 'NOPE' }, { maxAttempts: 1 });
    await expect(wrong.put('a/x', chunked(Buffer.from('x'), 1))).rejects.toMatchObject({
      name: 'StorageError',
      details: { status: 403, code: 'InvalidAccessKeyId' },
    });
  });

  it('refuses unsafe keys before any request', async () => {
    await expect(storage.get('../x')).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(storage.put('/abs', chunked(Buffer.from('x'), 1))).rejects.toBeInstanceOf(InvalidKeyError);
    expect(calls).toEqual([]);
  });
});
