import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { InvalidKeyError, InvalidRangeError, ObjectNotFoundError, StorageLimitError } from './errors.ts';
import { LocalStorage } from './local.ts';

async function allFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

function slowStream(chunks: Buffer[]): Readable {
  return Readable.from((async function* () {
    for (const c of chunks) {
      await new Promise((r) => setImmediate(r));
      yield c;
    }
  })(), { objectMode: false });
}

describe('LocalStorage', () => {
  let dir: string;
  let storage: LocalStorage;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cadence-local-'));
    storage = new LocalStorage(dir);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('puts, hashes while streaming, gets, heads, ranges and deletes', async () => {
    const body = Buffer.from('hello, cadence '.repeat(1000));
    const result = await storage.put('audio/2025/01/01/a.wav', slowStream([body.subarray(0, 7000), body.subarray(7000)]));
    expect(result).toEqual({
      key: 'audio/2025/01/01/a.wav',
      size: body.length,
      sha256: createHash('sha256').update(body).digest('hex'),
      md5: createHash('md5').update(body).digest('hex'),
    });
    expect(await readFile(path.join(dir, 'audio/2025/01/01/a.wav'))).toEqual(body);
    expect(await text(await storage.get('audio/2025/01/01/a.wav'))).toBe(body.toString());
    expect(await text(await storage.get('audio/2025/01/01/a.wav', { start: 0, end: 4 }))).toBe('hello');
    expect(await text(await storage.get('audio/2025/01/01/a.wav', { start: body.length - 8 }))).toBe('cadence ');
    await expect(storage.get('audio/2025/01/01/a.wav', { start: body.length })).rejects.toBeInstanceOf(InvalidRangeError);
    expect(await storage.head('audio/2025/01/01/a.wav')).toEqual({ size: body.length });

    await storage.delete('audio/2025/01/01/a.wav');
    await storage.delete('audio/2025/01/01/a.wav'); // idempotent
    expect(await storage.head('audio/2025/01/01/a.wav')).toBeNull();
    await expect(storage.get('audio/2025/01/01/a.wav')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(storage.get('audio/2025')).rejects.toBeInstanceOf(ObjectNotFoundError); // a folder is not an object
  });

  it('stores an empty body', async () => {
    const r = await storage.put('e/empty.bin', Readable.from([], { objectMode: false }));
    expect(r.size).toBe(0);
    expect(r.sha256).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('aborts past maxBytes with StorageLimitError and leaves nothing behind', async () => {
    const chunks = Array.from({ length: 10 }, () => Buffer.alloc(1000, 1));
    const err = await storage.put('audio/big.wav', slowStream(chunks), { maxBytes: 4500 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageLimitError);
    expect(err).toMatchObject({ code: 'LIMIT_FILE_SIZE', errorType: 'MULTER_ERROR', limit: 4500 });
    expect(await allFiles(dir)).toEqual([]);
    expect(await storage.head('audio/big.wav')).toBeNull();
  });

  it('keeps the previous object intact when a replacing write fails midway', async () => {
    await storage.put('k/x.bin', Readable.from([Buffer.from('old')], { objectMode: false }));
    const failing = Readable.from((async function* () {
      yield Buffer.from('new new new');
      throw new Error('client went away');
    })(), { objectMode: false });
    await expect(storage.put('k/x.bin', failing)).rejects.toThrow('client went away');
    expect(await readFile(path.join(dir, 'k/x.bin'), 'utf8')).toBe('old');
    expect(await allFiles(dir)).toEqual(['k/x.bin']);
  });

  it.each([
    '../etc/passwd',
    'a/../../b',
    '/etc/passwd',
    'a\\..\\b',
    './a',
    'a//b',
    '.hidden',
    'a/.x.tmp',
    'C:/windows',
    'a\0b',
    '',
  ])('rejects the unsafe key %j before touching the disk', async (key) => {
    await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(storage.head(key)).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidKeyError);
  });

  it('lists keys under a prefix, skipping temp files of writes in progress', async () => {
    for (const key of ['cover/2025/01/01/b.png', 'cover/2025/01/01/a.png', 'cover/2025/02/01/c.png', 'audio/2025/01/01/d.wav']) {
      await storage.put(key, Readable.from([Buffer.from(key)]));
    }
    await writeFile(path.join(dir, 'cover/2025/01/01/.a.png.123.tmp'), 'partial');
    const list = async (prefix: string) => {
      const out: string[] = [];
      for await (const k of storage.list(prefix)) out.push(k);
      return out;
    };
    expect(await list('cover/2025/01/')).toEqual(['cover/2025/01/01/a.png', 'cover/2025/01/01/b.png']);
    expect(await list('cover/')).toHaveLength(3);
    expect(await list('')).toHaveLength(4);
    expect(await list('nothing/here/')).toEqual([]);
  });
});
