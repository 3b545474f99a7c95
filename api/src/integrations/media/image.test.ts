import { describe, expect, it } from '@jest/globals';
import { Readable } from 'node:stream';
import { chunksOf, jpeg, png, pngHeader, wav, withBigAppSegment } from './__test-support__/media-fixtures.ts';
import { assertCoverArt, assertDecodes, inspectImage, type ImageInfo } from './image.ts';
import { MediaError } from './media-error.ts';

function refusal(info: { format: string; width: number; height: number }, limits = {}): MediaError | undefined {
  try {
    assertCoverArt(info, limits);
    return undefined;
  } catch (err) {
    return err as MediaError;
  }
}

async function inspectFailure(source: Buffer | Readable): Promise<MediaError> {
  const err = await inspectImage(source).then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(MediaError);
  return err as MediaError;
}

describe('assertDecodes', () => {
  const decodeFailure = (bytes: Buffer, limits = {}) => assertDecodes(Readable.from([bytes]), limits).then(() => undefined, (e: unknown) => e as MediaError);

  it('passes real PNG and JPEG images, fed as a stream in small chunks', async () => {
    expect(await decodeFailure(await png(1600, 1600))).toBeUndefined();
    const file = await jpeg(1600, 1600, { progressive: true });
    await expect(assertDecodes(Readable.from(chunksOf(file, 4096), { objectMode: false }))).resolves.toBeUndefined();
  });

  it.each([
    ['the 33-byte PNG header with no pixel data', async () => pngHeader(1600, 1600)],
    ['a PNG cut in the middle of its pixels', async () => (await png(1600, 1600)).subarray(0, 2_000)],
    ['a JPEG cut in the middle of its pixels', async () => { const j = await jpeg(1600, 1600); return j.subarray(0, Math.floor(j.length / 2)); }],
    ['a JPEG header followed by noise', async () => Buffer.concat([(await jpeg(1600, 1600)).subarray(0, 600), Buffer.alloc(5_000, 0x5a)])],
  ])("refuses %s with the spec's bad-cover wording", async (_name, make) => {
    expect(await decodeFailure(await make())).toMatchObject({ code: 'CORRUPT', reason: 'Invalid file type. Must be *.jpg or *.png' });
  });

  it('never decodes past the pixel guard', async () => {
    expect(await decodeFailure(await png(1600, 1600), { maxPixels: 1_000_000 })).toMatchObject({ code: 'CORRUPT' });
  });
});

describe('inspectImage', () => {
  it('reads PNG and JPEG sizes from real files made by sharp', async () => {
    expect(await inspectImage(await png(1600, 1600))).toEqual({ format: 'png', width: 1600, height: 1600 });
    expect(await inspectImage(await png(1600, 1200))).toEqual({ format: 'png', width: 1600, height: 1200 });
    expect(await inspectImage(await jpeg(1200, 1200))).toEqual({ format: 'jpeg', width: 1200, height: 1200 });
    expect(await inspectImage(await jpeg(1700, 1600, { progressive: true }))).toEqual({ format: 'jpeg', width: 1700, height: 1600 });
  });

  it('finds a JPEG frame header far past the first 64 KiB, fed in 7-byte chunks from a stream', async () => {
    const file = withBigAppSegment(await jpeg(1600, 1600), 200_000);
    const info = await inspectImage(Readable.from(chunksOf(file, 7), { objectMode: false }));
    expect(info).toEqual({ format: 'jpeg', width: 1600, height: 1600 });
  });

  it('reads a 20000x20000 PNG header instantly, from the first 33 bytes', async () => {
    const started = performance.now();
    const info = await inspectImage(pngHeader(20_000, 20_000));
    expect(info).toEqual({ format: 'png', width: 20_000, height: 20_000 });
    expect(refusal(info)).toMatchObject({ code: 'QUALITY', reason: 'Image is too large to process (max 10000x10000 pixels)' });
    expect(performance.now() - started).toBeLessThan(50);
  });

  it.each([
    ['a WAV', wav()],
    ['a GIF', Buffer.from('GIF89a\x10\x00\x10\x00', 'latin1')],
    ['FF D8 without a marker after it', Buffer.from([0xff, 0xd8, 0x00, 0x00])],
    ['a PNG signature with one wrong byte', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x00])],
  ])('calls %s an invalid cover type', async (_name, bytes) => {
    expect(await inspectFailure(bytes)).toMatchObject({ code: 'UNSUPPORTED_TYPE', reason: 'Invalid file type. Must be *.jpg or *.png' });
  });

  it.each([
    ['a PNG cut inside its header', pngHeader(1600, 1600).subarray(0, 20), 'The PNG file is truncated: it ends before its header (IHDR)'],
    ['a PNG declaring 0 pixels wide', pngHeader(0, 1600), 'The PNG file is damaged: its header declares an invalid size'],
    ['a JPEG that starts its image data before any frame header', Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02]), 'The JPEG file is damaged: it has no frame header before its image data'],
    ['a JPEG cut before its frame header', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a]), 'The JPEG file is truncated: it ends before its frame header'],
  ])('refuses %s as CORRUPT', async (_name, bytes, reason) => {
    expect(await inspectFailure(bytes)).toMatchObject({ code: 'CORRUPT', reason });
  });

  it('refuses a JPEG cut before its frame header, even when the cut is deep in an APP segment', async () => {
    const file = withBigAppSegment(await jpeg(1600, 1600), 100_000).subarray(0, 80_000);
    expect((await inspectFailure(file)).code).toBe('CORRUPT');
  });
});

describe('assertCoverArt', () => {
  const ok: ImageInfo = { format: 'png', width: 1600, height: 1600 };

  it('accepts square images of at least 1600x1600, PNG or JPEG', () => {
    expect(refusal(ok)).toBeUndefined();
    expect(refusal({ format: 'jpeg', width: 3000, height: 3000 })).toBeUndefined();
    expect(refusal({ format: 'png', width: 10_000, height: 10_000 })).toBeUndefined();
  });

  it.each([
    [{ format: 'gif', width: 1600, height: 1600 }, 'UNSUPPORTED_TYPE', 'Invalid file type. Must be *.jpg or *.png'],
    [{ format: 'png', width: 20_000, height: 20_000 }, 'QUALITY', 'Image is too large to process (max 10000x10000 pixels)'],
    [{ format: 'png', width: 10_001, height: 10_000 }, 'QUALITY', 'Image is too large to process (max 10000x10000 pixels)'],
    [{ format: 'png', width: 1600, height: 1200 }, 'QUALITY', 'Image too small. Minimum height allowed is 1600 pixels'],
    [{ format: 'jpeg', width: 1200, height: 1600 }, 'QUALITY', 'Image too small. Minimum width allowed is 1600 pixels'],
    [{ format: 'png', width: 1800, height: 1700 }, 'QUALITY', 'Your image must be a perfect square and at least 1600x1600 pixels'],
    [{ format: 'png', width: 1200, height: 1200 }, 'QUALITY', 'Image too small. Minimum height allowed is 1600 pixels'],
  ])('refuses %j', (info, code, reason) => {
    expect(refusal(info)).toMatchObject({ code, reason });
  });

  it('uses the configured decompression-bomb limit', () => {
    expect(refusal({ format: 'png', width: 5000, height: 5000 }, { maxPixels: 16_000_000 })).toMatchObject({
      reason: 'Image is too large to process (max 4000x4000 pixels)',
    });
  });
});
