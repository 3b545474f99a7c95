import {
  ArtistCreditStruct,
  commitArtistInput,
  isComposerOrLyricist,
  splitArtistNames,
  validateArtistCredit,
  validateArtistInput,
  validateArtistName,
  validateRemixer,
} from './artist-names';
import { ARTIST_ROLE } from './constants';
import { validateShape } from './validators';

const DUP = { key: 'artist-duplicate', message: 'This name has already been entered in.' };
const IN_PRIMARY = { key: 'artist-in-artists-list', message: 'Artist already exists in artists list.' };
const PARENS = {
  key: 'artist-no-parentheses',
  message: 'Composer or lyricist names must be full legal names of composer or participant and cannot contain parentheses.',
};
const NUM = { key: 'artist-no-number', message: 'Composer or lyricist names must not contain numbers.' };
const MAX = { key: 'maxlength', message: 'Length should be less or equal to 50' };
const REMIXER = { key: 'remixer-not-added', message: 'Remixer must be added for this remix.' };

const featured = { role: ARTIST_ROLE.FEATURED, listed: ['Bob'], primaryArtists: ['DJ Ann'] };
const composer = { role: ARTIST_ROLE.COMPOSER, listed: [] };
const lyricist = { role: ARTIST_ROLE.LYRICIST };

describe('validateArtistName', () => {
  it.each([
    ['x'.repeat(51), featured, MAX],
    [` ${'x'.repeat(50)} `, featured, undefined],
    [' bob ', featured, DUP],
    ['dj ann', featured, IN_PRIMARY],
    ['Ann (DJ)', featured, undefined],
    ['Blink 182', featured, undefined],
    ['John Smith (Jr)', composer, PARENS],
    ['John Smith 2', composer, NUM],
    ['John Smith 2', lyricist, NUM],
    ['John Smith', composer, undefined],
    ['Anyone', { role: ARTIST_ROLE.PRODUCER }, undefined],
    // The account's primary-artists rule holds for performer roles only (issue 19).
    ['dj ann', { role: ARTIST_ROLE.REMIXER, primaryArtists: ['DJ Ann'] }, IN_PRIMARY],
    ['dj ann', { role: ARTIST_ROLE.COMPOSER, primaryArtists: ['DJ Ann'] }, undefined],
    ['dj ann', { role: ARTIST_ROLE.LYRICIST, primaryArtists: ['DJ Ann'] }, undefined],
    ['dj ann', { role: ARTIST_ROLE.PRODUCER, primaryArtists: ['DJ Ann'] }, undefined],
  ])('%j with %j', (name, context, expected) => {
    expect(validateArtistName(name, context)).toEqual(expected);
  });
});

describe('comma-separated input', () => {
  it.each([
    ['Ann, Bob ,, Cy', ['Ann', 'Bob', 'Cy']],
    [' , ', []],
  ])('splitArtistNames(%j)', (input, names) => {
    expect(splitArtistNames(input)).toEqual(names);
  });
  it.each([
    ['Cy, Dee', featured, undefined],
    ['Cy, cy', featured, DUP],
    ['Cy, Bob', featured, DUP],
    ['Jane Doe, J (Doe)', composer, PARENS],
    ['', composer, undefined],
  ])('validateArtistInput(%j)', (input, context, expected) => {
    expect(validateArtistInput(input, context)).toEqual(expected);
  });
  it('works with a context without lists', () => {
    expect(validateArtistInput('A, B', { role: ARTIST_ROLE.FEATURED })).toBeUndefined();
  });
  it.each([
    ['Cy,', { ok: true, names: ['Cy'], input: '' }],
    ['Cy, Dee, ', { ok: true, names: ['Cy', 'Dee'], input: '' }],
    ['', { ok: true, names: [], input: '' }],
    ['Bob,', { ok: false, error: DUP, input: 'Bob' }],
  ])('commitArtistInput(%j)', (input, result) => {
    expect(commitArtistInput(input, featured)).toEqual(result);
  });
});

describe('roles and remixer', () => {
  it.each([
    [ARTIST_ROLE.COMPOSER, true],
    [ARTIST_ROLE.LYRICIST, true],
    [ARTIST_ROLE.PRIMARY, false],
    [ARTIST_ROLE.REMIXER, false],
  ])('isComposerOrLyricist(%i) = %s', (role, expected) => {
    expect(isComposerOrLyricist(role)).toBe(expected);
  });
  it.each([
    [{ title: 'Song (Remix)' }, [], REMIXER],
    [{ title: 'Song', isRemix: true }, [{ artistRelationTypeId: ARTIST_ROLE.FEATURED }], REMIXER],
    [{ title: 'Song RMX' }, [{ artistRelationTypeId: ARTIST_ROLE.REMIXER }], undefined],
    [{ title: 'Song' }, [], undefined],
  ])('validateRemixer(%j, %j)', (track, credits, expected) => {
    expect(validateRemixer(track, credits)).toEqual(expected);
  });
});

describe('artist credit', () => {
  it.each([
    [{ artistName: ' ', artistRelationTypeId: ARTIST_ROLE.FEATURED }, { artistName: { key: 'required', message: 'Artist Name is required' } }],
    [{ artistName: 'Jo (x)', artistRelationTypeId: ARTIST_ROLE.LYRICIST }, { artistName: PARENS }],
    [{ artistName: 'Jo', artistRelationTypeId: ARTIST_ROLE.LYRICIST }, {}],
  ] as const)('validateArtistCredit(%j)', (credit, errors) => {
    expect(validateArtistCredit(credit)).toEqual(errors);
  });
  it('struct checks the role id and the name rules', () => {
    expect(validateShape(ArtistCreditStruct, { artistName: 'Jo 2', artistRelationTypeId: 4 })).toEqual({
      ok: false,
      errors: { artistName: NUM },
    });
    expect(validateShape(ArtistCreditStruct, { artistName: 'Jo', artistRelationTypeId: 7 }).ok).toBe(false);
    expect(validateShape(ArtistCreditStruct, { artistName: 'Jo', artistRelationTypeId: 24 }).ok).toBe(true);
  });
});
