import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { startS3rver, type TestS3 } from '../../test/s3rver.ts';
import { batchCompleteName, type Batch } from './store.ts';
import { LocalFolderStore, parseAcknowledgement } from './local-folder.ts';
import { SftpStore } from './sftp.ts';
import { S3Store } from './s3.ts';
import { simulateStore } from './store-simulator.ts';
import { startFakeSftpServer, type FakeSftpServer } from './__test-support__/fake-sftp-server.ts';

const ERN = '<?xml version="1.0"?><ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/43"><MessageHeader><MessageId>MSG-42</MessageId></MessageHeader></ern:NewReleaseMessage>';
const AUDIO = Buffer.alloc(300_000, 7);
const COVER = Buffer.from('cover-bytes');

function batch(id = '20261125100000000_abcd'): Batch {
  const file = (p: string, body: Buffer) => ({ path: p, size: body.length, open: async () => Readable.from([body]) });
  return { id, files: [file('0860000000012/0860000000012.xml', Buffer.from(ERN)), file('0860000000012/resources/A1.flac', AUDIO), file('0860000000012/resources/cover.jpg', COVER)] };
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cadence-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('local folder store and its simulator', () => {
  it('writes the batch folder with the XML, audio and cover, and the BatchComplete marker', async () => {
    const store = new LocalFolderStore(dir);
    const { location } = await store.deliver(batch());
    expect(location).toBe(path.join(dir, '20261125100000000_abcd'));
    expect(await filesUnder(dir)).toEqual([
      '20261125100000000_abcd/0860000000012/0860000000012.xml',
      '20261125100000000_abcd/0860000000012/resources/A1.flac',
      '20261125100000000_abcd/0860000000012/resources/cover.jpg',
      '20261125100000000_abcd/BatchComplete_20261125100000000_abcd.xml',
    ]);
    expect(sha(await readFile(path.join(location, '0860000000012/resources/A1.flac')))).toBe(sha(AUDIO));
    expect(await readFile(path.join(location, batchCompleteName('20261125100000000_abcd')), 'utf8')).toContain('<File size="300000">0860000000012/resources/A1.flac</File>');
  });

  it('a failing file leaves no marker and no half-written file; the retry completes the batch', async () => {
    const store = new LocalFolderStore(dir);
    const broken = batch();
    broken.files[1] = { ...broken.files[1]!, open: async () => Readable.from((async function* () {
      yield AUDIO.subarray(0, 1000);
      throw new Error('disk gone');
    })()) };
    await expect(store.deliver(broken)).rejects.toThrow('disk gone');
    const after = await filesUnder(dir);
    expect(after.some((f) => f.includes('BatchComplete'))).toBe(false);
    expect(after.some((f) => f.includes('A1.flac'))).toBe(false);
    await store.deliver(batch());
    expect((await filesUnder(dir)).filter((f) => f.includes('BatchComplete'))).toHaveLength(1);
  });

  it('refuses batch paths that would leave the folder', async () => {
    const store = new LocalFolderStore(dir);
    const bad = batch();
    bad.files[0] = { ...bad.files[0]!, path: '../../etc/passwd' };
    await expect(store.deliver(bad)).rejects.toThrow('unsafe batch path');
  });

  it('the simulator acknowledges complete batches once and ignores incomplete ones; the store reads the acknowledgements', async () => {
    const store = new LocalFolderStore(dir);
    await store.deliver(batch());
    // An incomplete batch: files but no marker.
    await store.deliver(batch('incomplete'));
    await rm(path.join(dir, 'incomplete', batchCompleteName('incomplete')));
    expect(await simulateStore(dir)).toEqual(['MSG-42']);
    expect(await simulateStore(dir)).toEqual([]);
    expect(await store.acknowledgements()).toEqual([{ messageId: 'MSG-42', ok: true }]);
  });

  it('reads an error acknowledgement with its reason, and ignores files that are not acknowledgements', async () => {
    expect(parseAcknowledgement('<Acknowledgement><MessageId>M1</MessageId><Status>Error</Status><Reason>Cover too small</Reason></Acknowledgement>')).toEqual({ messageId: 'M1', ok: false, error: 'Cover too small' });
    expect(parseAcknowledgement('<Other/>')).toBeNull();
    expect(parseAcknowledgement('not xml')).toBeNull();
  });
});

describe('SFTP store against a real ssh2 SFTP server on 127.0.0.1', () => {
  let server: FakeSftpServer;
  let root: string;
  beforeEach(async () => {
    root = path.join(dir, 'sftp-root');
    await import('node:fs/promises').then((fs) => fs.mkdir(path.join(root, 'inbox'), { recursive: true }));
    server = await startFakeSftpServer(root);
  });
  afterEach(async () => {
    await server.stop();
  });
  const storeFor = (s: FakeSftpServer) => new SftpStore({ host: '127.0.0.1', port: s.port, username: s.username, privateKey: s.clientPrivateKey, path: '/inbox', timeoutMs: 5000 });

  it('uploads the batch with key login and the marker last; what arrived is byte for byte what was sent', async () => {
    const { location } = await storeFor(server).deliver(batch());
    expect(location).toBe(`sftp://store@127.0.0.1:${server.port}/inbox/20261125100000000_abcd`);
    expect(await filesUnder(path.join(root, 'inbox'))).toEqual([
      '20261125100000000_abcd/0860000000012/0860000000012.xml',
      '20261125100000000_abcd/0860000000012/resources/A1.flac',
      '20261125100000000_abcd/0860000000012/resources/cover.jpg',
      '20261125100000000_abcd/BatchComplete_20261125100000000_abcd.xml',
    ]);
    const base = path.join(root, 'inbox/20261125100000000_abcd/0860000000012');
    expect(sha(await readFile(path.join(base, 'resources/A1.flac')))).toBe(sha(AUDIO));
    expect(await readFile(path.join(base, '0860000000012.xml'), 'utf8')).toBe(ERN);
    expect(server.requests).toEqual(expect.arrayContaining(['OPEN', 'WRITE', 'CLOSE', 'MKDIR']));
  });

  it('a wrong key is refused', async () => {
    const other = await startFakeSftpServer(root);
    try {
      const store = new SftpStore({ host: '127.0.0.1', port: server.port, username: 'store', privateKey: other.clientPrivateKey, path: '/inbox', timeoutMs: 5000 });
      await expect(store.deliver(batch())).rejects.toThrow();
    } finally {
      await other.stop();
    }
  });

  it('the server stopping mid-upload fails the delivery without a marker; after a restart the retry completes it', async () => {
    server.dieAfterBytes(100_000);
    await expect(storeFor(server).deliver(batch())).rejects.toThrow();
    const partial = await filesUnder(path.join(root, 'inbox'));
    expect(partial.some((f) => f.endsWith('A1.flac'))).toBe(true);
    expect(partial.some((f) => f.includes('BatchComplete'))).toBe(false);
    await server.restart();
    await storeFor(server).deliver(batch());
    const base = path.join(root, 'inbox/20261125100000000_abcd');
    expect(sha(await readFile(path.join(base, '0860000000012/resources/A1.flac')))).toBe(sha(AUDIO));
    expect((await filesUnder(base)).filter((f) => f.includes('BatchComplete'))).toEqual(['BatchComplete_20261125100000000_abcd.xml']);
  });
});

describe('S3 store against s3rver', () => {
  let s3: TestS3;
  let endpoint: string;
  beforeAll(async () => {
    s3 = await startS3rver(['store-inbox']);
    endpoint = s3.endpoint;
  });
  afterAll(() => s3.close());

  it('puts every file under the prefix and the marker last, readable back with the SDK', async () => {
    const settings = { bucket: 'store-inbox', region: 'us-east-1', endpoint, prefix: 'cadence/', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true };
    const { location } = await new S3Store(settings).deliver(batch());
    expect(location).toBe('s3://store-inbox/cadence/20261125100000000_abcd');
    const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: 'store-inbox', Prefix: 'cadence/' }));
    expect(listed.Contents?.map((o) => o.Key).sort()).toEqual([
      'cadence/20261125100000000_abcd/0860000000012/0860000000012.xml',
      'cadence/20261125100000000_abcd/0860000000012/resources/A1.flac',
      'cadence/20261125100000000_abcd/0860000000012/resources/cover.jpg',
      'cadence/20261125100000000_abcd/BatchComplete_20261125100000000_abcd.xml',
    ]);
    const audio = await client.send(new GetObjectCommand({ Bucket: 'store-inbox', Key: 'cadence/20261125100000000_abcd/0860000000012/resources/A1.flac' }));
    expect(sha(Buffer.from(await audio.Body!.transformToByteArray()))).toBe(sha(AUDIO));
  });
});
