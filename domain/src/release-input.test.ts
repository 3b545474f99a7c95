import { releaseInputStruct, TrackInputStruct } from './release-input';
import { validateShape } from './validators';

const ReleaseInput = releaseInputStruct('2024-06-15');

describe('releaseInputStruct', () => {
  it('accepts a partial draft', () => {
    expect(validateShape(ReleaseInput, { title: 'Blue' })).toEqual({ ok: true, value: { title: 'Blue' } });
    expect(validateShape(ReleaseInput, {}).ok).toBe(true);
  });
  it('accepts every field at its limit', () => {
    const atLimit = { title: 'x'.repeat(200), catalogNumber: 'c'.repeat(50), outletUris: Array.from({ length: 500 }, (_, i) => `d${i}`), territory: { allowed: true, countryCodes: ['FR', 'DE'] } };
    expect(validateShape(ReleaseInput, atLimit).ok).toBe(true);
  });
  it('words the length error as the spec does', () => {
    const result = validateShape(ReleaseInput, { title: 'x'.repeat(201) });
    expect(result.ok ? undefined : result.errors.title).toEqual({ key: 'maxlength', message: 'Length should be less or equal to 200' });
  });
  it('accepts a complete valid release', () => {
    const release = {
      title: 'Blue',
      genreId: '2751',
      languageId: 'EN',
      catalogNumber: 'CAT-1',
      upc: '036000291452',
      releaseDate: '2024-06-15',
      originalReleaseDate: '1999-01-01',
      territory: { allowed: false, countryCodes: 'FR' },
      outletUris: ['spotify'],
      coverArtUrl: null,
    };
    expect(validateShape(ReleaseInput, release)).toEqual({ ok: true, value: release });
  });
  it.each([
    [{ upc: '036000291453' }, 'upc', 'bad-upc-format'],
    [{ releaseDate: '2024-06-14' }, 'releaseDate', 'releaseDate'],
    [{ releaseDate: '2024-02-30' }, 'releaseDate', 'invalidDate'],
    [{ originalReleaseDate: 'soon' }, 'originalReleaseDate', 'invalidDate'],
    [{ territory: { allowed: true, countryCodes: '' } }, 'territory', 'missingCountries'],
    [{ territory: { allowed: true, countryCodes: [] } }, 'territory', 'missingCountries'],
    [{ outletUris: [] }, 'outletUris', 'missingDSP'],
    [{ title: 5 }, 'title', 'invalid-type'],
    [{ title: 'x'.repeat(201) }, 'title', 'maxlength'],
    [{ title: 'x'.repeat(900_000) }, 'title', 'maxlength'],
    [{ catalogNumber: 'c'.repeat(51) }, 'catalogNumber', 'maxlength'],
    [{ genreId: 'g'.repeat(65) }, 'genreId', 'maxlength'],
    [{ upc: '0'.repeat(21) }, 'upc', 'maxlength'],
    [{ releaseDate: '2'.repeat(33) }, 'releaseDate', 'maxlength'],
    [{ coverArtUrl: `https://x.test/${'a'.repeat(2000)}` }, 'coverArtUrl', 'maxlength'],
    [{ outletUris: Array.from({ length: 501 }, (_, i) => `dsp${i}`) }, 'outletUris', 'maxitems'],
    [{ outletUris: ['u'.repeat(65)] }, 'outletUris', 'maxlength'],
    [{ territory: { allowed: true, countryCodes: Array.from({ length: 301 }, () => 'FR') } }, 'territory', 'maxitems'],
    [{ territory: { allowed: true, countryCodes: ['F'.repeat(65)] } }, 'territory', 'maxlength'],
    [{ territory: { allowed: true, countryCodes: 'F'.repeat(64 * 300 + 1) } }, 'territory', 'maxlength'],
  ])('case %# -> %s: %s', (input, path, key) => {
    const result = validateShape(ReleaseInput, input);
    expect(result.ok).toBe(false);
    expect(result.ok ? undefined : result.errors[path]?.key).toBe(key);
  });
});

describe('TrackInputStruct', () => {
  it.each([
    [{ title: 'Intro', isrc: 'US-RC1-76-07839', isCover: false, recordingVersionId: 2430 }, undefined],
    [{ title: 'Intro' }, undefined],
    [{ isrc: 'nope' }, 'bad-isrc-format'],
    [{ isrc: null }, undefined],
    [{ isrc: '' }, undefined],
    [{ isrc: '   ' }, 'string-empty'],
  ])('%j -> %j', (input, key) => {
    const result = validateShape(TrackInputStruct, input);
    expect(result.ok ? undefined : result.errors.isrc?.key).toBe(key);
  });
  it.each([
    [{ title: 't'.repeat(200) }, undefined],
    [{ title: 't'.repeat(201) }, 'maxlength'],
    [{ languageId: 'l'.repeat(65) }, 'maxlength'],
  ])('limits lengths: %#', (input, key) => {
    const result = validateShape(TrackInputStruct, input);
    expect(result.ok ? undefined : Object.values(result.errors)[0]?.key).toBe(key);
  });
});
