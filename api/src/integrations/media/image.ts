/**
 * Cover art inspection from the header (PNG IHDR, JPEG SOFn), so a file that declares 20000x20000
 * is refused before anything allocates memory for it; then, once the header passed, a full decode
 * of the pixels (assertDecodes), so a header with no image behind it is refused too.
 */
import { COVER_ART_MESSAGES, validateCoverArt } from '@cadence/domain/cover-art';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { MediaError } from './media-error.ts';
import { PushParser, read, skip, type ParseGenerator } from './push-parser.ts';

export interface ImageInfo {
  format: 'png' | 'jpeg';
  width: number;
  height: number;
}

export interface CoverArtLimits {
  /** Largest declared width x height accepted: the guard against decompression bombs. */
  maxPixels: number;
}

export const DEFAULT_COVER_LIMITS: CoverArtLimits = { maxPixels: 100_000_000 };

// The specification's wording (§5).
export const INVALID_COVER_TYPE_REASON = COVER_ART_MESSAGES.fileType;

const corrupt = (reason: string) => new MediaError(reason, 'CORRUPT');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// Start-of-frame markers carry the dimensions; C4 (DHT), C8 (JPG) and CC (DAC) are not frames.
const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
const MAX_DIMENSION = 0x7fffffff;

function* pngHeader(): ParseGenerator<ImageInfo> {
  const rest = yield* read(6); // after 89 50
  if (rest.length < 6 || !Buffer.concat([PNG_SIGNATURE.subarray(0, 2), rest]).equals(PNG_SIGNATURE)) {
    throw new MediaError(INVALID_COVER_TYPE_REASON, 'UNSUPPORTED_TYPE');
  }
  const ihdr = yield* read(8 + 13);
  if (ihdr.length < 21) throw corrupt('The PNG file is truncated: it ends before its header (IHDR)');
  if (ihdr.readUInt32BE(0) !== 13 || ihdr.toString('latin1', 4, 8) !== 'IHDR') throw corrupt('The PNG file is damaged: its first chunk is not a valid header (IHDR)');
  const width = ihdr.readUInt32BE(8);
  const height = ihdr.readUInt32BE(12);
  if (width === 0 || height === 0 || width > MAX_DIMENSION || height > MAX_DIMENSION) throw corrupt('The PNG file is damaged: its header declares an invalid size');
  return { format: 'png', width, height };
}

function* jpegHeader(prefixRead: boolean): ParseGenerator<ImageInfo> {
  // After SOI (FF D8): segments until a start-of-frame; APPn/EXIF/ICC segments are skipped unread.
  for (;;) {
    if (!prefixRead) {
      const prefix = yield* read(1);
      if (prefix.length === 0) throw corrupt('The JPEG file is truncated: it ends before its frame header');
      if (prefix[0] !== 0xff) throw corrupt('The JPEG file is damaged: a marker was expected');
    }
    prefixRead = false;
    let marker = 0xff;
    while (marker === 0xff) {
      const b = yield* read(1); // 0xFF fill bytes may precede a marker
      if (b.length === 0) throw corrupt('The JPEG file is truncated: it ends before its frame header');
      marker = b[0]!;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // no length
    if (marker === 0x00 || marker === 0xd9 || marker === 0xda) throw corrupt('The JPEG file is damaged: it has no frame header before its image data');
    const len = yield* read(2);
    if (len.length < 2) throw corrupt('The JPEG file is truncated: it ends before its frame header');
    const length = len.readUInt16BE(0);
    if (length < 2) throw corrupt('The JPEG file is damaged: a segment has an invalid length');
    if (SOF_MARKERS.has(marker)) {
      const sof = yield* read(5); // precision, height, width
      if (length < 7 || sof.length < 5) throw corrupt('The JPEG file is truncated: its frame header is incomplete');
      const height = sof.readUInt16BE(1);
      const width = sof.readUInt16BE(3);
      if (width === 0 || height === 0) throw corrupt('The JPEG file declares no image size in its frame header');
      return { format: 'jpeg', width, height };
    }
    if ((yield* skip(length - 2)) < length - 2) throw corrupt('The JPEG file is truncated: it ends before its frame header');
  }
}

/** Parses a PNG or JPEG header from the first byte; anything else is 'Invalid file type'. */
export function* imageParser(): ParseGenerator<ImageInfo> {
  const magic = yield* read(2);
  if (magic.length === 2 && magic[0] === 0x89 && magic[1] === 0x50) return yield* pngHeader();
  if (magic.length === 2 && magic[0] === 0xff && magic[1] === 0xd8) {
    const next = yield* read(1);
    if (next[0] !== 0xff) throw new MediaError(INVALID_COVER_TYPE_REASON, 'UNSUPPORTED_TYPE');
    return yield* jpegHeader(true); // that 0xFF was the first marker's prefix
  }
  throw new MediaError(INVALID_COVER_TYPE_REASON, 'UNSUPPORTED_TYPE');
}

/** A push-style inspector for callers that already have the bytes flowing (the upload pipeline). */
export function createImageInspector(): PushParser<ImageInfo> {
  return new PushParser(imageParser());
}

/**
 * Reads an image's type and declared size from its header. Give it the whole file, the first
 * bytes, or a stream (read only until the header is found; the stream is then destroyed).
 */
export async function inspectImage(source: Readable | Uint8Array): Promise<ImageInfo> {
  const parser = createImageInspector();
  if (source instanceof Uint8Array) {
    parser.push(source);
    return parser.end();
  }
  for await (const chunk of source) {
    parser.push(chunk as Buffer);
    if (parser.done) break;
  }
  return parser.end();
}

/** The cover art rules: type, then the too-large guard, then domain's size and square rules. */
export function assertCoverArt(info: { format: string; width: number; height: number }, limits: Partial<CoverArtLimits> = {}): void {
  const { maxPixels } = { ...DEFAULT_COVER_LIMITS, ...limits };
  if (info.format !== 'png' && info.format !== 'jpeg') throw new MediaError(INVALID_COVER_TYPE_REASON, 'UNSUPPORTED_TYPE');
  // Decompression-bomb guard first: a huge declared size is refused before anything decodes it.
  if (info.width * info.height > maxPixels) {
    const side = Math.floor(Math.sqrt(maxPixels));
    throw new MediaError(`Image is too large to process (max ${side}x${side} pixels)`, 'QUALITY');
  }
  // The spec's square and minimum-size rules and messages live once, in domain/.
  const problem = validateCoverArt({ mimeType: info.format === 'png' ? 'image/png' : 'image/jpeg', width: info.width, height: info.height });
  if (problem) throw new MediaError(problem.message, 'QUALITY');
}

/**
 * Decodes every pixel of an image (through sharp, read sequentially, never over the pixel guard)
 * and refuses it with the spec's bad-cover wording when the data is missing, truncated or damaged:
 * a valid header alone (33 bytes of PNG) is not an image. Call after assertCoverArt.
 */
export async function assertDecodes(source: Readable, limits: Partial<CoverArtLimits> = {}): Promise<void> {
  const { maxPixels } = { ...DEFAULT_COVER_LIMITS, ...limits };
  const decoder = sharp({ limitInputPixels: maxPixels, failOn: 'error', sequentialRead: true });
  source.once('error', (err) => decoder.destroy(err));
  source.pipe(decoder);
  try {
    await decoder.stats(); // a sink over every pixel: it fails on any undecodable one
  } catch {
    source.destroy();
    throw new MediaError(INVALID_COVER_TYPE_REASON, 'CORRUPT');
  }
}
