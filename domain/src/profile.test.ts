import {
  ArtistProfileStruct,
  artistProfilePatch,
  birthdayPlaceholder,
  LOCKED_BIRTHDAY_TEXT,
  shortProfileOutcome,
  ShortProfileStruct,
  validateArtistProfile,
  validateBirthday,
  validateFirstName,
  validateLastName,
  validateProfileArtistName,
  validateShortProfile,
} from './profile';
import { validateShape } from './validators';

const PATTERN = { key: 'pattern', message: "Allowed letters, space and ',-. symbols" };
const MAX50 = { key: 'maxlength', message: 'Length should be less or equal to 50' };

describe('name fields', () => {
  it.each([
    ['', { key: 'required', message: 'First Name is required' }, { key: 'required', message: 'Last Name is required' }],
    [null, { key: 'required', message: 'First Name is required' }, { key: 'required', message: 'Last Name is required' }],
    ['x'.repeat(51), MAX50, MAX50],
    ['x'.repeat(50), undefined, undefined],
    ['Ann2', PATTERN, PATTERN],
    ["D'Arcy-Smith, Jr.", undefined, undefined],
  ])('%j', (value, first, last) => {
    expect(validateFirstName(value)).toEqual(first);
    expect(validateLastName(value)).toEqual(last);
  });
  it.each([
    ['', { key: 'required', message: 'Artist Name is required' }],
    ['x'.repeat(51), MAX50],
    ['The 1975', undefined],
  ])('artist name %j', (value, expected) => {
    expect(validateProfileArtistName(value)).toEqual(expected);
  });
  it.each([
    ['', { key: 'required', message: 'Birth Date is required' }],
    [undefined, { key: 'required', message: 'Birth Date is required' }],
    ['2001-02-30', { key: 'invalidDate', message: 'Invalid Birth Date' }],
    ['13/01/2000', { key: 'invalidDate', message: 'Invalid Birth Date' }],
    ['2000-01-01', undefined],
    ['01/31/2000', undefined],
  ])('birthday %j', (value, expected) => {
    expect(validateBirthday(value)).toEqual(expected);
  });
  it.each([
    [true, 'Birthdate'],
    [false, 'Enter or Select MM/DD/YYYY'],
  ])('placeholder when locked=%s', (locked, text) => {
    expect(birthdayPlaceholder(locked)).toBe(text);
    expect(LOCKED_BIRTHDAY_TEXT).toBe('contact us to change this date');
  });
});

describe('whole forms', () => {
  it('collects errors per field', () => {
    expect(validateShortProfile({})).toEqual({
      firstName: { key: 'required', message: 'First Name is required' },
      lastName: { key: 'required', message: 'Last Name is required' },
      birthday: { key: 'required', message: 'Birth Date is required' },
    });
    expect(validateArtistProfile({ firstName: 'A', lastName: 'B', birthday: '2000-01-01' })).toEqual({
      artistName: { key: 'required', message: 'Artist Name is required' },
    });
    expect(validateArtistProfile({ artistName: 'X', firstName: 'A', lastName: 'B', birthday: '2000-01-01' })).toEqual({});
  });
  it('exposes structs built on the same rules', () => {
    expect(validateShape(ShortProfileStruct, { firstName: 'A', lastName: 'B', birthday: 'bad' })).toEqual({
      ok: false,
      errors: { birthday: { key: 'invalidDate', message: 'Invalid Birth Date' } },
    });
    expect(validateShape(ArtistProfileStruct, { artistName: 'X', firstName: 'A', lastName: 'B', birthday: '2000-01-01' }).ok).toBe(true);
  });
});

const saved = { primaryArtists: ['DJ Ann', 'Ann & Co'], firstName: 'Ann', lastName: 'Lee', birthday: '2000-01-01' };
const same = { artistName: 'DJ Ann', firstName: 'Ann', lastName: 'Lee', birthday: '2000-01-01' };

describe('artistProfilePatch', () => {
  it.each([
    ['invalid form', { ...same, firstName: '' }, null],
    ['nothing changed', same, null],
    ['an artist name already listed is not re-sent', { ...same, artistName: 'Ann & Co' }, null],
    ['a new artist name replaces the shown one', { ...same, artistName: 'Annie' }, { primaryArtists: ['Annie', 'Ann & Co'] }],
    ['changed names are trimmed', { ...same, firstName: ' Anna ', lastName: 'Li' }, { firstName: 'Anna', lastName: 'Li' }],
    ['the birthday is sent as yyyy-MM-dd', { ...same, birthday: '02/03/2001' }, { birthday: '2001-02-03' }],
  ])('%s', (_name, values, patch) => {
    expect(artistProfilePatch(saved, values)).toEqual(patch);
  });
  it('fills an empty profile', () => {
    expect(artistProfilePatch({ primaryArtists: [] }, same)).toEqual({
      primaryArtists: ['DJ Ann'],
      firstName: 'Ann',
      lastName: 'Lee',
      birthday: '2000-01-01',
    });
  });
});

describe('shortProfileOutcome', () => {
  it.each([
    ['unchanged', { firstName: 'Ann', lastName: 'Lee', birthday: '2000-01-01' }, { action: 'none' }],
    ['changed but invalid keeps a draft', { firstName: 'Ann', lastName: '', birthday: '2000-01-01' }, { action: 'draft' }],
    ['changed birthday only', { firstName: 'Ann', lastName: 'Lee', birthday: '2000-1-1' }, { action: 'none' }],
    ['changed and valid saves', { firstName: 'Ann', lastName: 'Lee', birthday: '1999-12-31' }, { action: 'save', patch: { birthday: '1999-12-31' } }],
    ['first name change', { firstName: 'Anna', lastName: 'Lee', birthday: '2000-01-01' }, { action: 'save', patch: { firstName: 'Anna' } }],
    ['last name change', { firstName: 'Ann', lastName: 'Li', birthday: '2000-01-01' }, { action: 'save', patch: { lastName: 'Li' } }],
  ])('%s', (_name, values, outcome) => {
    expect(shortProfileOutcome(saved, values)).toEqual(outcome);
  });
  it('treats missing values as empty', () => {
    expect(shortProfileOutcome({ primaryArtists: [] }, {})).toEqual({ action: 'none' });
  });
});
