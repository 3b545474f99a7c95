import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { InvalidKeyError, InvalidRangeError, ObjectNotFoundError, StorageError, StorageLimitError } from './errors.ts';
import { startFakeS3, type FakeS3 } from './fake-s3-server.ts';
import { S3Storage, type S3Config } from './s3.ts';

const CREDS = { bucket: 'cadence-test', region: 'eu-west-1', accessKeyId: 'AKIDTEST', secretAccessKey: 'secret/TEST+key' };

function chunked(body: Buffer, size: number): Readable {
  const chunks: Buffer[] = [];
  for (let i = 0; i < body.length; i += size) chunks.push(body.subarray(i, i + size));
  return Readable.from(chunks, { objectMode: false });
}

function sha256(b: Buffer): string {
  return createHash('sha256').update(b).digest('hex');
}

describe('S3Storage against a fake S3 on 127.0.0.1', () => {
  let s3: FakeS3;
  let config: S3Config;
  let storage: S3Storage;

  beforeAll(async () => {
    s3 = await startFakeS3({ ...CREDS, pageSize: 2 });
    config = { driver: 's3', ...CREDS, endpoint: s3.url, forcePathStyle: true };
  });
  afterAll(() => s3.close());
  beforeEach(() => {
    s3.objects.clear();
    s3.uploads.clear();
    Object.assign(s3.stats, { completed: 0, aborted: 0, partSizes: [], badSignatures: 0 });
    storage = new S3Storage(config, { partSize: 1024, retryDelayMs: 1 });
  });

  it('puts a small body in one signed PUT and reads it back, whole and by range', async () => {
    const body = Buffer.from('0123456789abcdef');
    const r = await storage.put('cover/2025/01/01/x.png', chunked(body, 5), { contentType: 'image/png' });
    expect(r).toEqual({ key: 'cover/2025/01/01/x.png', size: 16, sha256: sha256(body), md5: createHash('md5').update(body).digest('hex') });
    expect(s3.objects.get('cover/2025/01/01/x.png')).toEqual({ body, contentType: 'image/png' });
    expect(s3.stats.completed).toBe(0);
    expect(await text(await storage.get('cover/2025/01/01/x.png'))).toBe('0123456789abcdef');
    expect(await text(await storage.get('cover/2025/01/01/x.png', { start: 10, end: 12 }))).toBe('abc');
    expect(await text(await storage.get('cover/2025/01/01/x.png', { start: 14 }))).toBe('ef');
    await expect(storage.get('cover/2025/01/01/x.png', { start: 16 })).rejects.toBeInstanceOf(InvalidRangeError);
    expect(await storage.head('cover/2025/01/01/x.png')).toEqual({ size: 16 });
    expect(s3.stats.badSignatures).toBe(0);
  });

  it('treats missing objects as typed errors and deletes idempotently', async () => {
    await expect(storage.get('audio/none.wav')).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await storage.head('audio/none.wav')).toBeNull();
    await storage.put('audio/a.wav', chunked(Buffer.from('x'), 1));
    await storage.delete('audio/a.wav');
    await storage.delete('audio/a.wav');
    expect(s3.objects.size).toBe(0);
  });

  it('uploads a body larger than a part as a multipart upload, one part at a time', async () => {
    const body = Buffer.alloc(5000);
    for (let i = 0; i < body.length; i++) body[i] = (i * 7) % 251;
    const r = await storage.put('audio/2025/01/01/big.wav', chunked(body, 333));
    expect(r.size).toBe(5000);
    expect(r.sha256).toBe(sha256(body));
    expect(s3.stats.partSizes).toEqual([1024, 1024, 1024, 1024, 904]);
    expect(s3.stats.completed).toBe(1);
    expect(s3.uploads.size).toBe(0);
    expect((await buffer(await storage.get('audio/2025/01/01/big.wav'))).equals(body)).toBe(true);
  });

  it('sends no empty trailing part when the size is a multiple of the part size', async () => {
    await storage.put('audio/even.wav', chunked(Buffer.alloc(2048, 3), 100));
    expect(s3.stats.partSizes).toEqual([1024, 1024]);
  });

  it('aborts the multipart upload past maxBytes, leaving no object and no open upload', async () => {
    const err = await storage.put('audio/too-big.wav', chunked(Buffer.alloc(5000, 1), 500), { maxBytes: 3000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageLimitError);
    expect(s3.stats.aborted).toBe(1);
    expect(s3.uploads.size).toBe(0);
    expect(s3.objects.size).toBe(0);
  });

  it('refuses a small body past maxBytes without sending anything', async () => {
    const before = s3.log.length;
    await expect(storage.put('cover/x.png', chunked(Buffer.alloc(900), 100), { maxBytes: 800 })).rejects.toBeInstanceOf(StorageLimitError);
    expect(s3.log.length).toBe(before);
  });

  it('aborts the multipart upload when the source stream fails', async () => {
    const failing = Readable.from((async function* () {
      yield Buffer.alloc(2000, 1);
      throw new Error('client went away');
    })(), { objectMode: false });
    await expect(storage.put('audio/broken.wav', failing)).rejects.toThrow('client went away');
    expect(s3.stats.aborted).toBe(1);
    expect(s3.objects.size).toBe(0);
  });

  it('retries a part after a 503 and gives up with StorageError when failures persist', async () => {
    s3.failNext(1, 503, (m, u) => m === 'PUT' && u.searchParams.get('partNumber') === '2');
    await storage.put('audio/retry.wav', chunked(Buffer.alloc(3000, 2), 1000));
    expect(s3.objects.get('audio/retry.wav')?.body.length).toBe(3000);

    s3.failNext(3, 500);
    const err = await storage.head('audio/retry.wav').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageError);
    expect(err).toMatchObject({ details: { status: 500 } });
  });

  it('lists keys under a prefix across pages', async () => {
    for (const k of ['a/1', 'a/2', 'a/3', 'b/1', 'a/4']) await storage.put(k, chunked(Buffer.from(k), 10));
    const keys: string[] = [];
    for await (const k of storage.list('a/')) keys.push(k);
    expect(keys).toEqual(['a/1', 'a/2', 'a/3', 'a/4']);
  });

  it('surfaces a signature rejection as StorageError with the S3 code', async () => {
    const wrong = new S3Storage({ ...config, secretAccessKey: 'nope' }, { retryDelayMs: 1 });
    await expect(wrong.put('a/x', chunked(Buffer.from('x'), 1))).rejects.toMatchObject({
      name: 'StorageError',
      details: { status: 403, code: 'SignatureDoesNotMatch' },
    });
  });

  it('refuses unsafe keys before any request', async () => {
    await expect(storage.get('../x')).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(storage.put('/abs', chunked(Buffer.from('x'), 1))).rejects.toBeInstanceOf(InvalidKeyError);
  });
});

describe('S3Storage URLs', () => {
  const base = { driver: 's3' as const, ...CREDS };
  it('uses virtual-host style on AWS by default', () => {
    const s = new S3Storage({ ...base, forcePathStyle: false });
    expect(s.url('audio/2025/x.wav').href).toBe('https://cadence-test.s3.eu-west-1.amazonaws.com/audio/2025/x.wav');
    expect(s.url(null, 'list-type=2').href).toBe('https://cadence-test.s3.eu-west-1.amazonaws.com/?list-type=2');
  });
  it('uses path style for MinIO-like endpoints, keeping the endpoint path and port', () => {
    const s = new S3Storage({ ...base, endpoint: 'http://minio.local:9000/', forcePathStyle: true });
    expect(s.url('a/b.png').href).toBe('http://minio.local:9000/cadence-test/a/b.png');
    expect(s.url('a/b.png', 'uploads').href).toBe('http://minio.local:9000/cadence-test/a/b.png?uploads');
  });
});
