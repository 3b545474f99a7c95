import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { StorageLimitError } from '../storage/errors.ts';
import { LocalStorage } from '../storage/local.ts';
import { HashMeter } from '../storage/meter.ts';
import { S3Storage } from '../storage/s3.ts';
import type { ObjectStorage, PutResult } from '../storage/storage.ts';
import { startS3rver, type TestS3 } from '../../test/s3rver.ts';
import { chunksOf, flac, jpeg, png, pngHeader, wav, wavHeader, withBigAppSegment } from './__test-support__/media-fixtures.ts';
import { MediaError } from './media-error.ts';
import { storeUpload, type StoreUploadOptions } from './upload-pipeline.ts';

const AUDIO: StoreUploadOptions = { accept: 'audio', maxBytes: 50 * 1024 * 1024 };
const COVER: StoreUploadOptions = { accept: 'image', maxBytes: 20 * 1024 * 1024 };

const body = (buf: Buffer, size = 16 * 1024) => Readable.from(chunksOf(buf, size), { objectMode: false });

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

async function refusal(p: Promise<unknown>): Promise<unknown> {
  return p.then(() => {
    throw new Error('expected a refusal');
  }, (e: unknown) => e);
}

describe('storeUpload to local storage', () => {
  let dir: string;
  let storage: LocalStorage;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cadence-upload-'));
    storage = new LocalStorage(dir);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('stores a WAV under a random key with its hashes and audio facts', async () => {
    const file = wav({ frames: 44_100 * 2 });
    const r = await storeUpload(storage, body(file), AUDIO);
    expect(r).toMatchObject({
      kind: 'audio',
      format: 'wav',
      contentType: 'audio/wav',
      size: file.length,
      sha256: createHash('sha256').update(file).digest('hex'),
      md5: createHash('md5').update(file).digest('hex'),
      audio: { sampleRate: 44_100, bitDepth: 16, channels: 2, durationMs: 2000 },
    });
    expect(r.key).toMatch(/^audio\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{32}\.wav$/);
    expect(await readFile(path.join(dir, r.key))).toEqual(file);
  });

  it("reads the title tag from the upload as it streams by, even after the audio data, without reading the stored file back", async () => {
    const name = Buffer.from('Late Tags\0', 'latin1'); // an even size: RIFF chunks have no pad byte then
    const list = Buffer.concat([Buffer.from('LIST'), Buffer.alloc(4), Buffer.from('INFOINAM'), Buffer.from([name.length, 0, 0, 0]), name]);
    list.writeUInt32LE(list.length - 8, 4);
    const file = Buffer.concat([wav({ frames: 44_100 * 3 }), list]);
    file.writeUInt32LE(file.length - 8, 4); // the RIFF size covers the tag too
    let reads = 0;
    const get = storage.get.bind(storage);
    storage.get = async (...args) => {
      reads += 1;
      return get(...args);
    };
    const r = await storeUpload(storage, body(file, 1000), AUDIO);
    expect(r).toMatchObject({ title: 'Late Tags', audio: { durationMs: 3000 } });
    expect(reads).toBe(0);
    expect(await readFile(path.join(dir, r.key))).toEqual(file);
  });

  it('stores a FLAC, and a 1600x1600 PNG and JPEG as cover art', async () => {
    expect(await storeUpload(storage, body(flac()), AUDIO)).toMatchObject({ format: 'flac', audio: { durationMs: 10_000 } });
    const p = await storeUpload(storage, body(await png(1600, 1600)), COVER);
    expect(p).toMatchObject({ kind: 'image', format: 'png', contentType: 'image/png', image: { width: 1600, height: 1600 } });
    expect(p.key).toMatch(/^cover\/.+\.png$/);
    const j = await storeUpload(storage, body(withBigAppSegment(await jpeg(1600, 1600), 150_000), 4096), COVER);
    expect(j).toMatchObject({ format: 'jpeg', image: { width: 1600, height: 1600 } });
    expect(j.key).toMatch(/\.jpg$/);
    expect(await files(dir)).toHaveLength(3);
  });

  it.each([
    ['a PNG renamed .wav', () => png(64, 64), AUDIO, 'UNSUPPORTED_TYPE', 'Unsupported audio file type. Upload a WAV or FLAC file'],
    ['a WAV as cover art', async () => wav(), COVER, 'UNSUPPORTED_TYPE', 'Invalid file type. Must be *.jpg or *.png'],
    ['a text file as cover art', async () => Buffer.from('not an image at all'), COVER, 'UNSUPPORTED_TYPE', 'Invalid file type. Must be *.jpg or *.png'],
    ['an empty file', async () => Buffer.alloc(0), AUDIO, 'CORRUPT', 'The file is empty'],
    ['a truncated WAV', async () => wav({ frames: 44_100 }).subarray(0, 50_000), AUDIO, 'CORRUPT', 'The WAV file is truncated: its header declares 176400 bytes of audio but only 49956 are present'],
    ['a corrupt WAV (no fmt)', async () => wav({ omitFmt: true }), AUDIO, 'CORRUPT', 'The WAV file is damaged: it has no format (fmt) chunk'],
    ['a truncated FLAC', async () => flac({ noFrames: true }), AUDIO, 'CORRUPT', 'The FLAC file is truncated: it has no audio frames'],
    ['an 8-bit 22.05 kHz WAV', async () => wav({ sampleRate: 22_050, bitDepth: 8 }), AUDIO, 'QUALITY', 'Sample rate must be at least 44.1 kHz (this file is 22.05 kHz). Bit depth must be at least 16 bit (this file is 8 bit)'],
    ['a float WAV', async () => wav({ formatTag: 3, bitDepth: 32 }), AUDIO, 'UNSUPPORTED_TYPE', 'WAV files must be uncompressed PCM'],
    ['a 1600x1200 PNG', () => png(1600, 1200), COVER, 'QUALITY', 'Image too small. Minimum height allowed is 1600 pixels'],
    ['a 1800x1700 PNG', () => png(1800, 1700), COVER, 'QUALITY', 'Your image must be a perfect square and at least 1600x1600 pixels'],
    ['a 1200x1200 PNG', () => png(1200, 1200), COVER, 'QUALITY', 'Image too small. Minimum height allowed is 1600 pixels'],
    ['a 20000x20000 PNG', async () => Buffer.concat([pngHeader(20_000, 20_000), Buffer.alloc(100_000)]), COVER, 'QUALITY', 'Image is too large to process (max 10000x10000 pixels)'],
    ['a 1600x1600 PNG header with no pixel data (33 bytes)', async () => pngHeader(1600, 1600), COVER, 'CORRUPT', 'Invalid file type. Must be *.jpg or *.png'],
    ['a 1600x1600 PNG cut in its pixel data', async () => (await png(1600, 1600)).subarray(0, 3_000), COVER, 'CORRUPT', 'Invalid file type. Must be *.jpg or *.png'],
  ])('refuses %s and leaves nothing behind', async (_name, make, opts, code, reason) => {
    const err = await refusal(storeUpload(storage, body(await make()), opts));
    expect(err).toBeInstanceOf(MediaError);
    expect(err).toMatchObject({ code, reason });
    expect(await files(dir)).toEqual([]);
  });

  it('refuses an over-limit upload with LIMIT_FILE_SIZE and leaves nothing behind', async () => {
    const err = await refusal(storeUpload(storage, body(wav({ frames: 100_000 })), { ...AUDIO, maxBytes: 100_000 }));
    expect(err).toBeInstanceOf(StorageLimitError);
    expect(err).toMatchObject({ code: 'LIMIT_FILE_SIZE', errorType: 'MULTER_ERROR' });
    expect(await files(dir)).toEqual([]);
  });

  it('refuses a 20000x20000 PNG from its header while the body is still arriving, and drains the rest', async () => {
    const incoming = new PassThrough();
    incoming.write(pngHeader(20_000, 20_000));
    const started = Date.now();
    const err = await refusal(storeUpload(storage, incoming, COVER));
    expect(err).toMatchObject({ code: 'QUALITY', reason: 'Image is too large to process (max 10000x10000 pixels)' });
    expect(Date.now() - started).toBeLessThan(500);
    expect(await files(dir)).toEqual([]);
    // The request is not torn down: what the client still sends is read and dropped.
    expect(incoming.destroyed).toBe(false);
    expect(incoming.readableFlowing).toBe(true);
    if (!incoming.write(Buffer.alloc(1024 * 1024))) await once(incoming, 'drain');
    incoming.end();
  });

  it('refuses low-quality audio from the header without storing the whole file', async () => {
    const incoming = new PassThrough();
    incoming.write(wavHeader({ sampleRate: 8000, frames: 8000 * 600 }));
    incoming.write(Buffer.alloc(64 * 1024));
    const err = await refusal(storeUpload(storage, incoming, AUDIO));
    expect(err).toMatchObject({ code: 'QUALITY', reason: 'Sample rate must be at least 44.1 kHz (this file is 8 kHz)' });
    expect(await files(dir)).toEqual([]);
    incoming.end();
  });

  it('passes a failing client stream through and keeps nothing', async () => {
    const failing = Readable.from((async function* () {
      yield wavHeader({ frames: 100_000 });
      yield Buffer.alloc(10_000);
      throw new Error('connection reset');
    })(), { objectMode: false });
    await expect(storeUpload(storage, failing, AUDIO)).rejects.toThrow('connection reset');
    expect(await files(dir)).toEqual([]);
  });
});

describe('storeUpload to S3 (multipart, against s3rver)', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3rver(['uploads']);
  });
  afterAll(() => s3.close());

  it('streams a WAV in parts and keeps nothing when the file turns out truncated', async () => {
    const storage = new S3Storage({ driver: 's3', bucket: 'uploads', region: 'us-east-1', ...s3.credentials, endpoint: s3.endpoint, forcePathStyle: true }, { partSize: 5 * 1024 * 1024 });
    const parts: number[] = [];
    storage.client.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'UploadPartCommand') parts.push(((args.input as { Body: Uint8Array }).Body).byteLength);
        return next(args);
      },
      { step: 'initialize' },
    );
    const file = wav({ frames: 1_600_000 });
    const ok = await storeUpload(storage, body(file, 64 * 1024), AUDIO);
    expect(createHash('sha256').update(await buffer(await storage.get(ok.key))).digest('hex')).toBe(createHash('sha256').update(file).digest('hex'));
    expect(parts.length).toBe(Math.ceil(file.length / (5 * 1024 * 1024)));

    const err = await refusal(storeUpload(storage, body(file.subarray(0, 6_000_000), 64 * 1024), AUDIO));
    expect(err).toMatchObject({ code: 'CORRUPT' });
    const kept: string[] = [];
    for await (const k of storage.list('')) kept.push(k);
    expect(kept).toEqual([ok.key]);
  });
});

/** Consumes the body like a real driver would, keeping nothing: isolates the pipeline's own memory. */
class NullStorage implements ObjectStorage {
  async put(key: string, stream: Readable, opts: { maxBytes?: number } = {}): Promise<PutResult> {
    const meter = new HashMeter(opts.maxBytes);
    for await (const chunk of stream) meter.update(chunk as Buffer);
    return { key, ...meter.digest() };
  }
  async get(): Promise<Readable> {
    throw new Error('unused');
  }
  async head() {
    return null;
  }
  async delete() {}
}

describe('storeUpload memory', () => {
  it('keeps memory flat while a 512 MB WAV streams through', async () => {
    const frames = (512 * 1024 * 1024) / 4;
    const zeros = Buffer.alloc(64 * 1024);
    const header = wavHeader({ frames });
    const incoming = Readable.from((function* () {
      yield header;
      for (let left = frames * 4; left > 0; left -= zeros.length) yield zeros.subarray(0, Math.min(left, zeros.length));
    })(), { objectMode: false });
    const before = process.memoryUsage().rss;
    let peak = before;
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    try {
      const r = await storeUpload(new NullStorage(), incoming, { accept: 'audio', maxBytes: 1024 ** 3 });
      expect(r.audio?.durationMs).toBe(Math.round((frames * 1000) / 44_100));
    } finally {
      clearInterval(timer);
    }
    expect((peak - before) / 1024 / 1024).toBeLessThan(64);
  });
});

describe('storeUpload when storage fails before reading', () => {
  it('still releases (drains) the incoming stream', async () => {
    const broken: ObjectStorage = {
      put: async () => {
        throw new Error('disk unavailable');
      },
      get: async () => Readable.from([]),
      head: async () => null,
      delete: async () => undefined,
    };
    const incoming = new PassThrough();
    incoming.write(wav());
    await expect(storeUpload(broken, incoming, AUDIO)).rejects.toThrow('disk unavailable');
    await new Promise((resolve) => setImmediate(resolve)); // resume() takes effect on the next tick
    expect(incoming.readableFlowing).toBe(true);
    if (!incoming.write(Buffer.alloc(1024 * 1024))) await once(incoming, 'drain');
    incoming.end();
  });
});
