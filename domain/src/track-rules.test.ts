import { isRemix, isRemixTitle, ISRC_DUPLICATE, TITLE_DUPLICATE, trackDuplicateErrors, trackTitleOrDefault } from './track-rules';

describe('remix detection', () => {
  it.each([
    ['Song (Remix)', true],
    ['Song RMX', true],
    ['REMIXED', true],
    ['rMx edit', true],
    ['Remi x', false],
    ['Original Mix', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('isRemixTitle(%j) = %s', (title, expected) => {
    expect(isRemixTitle(title)).toBe(expected);
  });
  it.each([
    [{ isRemix: true, title: 'Plain' }, true],
    [{ isRemix: false, title: 'Plain' }, false],
    [{ isRemix: null, title: 'Club Remix' }, true],
    [{}, false],
  ])('isRemix(%j) = %s', (track, expected) => {
    expect(isRemix(track)).toBe(expected);
  });
});

describe('trackTitleOrDefault', () => {
  it.each([
    [null, 'Track Name'],
    [undefined, 'Track Name'],
    [' ', 'Track Name'],
    ['Intro', 'Intro'],
  ])('%j -> %s', (title, expected) => {
    expect(trackTitleOrDefault(title)).toBe(expected);
  });
});

describe('trackDuplicateErrors', () => {
  it('has exact messages', () => {
    expect(ISRC_DUPLICATE).toEqual({ key: 'isrc-duplicate', message: 'This ISRC is already used in this release' });
    expect(TITLE_DUPLICATE).toEqual({ key: 'title-duplicate', message: 'This title is already used in this release' });
  });
  it.each([
    ['empty release', [], []],
    [
      'later entries get the errors; ISRCs compare in canonical form, titles case-insensitively',
      [
        { isrc: 'US-RC1-76-07839', title: 'Intro' },
        { isrc: 'usrc17607839', title: ' intro ' },
        { isrc: 'USRC17607840', title: 'Outro' },
      ],
      [{}, { isrc: ISRC_DUPLICATE, title: TITLE_DUPLICATE }, {}],
    ],
    [
      'invalid ISRCs and blank titles never count as duplicates',
      [
        { isrc: 'bad', title: '' },
        { isrc: 'bad', title: '  ' },
        { isrc: null, title: null },
        {},
      ],
      [{}, {}, {}, {}],
    ],
    [
      'the third repeat is also marked',
      [{ title: 'A' }, { title: 'a' }, { title: 'A' }],
      [{}, { title: TITLE_DUPLICATE }, { title: TITLE_DUPLICATE }],
    ],
  ])('%s', (_name, tracks, expected) => {
    expect(trackDuplicateErrors(tracks)).toEqual(expected);
  });
});
