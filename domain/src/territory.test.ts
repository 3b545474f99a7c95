import { formatCountryCodes, isAvailableIn, parseCountryCodes, territoryText } from './territory';

describe('country codes', () => {
  it.each([
    [null, []],
    [undefined, []],
    ['', []],
    ['us, ca,,GB, US', ['US', 'CA', 'GB']],
  ])('parseCountryCodes(%j)', (text, codes) => {
    expect(parseCountryCodes(text)).toEqual(codes);
  });
  it('formats for storage', () => {
    expect(formatCountryCodes([' us', 'CA', 'us'])).toBe('US,CA');
  });
});

describe('territoryText', () => {
  const names: Record<string, string> = { US: 'United States', CA: 'Canada' };
  const nameOf = (code: string) => names[code] ?? code;
  it.each([
    [null, 'Worldwide'],
    [undefined, 'Worldwide'],
    [{ allowed: true, countryCodes: '' }, 'Worldwide'],
    [{ allowed: false, countryCodes: ' , ' }, 'Worldwide'],
    [{ allowed: true, countryCodes: 'US,CA' }, 'Only in United States, Canada'],
    [{ allowed: false, countryCodes: 'us,FR' }, 'Everywhere except United States, FR'],
  ])('%j -> %s', (territory, text) => {
    expect(territoryText(territory, nameOf)).toBe(text);
  });
  it('uses codes when no names are given', () => {
    expect(territoryText({ allowed: true, countryCodes: 'US,CA' })).toBe('Only in US, CA');
  });
});

describe('isAvailableIn', () => {
  it.each([
    [null, 'US', true],
    [{ allowed: true, countryCodes: '' }, 'US', true],
    [{ allowed: true, countryCodes: 'US,CA' }, 'us', true],
    [{ allowed: true, countryCodes: 'US,CA' }, 'FR', false],
    [{ allowed: false, countryCodes: 'US' }, 'US', false],
    [{ allowed: false, countryCodes: 'US' }, 'FR', true],
  ])('%j in %s = %s', (territory, code, expected) => {
    expect(isAvailableIn(territory, code)).toBe(expected);
  });
});
