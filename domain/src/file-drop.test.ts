import { checkDroppedFile, fileExtension, hasUploadExtension, splitDroppedFiles } from './file-drop';

const f = (name: string, type: string, size: number) => ({ name, type, size });
const wav = f('song.WAV', 'audio/wav', 5_000);
const png = f('cover.png', 'image/png', 2_000);
const big = f('big.flac', 'audio/flac', 50_000);

describe('extensions', () => {
  it.each([
    ['a.b.WAV', 'wav'],
    ['noext', ''],
    ['.hidden', 'hidden'],
  ])('fileExtension(%j) = %j', (name, ext) => {
    expect(fileExtension(name)).toBe(ext);
  });
  it.each([
    ['TRACK', 'x.flac', true],
    ['TRACK', 'x.mp3', false],
    ['COVER_IMAGE', 'x.JPEG', true],
    ['COVER_IMAGE', 'x.gif', false],
  ] as const)('hasUploadExtension(%s, %s) = %s', (type, name, ok) => {
    expect(hasUploadExtension(type, name)).toBe(ok);
  });
});

describe('checkDroppedFile', () => {
  const options = { supportedTypes: ['audio/wav', '.flac'], maxSize: 10_000 };
  it.each([
    [null, options, 'Unknown'],
    [undefined, {}, 'Unknown'],
    [wav, options, 'None'],
    [png, options, 'FileType'],
    [big, options, 'FileSize'],
    [big, { supportedTypes: ['FLAC'] }, 'None'],
    [big, { maxSize: 0 }, 'None'],
    [big, { supportedTypes: [] }, 'None'],
    [png, undefined, 'None'],
  ])('%j with %j -> %s', (file, opts, reason) => {
    expect(checkDroppedFile(file, opts)).toBe(reason);
  });
});

describe('splitDroppedFiles', () => {
  it('splits accepted and rejected with reasons, in order', () => {
    expect(splitDroppedFiles([wav, png, big], { supportedTypes: ['wav', 'flac'], maxSize: 10_000 })).toEqual({
      accepted: [{ file: wav }],
      rejected: [
        { file: png, reason: 'FileType' },
        { file: big, reason: 'FileSize' },
      ],
    });
    expect(splitDroppedFiles([png])).toEqual({ accepted: [{ file: png }], rejected: [] });
  });
});
