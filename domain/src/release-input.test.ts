import { releaseInputStruct, TrackInputStruct } from './release-input';
import { validateShape } from './validators';

const ReleaseInput = releaseInputStruct('2024-06-15');

describe('releaseInputStruct', () => {
  it('accepts a partial draft', () => {
    expect(validateShape(ReleaseInput, { title: 'Blue' })).toEqual({ ok: true, value: { title: 'Blue' } });
    expect(validateShape(ReleaseInput, {}).ok).toBe(true);
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
  ])('%j -> %s: %s', (input, path, key) => {
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
    [{ isrc: null }, 'required'],
    [{ isrc: '   ' }, 'string-empty'],
  ])('%j -> %j', (input, key) => {
    const result = validateShape(TrackInputStruct, input);
    expect(result.ok ? undefined : result.errors.isrc?.key).toBe(key);
  });
});
