/** The environment settings the browser app loads at start-up (supporting §3, §9). */
import type { Config } from '../../config.ts';

export interface ClientConfig {
  envName: string;
  production: boolean;
  api: { apiRadarUrl: string };
  hyperWalletUrl: string;
  hideDSPSelection: boolean;
  firebase: { enabled: boolean };
  blackDomainList: string[];
  sentry: { dsn: string };
  beatportGenreMapping: string[];
  sunsetDate: string;
  disableWithdrawals: boolean;
  brandName: string;
  supportEmail: string;
  /** Sign-up shows a captcha and sends its answer. */
  signupCaptcha: boolean;
}

/** Builds the client configuration for a brand from the server configuration. */
export function getClientConfig(config: Config, brandId: 'default' | 'fr' = 'default'): ClientConfig {
  return {
    envName: config.env.envName,
    production: config.env.production,
    api: { apiRadarUrl: config.env.apiRadarUrl },
    hyperWalletUrl: config.env.hyperWalletUrl,
    hideDSPSelection: config.env.hideDSPSelection,
    firebase: { enabled: false },
    blackDomainList: config.env.blackDomainList,
    sentry: { dsn: config.env.sentryDsn },
    beatportGenreMapping: config.env.beatportGenreMapping,
    sunsetDate: config.env.sunsetDate,
    disableWithdrawals: config.env.disableWithdrawals,
    brandName: brandId === 'fr' ? config.brand.nameFr : config.brand.name,
    supportEmail: config.brand.supportEmail,
    signupCaptcha: config.signupCaptcha,
  };
}
