/**
 * What the API server writes into the HTML it sends, as
 * `<script>window.__CADENCE__ = {...}</script>` in the head (api/src/http/client.ts),
 * so that the first paint already shows the right brand (x-country FR gets the French brand).
 */
export interface BootConfig {
  /** Display name of the brand; fills `{appName}` in page titles and descriptions. */
  brandName: string;
  /** Brand variant id, e.g. 'default' or 'fr'. */
  brandId: string;
  /** Address of the Support mailto links. */
  supportEmail: string;
  /** Legal name of the company behind the brand (copyright lines, legal pages). */
  companyName: string;
  /** The brand's logo (/logo.svg, or /logo-fr.svg for the French brand). */
  logo: string;
  /** The support provider's help centre, opened by the signed-in menu; null when not configured. */
  helpCenterUrl: string | null;
  /** True when the values came from the server rather than from the defaults below. */
  injected: boolean;
}

declare global {
  interface Window {
    /** `session`: whether the page's request carried the (HttpOnly) session cookie; absent when the server cannot tell. */
    __CADENCE__?: Partial<Omit<BootConfig, 'injected'>> & { session?: boolean };
  }
}

export const DEFAULT_BOOT_CONFIG: Readonly<BootConfig> = Object.freeze({
  brandName: 'Cadence',
  brandId: 'default',
  supportEmail: 'support@cadence.test',
  companyName: 'Cadence Music Ltd.',
  logo: '/logo.svg',
  helpCenterUrl: null,
  injected: false,
});

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

let serverBootConfig: Window['__CADENCE__'];

/**
 * Server rendering has no window: the page is rendered (synchronously) with the values the
 * server is about to inject, so the HTML and the hydrating browser agree.
 */
export function withServerBootConfig<T>(config: NonNullable<Window['__CADENCE__']>, render: () => T): T {
  serverBootConfig = config;
  try {
    return render();
  } finally {
    serverBootConfig = undefined;
  }
}

/** Reads the server-injected boot values, falling back field by field to the defaults. */
export function getBootConfig(): BootConfig {
  const raw: unknown = typeof window === 'undefined' ? serverBootConfig : window.__CADENCE__;
  if (raw === null || typeof raw !== 'object') return { ...DEFAULT_BOOT_CONFIG };
  const injected = raw as Record<string, unknown>;
  return {
    brandName: nonEmptyString(injected.brandName) ?? DEFAULT_BOOT_CONFIG.brandName,
    brandId: nonEmptyString(injected.brandId) ?? DEFAULT_BOOT_CONFIG.brandId,
    supportEmail: nonEmptyString(injected.supportEmail) ?? DEFAULT_BOOT_CONFIG.supportEmail,
    companyName: nonEmptyString(injected.companyName) ?? DEFAULT_BOOT_CONFIG.companyName,
    logo: nonEmptyString(injected.logo) ?? DEFAULT_BOOT_CONFIG.logo,
    helpCenterUrl: nonEmptyString(injected.helpCenterUrl) ?? DEFAULT_BOOT_CONFIG.helpCenterUrl,
    injected: true,
  };
}
