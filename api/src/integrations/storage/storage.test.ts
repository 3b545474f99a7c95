import { describe, expect, it } from '@jest/globals';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LocalStorage } from './local.ts';
import { S3Storage } from './s3.ts';
import { newObjectKey } from './storage.ts';
import { createStorage } from './create-storage.ts';

describe('newObjectKey', () => {
  it('is random, date-foldered and keeps a clean extension', () => {
    const key = newObjectKey('audio', '.WAV', new Date('2025-01-31T23:59:00Z'));
    expect(key).toMatch(/^audio\/2025\/01\/31\/[0-9a-f]{32}\.wav$/);
    const keys = new Set(Array.from({ length: 1000 }, () => newObjectKey('cover', 'png')));
    expect(keys.size).toBe(1000);
  });
  it('refuses extensions that could smuggle path characters', () => {
    expect(() => newObjectKey('export', '../x')).toThrow(RangeError);
    expect(() => newObjectKey('package', '')).toThrow(RangeError);
  });
});

describe('createStorage', () => {
  it('builds the configured driver', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cadence-storage-'));
    expect(createStorage({ driver: 'local', dir })).toBeInstanceOf(LocalStorage);
    expect(
      createStorage({ driver: 's3', bucket: 'b', region: 'eu-west-1', accessKeyId: 'a', secretAccessKey: 's', forcePathStyle: false }),
    ).toBeInstanceOf(S3Storage);
  });
});
