/**
 * Test fixtures built in code: WAV and FLAC headers with a little audio, hand-made PNG headers,
 * and real images from sharp. Only the tests import this file.
 */
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

export interface WavSpec {
  sampleRate?: number;
  bitDepth?: number;
  channels?: number;
  frames?: number;
  /** WAVE format tag: 1 PCM, 3 IEEE float, 0xFFFE extensible. */
  formatTag?: number;
  /** Sub-format tag for extensible files (1 PCM, 3 float). */
  subFormat?: number;
  validBits?: number;
  /** Chunks written before 'fmt ' (odd sizes get their pad byte). */
  before?: { id: string; body: Buffer }[];
  /** Data size written in the header, if not the real one. */
  declaredDataSize?: number;
  omitFmt?: boolean;
  omitData?: boolean;
  /** Put 'data' before 'fmt '. */
  dataFirst?: boolean;
}

function chunk(id: string, body: Buffer, declaredSize = body.length): Buffer {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'latin1');
  header.writeUInt32LE(declaredSize, 4);
  return Buffer.concat([header, body, body.length % 2 === 1 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

export function wavFmtBody(spec: WavSpec = {}): Buffer {
  const { sampleRate = 44_100, bitDepth = 16, channels = 2, formatTag = 1 } = spec;
  const blockAlign = channels * Math.ceil(bitDepth / 8);
  const extensible = formatTag === 0xfffe;
  const fmt = Buffer.alloc(extensible ? 40 : 16);
  fmt.writeUInt16LE(formatTag, 0);
  fmt.writeUInt16LE(channels, 2);
  fmt.writeUInt32LE(sampleRate, 4);
  fmt.writeUInt32LE(sampleRate * blockAlign, 8);
  fmt.writeUInt16LE(blockAlign, 12);
  fmt.writeUInt16LE(bitDepth, 14);
  if (extensible) {
    fmt.writeUInt16LE(22, 16);
    fmt.writeUInt16LE(spec.validBits ?? bitDepth, 18);
    fmt.writeUInt32LE(channels === 2 ? 3 : 4, 20);
    fmt.writeUInt16LE(spec.subFormat ?? 1, 24);
    Buffer.from([0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71]).copy(fmt, 26);
  }
  return fmt;
}

/** A WAV header (RIFF, fmt, data chunk header) without the audio bytes. */
export function wavHeader(spec: WavSpec = {}): Buffer {
  const { bitDepth = 16, channels = 2, frames = 4410 } = spec;
  const dataSize = frames * channels * Math.ceil(bitDepth / 8);
  const parts: Buffer[] = [];
  for (const c of spec.before ?? []) parts.push(chunk(c.id, c.body));
  const fmt = spec.omitFmt ? Buffer.alloc(0) : chunk('fmt ', wavFmtBody(spec));
  if (!spec.dataFirst) parts.push(fmt);
  if (!spec.omitData) {
    const h = Buffer.alloc(8);
    h.write('data', 0, 'latin1');
    h.writeUInt32LE(spec.declaredDataSize ?? dataSize, 4);
    parts.push(h);
  }
  const body = Buffer.concat(parts);
  const riff = Buffer.alloc(12);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(4 + body.length + (spec.omitData ? 0 : dataSize), 4);
  riff.write('WAVE', 8, 'latin1');
  return Buffer.concat([riff, body]);
}

/** A complete WAV: header plus a quiet ramp of PCM. */
export function wav(spec: WavSpec = {}): Buffer {
  const { bitDepth = 16, channels = 2, frames = 4410 } = spec;
  const data = Buffer.alloc(spec.omitData ? 0 : frames * channels * Math.ceil(bitDepth / 8));
  for (let i = 0; i < data.length; i++) data[i] = i % 7;
  if (spec.dataFirst) return Buffer.concat([wavHeader(spec), data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0), chunk('fmt ', wavFmtBody(spec))]);
  return Buffer.concat([wavHeader(spec), data]);
}

export interface FlacSpec {
  sampleRate?: number;
  bitDepth?: number;
  channels?: number;
  totalSamples?: number;
  /** Extra metadata blocks after STREAMINFO: [type, length]. */
  blocks?: [number, number][];
  firstBlockType?: number;
  /** Leave out the audio frames (a file cut after its metadata). */
  noFrames?: boolean;
}

export function flac(spec: FlacSpec = {}): Buffer {
  const { sampleRate = 44_100, bitDepth = 16, channels = 2, totalSamples = 441_000, blocks = [] } = spec;
  const si = Buffer.alloc(34);
  si.writeUInt16BE(4096, 0);
  si.writeUInt16BE(4096, 2);
  si[10] = (sampleRate >> 12) & 0xff;
  si[11] = (sampleRate >> 4) & 0xff;
  si[12] = ((sampleRate & 0x0f) << 4) | (((channels - 1) & 0x07) << 1) | (((bitDepth - 1) >> 4) & 0x01);
  si[13] = (((bitDepth - 1) & 0x0f) << 4) | Math.floor(totalSamples / 2 ** 32);
  si.writeUInt32BE(totalSamples % 2 ** 32, 14);
  const header = (type: number, length: number, last: boolean) =>
    Buffer.from([(last ? 0x80 : 0) | type, (length >> 16) & 0xff, (length >> 8) & 0xff, length & 0xff]);
  const parts = [Buffer.from('fLaC', 'latin1'), header(spec.firstBlockType ?? 0, 34, blocks.length === 0), si];
  blocks.forEach(([type, length], i) => parts.push(header(type, length, i === blocks.length - 1), Buffer.alloc(length)));
  if (!spec.noFrames) parts.push(Buffer.from([0xff, 0xf8, 0x69, 0x08, 0x00, 0x00, 0x00]));
  return Buffer.concat(parts);
}

/** A PNG signature and IHDR chunk (valid CRC) claiming any size, with no pixels: for header tests. */
export function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const typeAndData = Buffer.concat([Buffer.from('IHDR', 'latin1'), ihdr]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(13);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), len, typeAndData, crc]);
}

export async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer();
}

export async function jpeg(width: number, height: number, opts: { progressive?: boolean } = {}): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 140, b: 90 } } })
    .withMetadata({ exif: { IFD0: { Copyright: 'Cadence test' } } })
    .jpeg({ progressive: opts.progressive ?? false })
    .toBuffer();
}

/** Inserts an APP15 segment of `size` bytes right after SOI, pushing the frame header far back. */
export function withBigAppSegment(jpg: Buffer, size: number): Buffer {
  const segments: Buffer[] = [];
  for (let left = size; left > 0; left -= 65_533) {
    const n = Math.min(left, 65_533);
    const seg = Buffer.alloc(4 + n, 0x20);
    seg[0] = 0xff;
    seg[1] = 0xef;
    seg.writeUInt16BE(n + 2, 2);
    segments.push(seg);
  }
  return Buffer.concat([jpg.subarray(0, 2), ...segments, jpg.subarray(2)]);
}

/** Splits a buffer into chunks of `size` bytes (1 = byte by byte). */
export function chunksOf(buf: Buffer, size: number): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < buf.length; i += size) out.push(buf.subarray(i, i + size));
  return out;
}
