/**
 * Audio inspection by reading the WAV and FLAC headers ourselves, streaming: the audio data is
 * skipped, never held, so a 2 GB file costs a few kilobytes.
 */
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { MediaError } from './media-error.ts';
import { PushParser, read, skip, type ParseGenerator } from './push-parser.ts';

export interface AudioInfo {
  format: 'wav' | 'flac';
  /** How samples are stored: PCM integers, IEEE float, FLAC, or another WAV codec. */
  codec: 'pcm' | 'float' | 'flac' | 'other';
  sampleRate: number;
  bitDepth: number;
  channels: number;
  /** Sample frames per channel. */
  totalSamples: number;
  durationMs: number;
}

export interface AudioLimits {
  minSampleRate: number;
  minBitDepth: number;
}

export const DEFAULT_AUDIO_LIMITS: AudioLimits = { minSampleRate: 44_100, minBitDepth: 16 };

export const UNSUPPORTED_AUDIO_REASON = 'Unsupported audio file type. Upload a WAV or FLAC file';
export const NOT_PCM_REASON = 'WAV files must be uncompressed PCM';

export interface AudioParseHooks {
  /** Called as soon as the format is known, before the audio data streams by (to refuse early). */
  onHeader?(info: AudioInfo): void;
}

const corrupt = (reason: string) => new MediaError(reason, 'CORRUPT');
const MAX_FMT_CHUNK = 4096;
// The tail of the KSDATAFORMAT_SUBTYPE_* GUIDs (after the 2-byte format tag).
const SUBFORMAT_GUID_TAIL = Buffer.from([0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71]);

function ascii(b: Buffer, at: number, length: number): string {
  return b.toString('latin1', at, at + length);
}

/** '44.1 kHz', '22.05 kHz', '48 kHz' */
export function formatSampleRate(hz: number): string {
  return `${Number((hz / 1000).toFixed(3))} kHz`;
}

function durationMs(frames: number, sampleRate: number): number {
  return Math.round((frames * 1000) / sampleRate);
}

interface WavFormat {
  codec: AudioInfo['codec'];
  channels: number;
  sampleRate: number;
  blockAlign: number;
  bitDepth: number;
}

function parseFmt(body: Buffer): WavFormat {
  const tag = body.readUInt16LE(0);
  const channels = body.readUInt16LE(2);
  const sampleRate = body.readUInt32LE(4);
  const blockAlign = body.readUInt16LE(12);
  const bitsPerSample = body.readUInt16LE(14);
  let codec: WavFormat['codec'] = tag === 1 ? 'pcm' : tag === 3 ? 'float' : 'other';
  let bitDepth = bitsPerSample;
  if (tag === 0xfffe) {
    // WAVE_FORMAT_EXTENSIBLE: the real format is the sub-format GUID; valid bits may be fewer
    // than the container (24 valid bits in 32-bit slots).
    if (body.length < 40 || body.readUInt16LE(16) < 22) throw corrupt('The WAV file is damaged: its extensible format header is incomplete');
    const validBits = body.readUInt16LE(18);
    const subTag = body.readUInt16LE(24);
    const knownGuid = body.subarray(26, 40).equals(SUBFORMAT_GUID_TAIL);
    codec = knownGuid && subTag === 1 ? 'pcm' : knownGuid && subTag === 3 ? 'float' : 'other';
    if (validBits > 0) bitDepth = validBits;
  }
  if (channels === 0 || sampleRate === 0 || blockAlign === 0 || bitsPerSample === 0) {
    throw corrupt('The WAV file is damaged: its format header has zero channels, sample rate or sample size');
  }
  if (codec === 'pcm' && blockAlign !== channels * Math.ceil(bitsPerSample / 8)) {
    throw corrupt('The WAV file is damaged: its format header is inconsistent (block size does not match channels and bit depth)');
  }
  return { codec, channels, sampleRate, blockAlign, bitDepth };
}

function wavInfo(fmt: WavFormat, dataBytes: number): AudioInfo {
  const frames = Math.floor(dataBytes / fmt.blockAlign);
  return {
    format: 'wav',
    codec: fmt.codec,
    sampleRate: fmt.sampleRate,
    bitDepth: fmt.bitDepth,
    channels: fmt.channels,
    totalSamples: frames,
    durationMs: durationMs(frames, fmt.sampleRate),
  };
}

/** RIFF/WAVE: walks the chunks (odd sizes padded), reads 'fmt ', skips 'data' to check it is all there. */
function* wavChunks(hooks: AudioParseHooks): ParseGenerator<AudioInfo> {
  let fmt: WavFormat | undefined;
  let dataBytes: number | undefined;
  for (;;) {
    const header = yield* read(8);
    if (header.length < 8) break; // end of file (a few stray trailing bytes are tolerated)
    const id = ascii(header, 0, 4);
    const size = header.readUInt32LE(4);
    if (id === 'fmt ') {
      if (fmt) throw corrupt('The WAV file is damaged: it has two format (fmt) chunks');
      if (size < 16 || size > MAX_FMT_CHUNK) throw corrupt(`The WAV file is damaged: its format (fmt) chunk has an invalid size (${size} bytes)`);
      const body = yield* read(size);
      if (body.length < size) throw corrupt('The WAV file is truncated: it ends inside its format (fmt) chunk');
      fmt = parseFmt(body);
      if (size % 2 === 1) yield* skip(1);
    } else if (id === 'data') {
      if (dataBytes !== undefined) throw corrupt('The WAV file is damaged: it has two data chunks');
      if (fmt) hooks.onHeader?.(wavInfo(fmt, size === 0xffffffff ? 0 : size));
      if (size === 0xffffffff) {
        // Written by a streaming recorder that never came back to fill in the size: the audio runs to the end.
        dataBytes = yield* skip(Number.POSITIVE_INFINITY);
      } else {
        const present = yield* skip(size);
        if (present < size) {
          throw corrupt(`The WAV file is truncated: its header declares ${size} bytes of audio but only ${present} are present`);
        }
        dataBytes = size;
        if (!fmt && size % 2 === 1) yield* skip(1);
      }
    } else {
      const total = size + (size % 2);
      const present = yield* skip(total);
      if (present < size) throw corrupt(`The WAV file is truncated: it ends inside its '${id.replace(/[^\x20-\x7e]/g, '?')}' chunk`);
    }
    if (fmt && dataBytes !== undefined) break;
  }
  if (!fmt) throw corrupt('The WAV file is damaged: it has no format (fmt) chunk');
  if (dataBytes === undefined) throw corrupt('The WAV file is damaged: it has no data chunk');
  const info = wavInfo(fmt, dataBytes);
  if (info.totalSamples === 0) throw corrupt('The WAV file contains no audio');
  return info;
}

/** FLAC: STREAMINFO must come first; the other metadata blocks are skipped; audio frames must follow. */
function* flacBlocks(hooks: AudioParseHooks): ParseGenerator<AudioInfo> {
  const first = yield* read(4);
  if (first.length < 4) throw corrupt('The FLAC file is truncated: it ends before its STREAMINFO block');
  const firstType = first[0]! & 0x7f;
  let last = (first[0]! & 0x80) !== 0;
  if (firstType !== 0 || first.readUIntBE(1, 3) !== 34) throw corrupt('The FLAC file is damaged: it does not start with a valid STREAMINFO block');
  const si = yield* read(34);
  if (si.length < 34) throw corrupt('The FLAC file is truncated: it ends inside its STREAMINFO block');
  // Bytes 10..17: sample rate (20 bits), channels - 1 (3), bits per sample - 1 (5), total samples (36).
  const sampleRate = (si[10]! << 12) | (si[11]! << 4) | (si[12]! >> 4);
  const channels = ((si[12]! >> 1) & 0x07) + 1;
  const bitDepth = (((si[12]! & 0x01) << 4) | (si[13]! >> 4)) + 1;
  const totalSamples = (si[13]! & 0x0f) * 2 ** 32 + si.readUInt32BE(14);
  if (sampleRate === 0) throw corrupt('The FLAC file is damaged: its STREAMINFO sample rate is 0');
  if (totalSamples === 0) throw corrupt('The FLAC file does not declare its length (STREAMINFO total samples is 0); re-export it from your audio software');
  const info: AudioInfo = { format: 'flac', codec: 'flac', sampleRate, bitDepth, channels, totalSamples, durationMs: durationMs(totalSamples, sampleRate) };
  hooks.onHeader?.(info);
  while (!last) {
    const header = yield* read(4);
    if (header.length < 4) throw corrupt('The FLAC file is truncated: it ends inside its metadata');
    last = (header[0]! & 0x80) !== 0;
    const length = header.readUIntBE(1, 3);
    if ((yield* skip(length)) < length) throw corrupt('The FLAC file is truncated: it ends inside its metadata');
  }
  const sync = yield* read(2);
  if (sync.length < 2) throw corrupt('The FLAC file is truncated: it has no audio frames');
  if (sync[0] !== 0xff || (sync[1]! & 0xfe) !== 0xf8) throw corrupt('The FLAC file is damaged: no audio frame follows its metadata');
  return info;
}

/** Parses a WAV or FLAC file from its first byte; anything else is UNSUPPORTED_TYPE. */
export function* audioParser(hooks: AudioParseHooks = {}): ParseGenerator<AudioInfo> {
  const magic = yield* read(4);
  const tag = ascii(magic, 0, magic.length);
  if (tag === 'fLaC') return yield* flacBlocks(hooks);
  if (tag === 'RIFF') {
    const rest = yield* read(8);
    if (rest.length === 8 && ascii(rest, 4, 4) === 'WAVE') return yield* wavChunks(hooks);
  }
  throw new MediaError(UNSUPPORTED_AUDIO_REASON, 'UNSUPPORTED_TYPE');
}

/** A push-style inspector for callers that already have the bytes flowing (the upload pipeline). */
export function createAudioInspector(hooks: AudioParseHooks = {}): PushParser<AudioInfo> {
  return new PushParser(audioParser(hooks));
}

/**
 * Reads a WAV or FLAC file's format and duration. A path is read with seeks over the audio data;
 * a stream is read to its end (needed to know the data is all there).
 */
export async function inspectAudio(source: Readable | string): Promise<AudioInfo> {
  const parser = createAudioInspector();
  if (typeof source !== 'string') {
    for await (const chunk of source) {
      parser.push(chunk as Buffer);
      if (parser.done) break;
    }
    return parser.end();
  }
  const handle = await open(source, 'r');
  try {
    const { size } = await handle.stat();
    const buf = Buffer.alloc(64 * 1024);
    let pos = 0;
    while (!parser.done && pos < size) {
      const skippable = Math.min(parser.skipRemaining, size - pos);
      if (skippable > 0) {
        parser.advance(skippable);
        pos += skippable;
        continue;
      }
      const { bytesRead } = await handle.read(buf, 0, Math.min(buf.length, size - pos), pos);
      if (bytesRead === 0) break;
      parser.push(buf.subarray(0, bytesRead));
      pos += bytesRead;
    }
    return parser.end();
  } finally {
    await handle.close();
  }
}

/**
 * Refuses audio that cannot be delivered: non-PCM WAV (UNSUPPORTED_TYPE), then sample rate and bit
 * depth below the minimums (QUALITY; both reasons together when both fail).
 */
export function assertDeliverableAudio(info: AudioInfo, limits: Partial<AudioLimits> = {}): void {
  const { minSampleRate, minBitDepth } = { ...DEFAULT_AUDIO_LIMITS, ...limits };
  if (info.format === 'wav' && info.codec !== 'pcm') throw new MediaError(NOT_PCM_REASON, 'UNSUPPORTED_TYPE');
  const reasons: string[] = [];
  if (info.sampleRate < minSampleRate) {
    reasons.push(`Sample rate must be at least ${formatSampleRate(minSampleRate)} (this file is ${formatSampleRate(info.sampleRate)})`);
  }
  if (info.bitDepth < minBitDepth) {
    reasons.push(`Bit depth must be at least ${minBitDepth} bit (this file is ${info.bitDepth} bit)`);
  }
  if (reasons.length > 0) throw new MediaError(reasons.join('. '), 'QUALITY');
}
