import { CA_PROVINCES, countryNameOf, isUsState, requiresState, sortCountriesPopularFirst, US_STATES } from './countries';

const c = (countryCode: string, countryName: string) => ({ countryCode, countryName });

describe('sortCountriesPopularFirst', () => {
  it('puts US, GB, CA first in that order, then sorts the rest by name', () => {
    const input = [c('FR', 'France'), c('CA', 'Canada'), c('AL', 'Albania'), c('GB', 'United Kingdom'), c('US', 'United States'), c('DE', 'Germany')];
    expect(sortCountriesPopularFirst(input).map((x) => x.countryCode)).toEqual(['US', 'GB', 'CA', 'AL', 'FR', 'DE']);
  });
  it('keeps the popular order when only some are present and does not mutate the input', () => {
    const input = [c('ZW', 'Zimbabwe'), c('ca', 'Canada'), c('AT', 'Austria')];
    expect(sortCountriesPopularFirst(input).map((x) => x.countryCode)).toEqual(['ca', 'AT', 'ZW']);
    expect(input[0]?.countryCode).toBe('ZW');
  });
});

describe('countryNameOf', () => {
  const list = [c('US', 'United States'), c('FR', 'France')];
  it.each([
    ['fr', 'France'],
    ['US', 'United States'],
    ['XX', 'XX'],
  ])('%s -> %s', (code, name) => {
    expect(countryNameOf(code, list)).toBe(name);
  });
});

describe('states', () => {
  it.each([
    ['CA', true],
    ['NY', true],
    ['DC', true],
    ['ny', false],
    ['ON', false],
    ['', false],
    [null, false],
    [5, false],
  ])('isUsState(%j) = %s', (value, expected) => {
    expect(isUsState(value)).toBe(expected);
  });
  it('lists 56 US entries and 13 Canadian ones', () => {
    expect(US_STATES).toHaveLength(56);
    expect(CA_PROVINCES).toHaveLength(13);
    expect(US_STATES[0]).toEqual({ value: 'AL', name: 'Alabama' });
  });
  it.each([
    ['US', true],
    ['CA', false],
    [null, false],
    [undefined, false],
  ])('requiresState(%j) = %s', (code, expected) => {
    expect(requiresState(code)).toBe(expected);
  });
});
