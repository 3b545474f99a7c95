import { isCoverArtType, validateCoverArt } from './cover-art';

const TYPE = { key: 'cover-file-type', message: 'Invalid file type. Must be *.jpg or *.png' };
const SQUARE = { key: 'cover-not-square', message: 'Your image must be a perfect square and at least 1600x1600 pixels' };
const HEIGHT = { key: 'cover-min-height', message: 'Image too small. Minimum height allowed is 1600 pixels' };
const WIDTH = { key: 'cover-min-width', message: 'Image too small. Minimum width allowed is 1600 pixels' };

describe('isCoverArtType', () => {
  it.each([
    [{ mimeType: 'image/png' }, true],
    [{ mimeType: 'IMAGE/JPEG', fileName: 'c.JPG' }, true],
    [{ fileName: 'c.jpeg' }, true],
    [{ mimeType: 'image/gif' }, false],
    [{ mimeType: 'image/png', fileName: 'c.gif' }, false],
    [{ mimeType: null, fileName: null }, false],
    [{}, false],
  ])('%j -> %s', (file, ok) => {
    expect(isCoverArtType(file)).toBe(ok);
  });
});

describe('validateCoverArt', () => {
  it.each([
    [{ mimeType: 'image/gif', width: 3000, height: 3000 }, TYPE],
    [{ fileName: 'c.png', width: 1600, height: 1600 }, undefined],
    [{ fileName: 'c.png', width: 3000, height: 3000 }, undefined],
    [{ fileName: 'c.png', width: 1000, height: 1000 }, HEIGHT],
    [{ fileName: 'c.png', width: 2000, height: 1000 }, HEIGHT],
    [{ fileName: 'c.png', width: 1000, height: 2000 }, WIDTH],
    [{ fileName: 'c.png', width: 1700, height: 1800 }, SQUARE],
  ])('%j', (image, expected) => {
    expect(validateCoverArt(image)).toEqual(expected);
  });
});
