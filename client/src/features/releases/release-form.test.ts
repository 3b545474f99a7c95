import { releaseInputFrom, sameList, sameText, sameValues, validateReleaseForm, type ReleaseFormValues } from './release-form';

const base: ReleaseFormValues = {
  title: 'Night Drive',
  genreId: '2751',
  languageId: 'EN',
  releaseDate: '',
  originalReleaseDate: '',
  catalogNumber: '',
  upc: '',
  territoryMode: 'worldwide',
  countryCodes: [],
  outletUris: [],
};
const today = '2026-01-15';

test('an empty release date is sent as null (ASAP) and worldwide as a null territory', () => {
  expect(releaseInputFrom(base, false)).toMatchObject({ releaseDate: null, territory: null, outletUris: null });
  expect(releaseInputFrom(base, true)).not.toHaveProperty('outletUris');
  expect(releaseInputFrom({ ...base, territoryMode: 'except', countryCodes: ['US'] }, false).territory).toEqual({ allowed: false, countryCodes: ['US'] });
});

test.each([
  [{ releaseDate: '2026-01-14' }, 'releaseDate', 'Date must be 01/15/2026 or later'],
  [{ upc: '036000291453' }, 'upc', 'UPC must be a valid 12-digit UPC-A or 13-digit EAN-13 code'],
  [{ territoryMode: 'only' as const, countryCodes: [] }, 'countryCodes', 'Select at least one country'],
  [{ title: 'x'.repeat(201) }, 'title', 'Length should be less or equal to 200'],
  [{ catalogNumber: 'c'.repeat(51) }, 'catalogNumber', 'Length should be less or equal to 50'],
])('case %# is refused on %s', (change, field, message) => {
  expect(validateReleaseForm({ ...base, ...change }, today, false)).toEqual({ [field]: message });
});

test('valid values pass: today, a UPC with the right check digit, countries chosen', () => {
  expect(validateReleaseForm({ ...base, releaseDate: today, upc: '036000291452', territoryMode: 'only', countryCodes: ['GB'] }, today, false)).toEqual({});
});

describe('what counts as an unsaved change', () => {
  it('a cleared field equals an empty saved one, and spaces around do not count', () => {
    expect(sameText(undefined, '')).toBe(true);
    expect(sameText(' Night ', 'Night')).toBe(true);
    expect(sameText('Night', 'Day')).toBe(false);
  });
  it('stores in another order are the same choice', () => {
    expect(sameList(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(sameList(['a'], ['a', 'b'])).toBe(false);
    expect(sameList(undefined, [])).toBe(true);
  });
  it('starting values with the same content do not reinitialise the form', () => {
    expect(sameValues({ title: 'x', outletUris: ['a'] }, { title: 'x', outletUris: ['a'] })).toBe(true);
    expect(sameValues({ title: 'x' }, { title: 'y' })).toBe(false);
  });
});
