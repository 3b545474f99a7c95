import { describe, expect, it } from '@jest/globals';
import { mkdtemp, rm, writeFile, open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parseBuffer } from 'music-metadata';
import { assertDeliverableAudio, inspectAudio, NOT_PCM_REASON, type AudioInfo } from './audio.ts';
import { chunksOf, flac, png, wav, wavHeader } from './__test-support__/media-fixtures.ts';
import { MediaError } from './media-error.ts';

const stream = (buf: Buffer, size = 4096) => Readable.from(chunksOf(buf, size), { objectMode: false });

async function failure(p: Promise<unknown>): Promise<MediaError> {
  const err = await p.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(MediaError);
  return err as MediaError;
}

function refusal(info: AudioInfo): MediaError | undefined {
  try {
    assertDeliverableAudio(info);
    return undefined;
  } catch (err) {
    return err as MediaError;
  }
}

describe('inspectAudio: WAV', () => {
  it('reads format, rate, depth, channels and duration from the header', async () => {
    const info = await inspectAudio(stream(wav({ sampleRate: 44_100, bitDepth: 16, channels: 2, frames: 66_150 })));
    expect(info).toEqual({ format: 'wav', codec: 'pcm', sampleRate: 44_100, bitDepth: 16, channels: 2, totalSamples: 66_150, durationMs: 1500 });
    expect(refusal(info)).toBeUndefined();
  });

  it('agrees with music-metadata on the generated fixture', async () => {
    const file = wav({ sampleRate: 48_000, bitDepth: 24, channels: 2, frames: 4800 });
    const mm = await parseBuffer(file, { mimeType: 'audio/wav' });
    const info = await inspectAudio(stream(file));
    expect([info.sampleRate, info.bitDepth, info.channels]).toEqual([mm.format.sampleRate, mm.format.bitsPerSample, mm.format.numberOfChannels]);
    expect(info.durationMs).toBe(Math.round((mm.format.duration ?? 0) * 1000));
  });

  it('parses byte by byte, so chunk boundaries never matter', async () => {
    const info = await inspectAudio(stream(wav({ frames: 100, before: [{ id: 'LIST', body: Buffer.alloc(27, 1) }] }), 1));
    expect(info).toMatchObject({ format: 'wav', totalSamples: 100 });
  });

  it('accepts WAVE_FORMAT_EXTENSIBLE with a PCM sub-format, using the valid bits', async () => {
    const info = await inspectAudio(stream(wav({ formatTag: 0xfffe, subFormat: 1, bitDepth: 32, validBits: 24, sampleRate: 96_000 })));
    expect(info).toMatchObject({ codec: 'pcm', bitDepth: 24, sampleRate: 96_000 });
    expect(refusal(info)).toBeUndefined();
  });

  it('skips odd-sized chunks with their pad byte, and finds fmt after data', async () => {
    const odd = await inspectAudio(stream(wav({ before: [{ id: 'JUNK', body: Buffer.alloc(3) }, { id: 'bext', body: Buffer.alloc(601) }] })));
    expect(odd.durationMs).toBe(100);
    const dataFirst = await inspectAudio(stream(wav({ dataFirst: true, frames: 441 })));
    expect(dataFirst).toMatchObject({ totalSamples: 441, durationMs: 10 });
  });

  it('reads a file path by seeking over the audio data', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cadence-audio-'));
    try {
      const file = path.join(dir, 'long.wav');
      const frames = 44_100 * 60 * 10; // ten minutes, 100 MB, written sparse
      const handle = await open(file, 'w');
      await handle.write(wavHeader({ frames }));
      await handle.truncate(wavHeader({ frames }).length + frames * 4);
      await handle.close();
      const started = Date.now();
      expect(await inspectAudio(file)).toMatchObject({ durationMs: 600_000 });
      expect(Date.now() - started).toBeLessThan(1000);
      await writeFile(path.join(dir, 'cut.wav'), wav({ frames: 1000 }).subarray(0, 500));
      expect((await failure(inspectAudio(path.join(dir, 'cut.wav')))).code).toBe('CORRUPT');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a truncated file: the data chunk is bigger than what is there', async () => {
    const err = await failure(inspectAudio(stream(wav({ frames: 44_100 }).subarray(0, 10_000))));
    expect(err.code).toBe('CORRUPT');
    expect(err.reason).toBe('The WAV file is truncated: its header declares 176400 bytes of audio but only 9956 are present');
  });

  it.each([
    ['no fmt chunk', wav({ omitFmt: true }), 'The WAV file is damaged: it has no format (fmt) chunk'],
    ['no data chunk', wav({ omitData: true }), 'The WAV file is damaged: it has no data chunk'],
    ['a header cut inside fmt', wav().subarray(0, 24), 'The WAV file is truncated: it ends inside its format (fmt) chunk'],
    ['zero channels', wav({ channels: 0 }), 'The WAV file is damaged: its format header has zero channels, sample rate or sample size'],
    ['no audio', wav({ frames: 0 }), 'The WAV file contains no audio'],
    ['only RIFF', Buffer.from('RIFF\x00\x00\x00\x00WAVE', 'latin1'), 'The WAV file is damaged: it has no format (fmt) chunk'],
  ])('refuses a WAV with %s', async (_name, file, reason) => {
    const err = await failure(inspectAudio(stream(file)));
    expect(err).toMatchObject({ code: 'CORRUPT', reason });
  });

  it('refuses a PNG renamed .wav as an unsupported type', async () => {
    const err = await failure(inspectAudio(stream(await png(32, 32))));
    expect(err).toMatchObject({ code: 'UNSUPPORTED_TYPE', reason: 'Unsupported audio file type. Upload a WAV or FLAC file' });
  });
});

describe('inspectAudio: FLAC', () => {
  it('reads STREAMINFO: 20-bit rate, 3-bit channels, 5-bit depth, 36-bit total samples', async () => {
    const info = await inspectAudio(stream(flac({ sampleRate: 96_000, bitDepth: 24, channels: 6, totalSamples: 2 ** 33 + 96_000 })));
    expect(info).toEqual({ format: 'flac', codec: 'flac', sampleRate: 96_000, bitDepth: 24, channels: 6, totalSamples: 2 ** 33 + 96_000, durationMs: Math.round(((2 ** 33 + 96_000) * 1000) / 96_000) });
  });

  it('agrees with music-metadata on the generated fixture', async () => {
    const file = flac({ sampleRate: 44_100, bitDepth: 16, channels: 2, totalSamples: 441_000 });
    const mm = await parseBuffer(file, { mimeType: 'audio/flac' });
    const info = await inspectAudio(stream(file));
    expect([info.sampleRate, info.bitDepth, info.channels, info.durationMs]).toEqual([mm.format.sampleRate, mm.format.bitsPerSample, mm.format.numberOfChannels, (mm.format.duration ?? 0) * 1000]);
  });

  it('skips other metadata blocks (vorbis comment, picture, padding) byte by byte', async () => {
    const info = await inspectAudio(stream(flac({ blocks: [[4, 40], [6, 70_000], [1, 8192]] }), 1));
    expect(info.durationMs).toBe(10_000);
  });

  it.each([
    ['no frames after the metadata', flac({ noFrames: true }), 'The FLAC file is truncated: it has no audio frames'],
    ['a file cut inside STREAMINFO', flac().subarray(0, 30), 'The FLAC file is truncated: it ends inside its STREAMINFO block'],
    ['a file cut inside a later block', flac({ blocks: [[1, 1000]] }).subarray(0, 500), 'The FLAC file is truncated: it ends inside its metadata'],
    ['a first block that is not STREAMINFO', flac({ firstBlockType: 4 }), 'The FLAC file is damaged: it does not start with a valid STREAMINFO block'],
    ['an unknown length', flac({ totalSamples: 0 }), 'The FLAC file does not declare its length (STREAMINFO total samples is 0); re-export it from your audio software'],
    ['garbage after the metadata', Buffer.concat([flac({ noFrames: true }), Buffer.from('garbage')]), 'The FLAC file is damaged: no audio frame follows its metadata'],
  ])('refuses a FLAC with %s', async (_name, file, reason) => {
    expect(await failure(inspectAudio(stream(file)))).toMatchObject({ code: 'CORRUPT', reason });
  });
});

describe('assertDeliverableAudio', () => {
  const base: AudioInfo = { format: 'wav', codec: 'pcm', sampleRate: 44_100, bitDepth: 16, channels: 2, totalSamples: 1, durationMs: 1 };

  it('accepts CD quality and better, WAV or FLAC', () => {
    expect(refusal(base)).toBeUndefined();
    expect(refusal({ ...base, format: 'flac', codec: 'flac', sampleRate: 192_000, bitDepth: 24 })).toBeUndefined();
  });

  it.each([
    [{ sampleRate: 22_050 }, 'Sample rate must be at least 44.1 kHz (this file is 22.05 kHz)'],
    [{ sampleRate: 32_000 }, 'Sample rate must be at least 44.1 kHz (this file is 32 kHz)'],
    [{ bitDepth: 8 }, 'Bit depth must be at least 16 bit (this file is 8 bit)'],
    [{ format: 'flac' as const, codec: 'flac' as const, bitDepth: 12 }, 'Bit depth must be at least 16 bit (this file is 12 bit)'],
  ])('refuses %j as QUALITY', (change, reason) => {
    expect(refusal({ ...base, ...change })).toMatchObject({ code: 'QUALITY', reason });
  });

  it('gives both reasons for an 8-bit 22.05 kHz WAV', async () => {
    const info = await inspectAudio(stream(wav({ sampleRate: 22_050, bitDepth: 8, channels: 1 })));
    expect(refusal(info)).toMatchObject({
      code: 'QUALITY',
      reason: 'Sample rate must be at least 44.1 kHz (this file is 22.05 kHz). Bit depth must be at least 16 bit (this file is 8 bit)',
    });
  });

  it('refuses float and compressed WAV as not PCM', async () => {
    for (const spec of [{ formatTag: 3, bitDepth: 32 }, { formatTag: 0xfffe, subFormat: 3, bitDepth: 32 }, { formatTag: 0x55 }]) {
      const info = await inspectAudio(stream(wav(spec)));
      expect(refusal(info)).toMatchObject({ code: 'UNSUPPORTED_TYPE', reason: NOT_PCM_REASON });
    }
  });
});
