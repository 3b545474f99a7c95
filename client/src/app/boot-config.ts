/**
 * What the API server writes into the HTML it sends, as
 * `<script>window.__CADENCE__ = {...}</script>` in place of `<!--cadence-boot-->`,
 * so that the first paint already shows the right brand (x-country FR gets the French brand).
 */
export interface BootConfig {
  /** Display name of the brand; fills `{appName}` in page titles and descriptions. */
  brandName: string;
  /** Brand variant id, e.g. 'default' or 'fr'. */
  brandId: string;
  /** Address of the Support mailto links. */
  supportEmail: string;
  /** True when the values came from the server rather than from the defaults below. */
  injected: boolean;
}

declare global {
  interface Window {
    __CADENCE__?: Partial<Omit<BootConfig, 'injected'>>;
  }
}

export const DEFAULT_BOOT_CONFIG: Readonly<BootConfig> = Object.freeze({
  brandName: 'Cadence',
  brandId: 'default',
  supportEmail: 'support@cadence.test',
  injected: false,
});

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Reads the server-injected boot values, falling back field by field to the defaults. */
export function getBootConfig(): BootConfig {
  const raw: unknown = typeof window === 'undefined' ? undefined : window.__CADENCE__;
  if (raw === null || typeof raw !== 'object') return { ...DEFAULT_BOOT_CONFIG };
  const injected = raw as Record<string, unknown>;
  return {
    brandName: nonEmptyString(injected.brandName) ?? DEFAULT_BOOT_CONFIG.brandName,
    brandId: nonEmptyString(injected.brandId) ?? DEFAULT_BOOT_CONFIG.brandId,
    supportEmail: nonEmptyString(injected.supportEmail) ?? DEFAULT_BOOT_CONFIG.supportEmail,
    injected: true,
  };
}
