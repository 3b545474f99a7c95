/** Countries, US states and Canadian provinces: the fixed lists the address rules check against. */

export interface CountryLike {
  countryCode: string;
  countryName: string;
}

/** Countries listed first in every country select, in this order. */
export const POPULAR_COUNTRY_CODES = ['US', 'GB', 'CA'] as const;

/** Countries whose addresses carry a state or province (USA = US, CANADA = CA). */
export const COUNTRY_WITH_STATES = { USA: 'US', CANADA: 'CA' } as const;

/** Orders countries for a select: US, GB, CA first (those present), then the rest by name. */
export function sortCountriesPopularFirst<C extends CountryLike>(countries: readonly C[]): C[] {
  const rank = (c: C): number => {
    const index = (POPULAR_COUNTRY_CODES as readonly string[]).indexOf(c.countryCode.toUpperCase());
    return index === -1 ? POPULAR_COUNTRY_CODES.length : index;
  };
  return [...countries].sort((a, b) => rank(a) - rank(b) || a.countryName.localeCompare(b.countryName, 'en'));
}

/** Looks a country name up by code (case-insensitive); falls back to the code itself. */
export function countryNameOf(code: string, countries: readonly CountryLike[]): string {
  const upper = code.toUpperCase();
  return countries.find((c) => c.countryCode.toUpperCase() === upper)?.countryName ?? code;
}

export interface StateOption {
  value: string;
  name: string;
}

/** The fixed list of US states (50 states, DC and the inhabited territories) a US address must use. */
export const US_STATES: readonly StateOption[] = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'],
  ['CO', 'Colorado'], ['CT', 'Connecticut'], ['DE', 'Delaware'], ['DC', 'District Of Columbia'],
  ['FL', 'Florida'], ['GA', 'Georgia'], ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'],
  ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'], ['KY', 'Kentucky'], ['LA', 'Louisiana'],
  ['ME', 'Maine'], ['MD', 'Maryland'], ['MA', 'Massachusetts'], ['MI', 'Michigan'], ['MN', 'Minnesota'],
  ['MS', 'Mississippi'], ['MO', 'Missouri'], ['MT', 'Montana'], ['NE', 'Nebraska'], ['NV', 'Nevada'],
  ['NH', 'New Hampshire'], ['NJ', 'New Jersey'], ['NM', 'New Mexico'], ['NY', 'New York'],
  ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['OH', 'Ohio'], ['OK', 'Oklahoma'], ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'], ['SD', 'South Dakota'],
  ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'], ['VA', 'Virginia'],
  ['WA', 'Washington'], ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
  ['AS', 'American Samoa'], ['GU', 'Guam'], ['MP', 'Northern Mariana Islands'], ['PR', 'Puerto Rico'],
  ['VI', 'Virgin Islands'],
].map(([value, name]) => ({ value: value as string, name: name as string }));

/** Canadian provinces and territories. */
export const CA_PROVINCES: readonly StateOption[] = [
  ['AB', 'Alberta'], ['BC', 'British Columbia'], ['MB', 'Manitoba'], ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'], ['NS', 'Nova Scotia'], ['NT', 'Northwest Territories'],
  ['NU', 'Nunavut'], ['ON', 'Ontario'], ['PE', 'Prince Edward Island'], ['QC', 'Quebec'],
  ['SK', 'Saskatchewan'], ['YT', 'Yukon'],
].map(([value, name]) => ({ value: value as string, name: name as string }));

/** True when the value is exactly one of the US state values (the stateNotSelected rule). */
export function isUsState(value: unknown): value is string {
  return typeof value === 'string' && US_STATES.some((s) => s.value === value);
}

/** True for the country code whose addresses need a state (only the US, per the address rules). */
export function requiresState(countryCode: string | null | undefined): boolean {
  return countryCode === COUNTRY_WITH_STATES.USA;
}
