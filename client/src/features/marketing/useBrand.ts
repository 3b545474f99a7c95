/** The brand the public pages speak of: its name, the company behind it and its support address. */
export interface Brand {
  brandName: string;
  companyName: string;
  supportEmail: string;
}

export const DEFAULT_BRAND: Brand = {
  brandName: 'Cadence',
  companyName: 'Cadence Music Ltd.',
  supportEmail: 'support@cadence.test',
};

type BrandConfig = Partial<Record<keyof Brand, unknown>>;

function pick(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value : fallback;
}

/**
 * Reads the brand the server wrote into `window.__CADENCE__`, falling back to the default brand
 * (also on the server, where there is no window). Deliberately tiny so the shell can swap it for a
 * context-backed hook without touching the pages that call it.
 */
export function useBrand(): Brand {
  const config =
    typeof window !== 'undefined'
      ? (window as unknown as { __CADENCE__?: BrandConfig }).__CADENCE__
      : undefined;
  if (!config || typeof config !== 'object') return DEFAULT_BRAND;
  return {
    brandName: pick(config.brandName, DEFAULT_BRAND.brandName),
    companyName: pick(config.companyName, DEFAULT_BRAND.companyName),
    supportEmail: pick(config.supportEmail, DEFAULT_BRAND.supportEmail),
  };
}
