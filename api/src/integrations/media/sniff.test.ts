import { describe, expect, it } from '@jest/globals';
import { flac, jpeg, png, wav } from './__test-support__/media-fixtures.ts';
import { sniff } from './sniff.ts';

describe('sniff', () => {
  it('identifies WAV, FLAC, PNG and JPEG by their bytes', async () => {
    expect(sniff(wav())).toBe('wav');
    expect(sniff(flac())).toBe('flac');
    expect(sniff(await png(16, 16))).toBe('png');
    expect(sniff(await jpeg(16, 16))).toBe('jpeg');
  });

  it.each([
    ['GIF', Buffer.from('GIF89a......')],
    ['RIFF but AVI', Buffer.from('RIFF\x00\x00\x00\x00AVI ', 'latin1')],
    ['MP3 with ID3', Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00\x00\x00', 'latin1')],
    ['text', Buffer.from('hello world!')],
    ['too few bytes of a PNG', Buffer.from([0x89, 0x50, 0x4e])],
    ['empty', Buffer.alloc(0)],
  ])('calls %s unknown', (_name, bytes) => {
    expect(sniff(bytes)).toBe('unknown');
  });
});
