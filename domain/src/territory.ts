/** Release territory (core spec §3, §9): null means worldwide; otherwise an allow or exclude list of country codes. */

export interface Territory {
  /** true: only in these countries; false: everywhere except these countries. */
  allowed: boolean;
  /** Comma-separated country codes, as stored. */
  countryCodes: string;
}

/** Splits stored country codes ('us, ca,,GB') into a clean upper-case list without repeats. */
export function parseCountryCodes(countryCodes: string | null | undefined): string[] {
  const codes = (countryCodes ?? '').split(',').map((c) => c.trim().toUpperCase()).filter((c) => c !== '');
  return [...new Set(codes)];
}

/** Joins country codes for storage ('US,CA'). */
export function formatCountryCodes(codes: readonly string[]): string {
  return parseCountryCodes(codes.join(',')).join(',');
}

/**
 * Territory text: 'Worldwide', 'Only in {countries}' or 'Everywhere except {countries}', the countries
 * named through `nameOf` (the code itself by default) and joined by ', '. An empty list is 'Worldwide'.
 */
export function territoryText(territory: Territory | null | undefined, nameOf: (code: string) => string = (code) => code): string {
  const codes = parseCountryCodes(territory?.countryCodes);
  if (!territory || codes.length === 0) return 'Worldwide';
  const countries = codes.map(nameOf).join(', ');
  return territory.allowed ? `Only in ${countries}` : `Everywhere except ${countries}`;
}

/** Whether a release with this territory may be delivered to a country. */
export function isAvailableIn(territory: Territory | null | undefined, countryCode: string): boolean {
  const codes = parseCountryCodes(territory?.countryCodes);
  if (!territory || codes.length === 0) return true;
  return codes.includes(countryCode.toUpperCase()) === territory.allowed;
}
