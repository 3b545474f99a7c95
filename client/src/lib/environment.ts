import { SUNSET_DATE_DEFAULT } from '@cadence/domain/constants';
import { useSyncExternalStore } from 'react';
import { getClientConfigs, rest, type RestClient } from './rest';

/** Deployment settings the browser needs (supporting §3), replaced at start-up by GET /api/client-configs. */
export interface EnvironmentConfig {
  envName: string;
  production: boolean;
  hideDSPSelection: boolean;
  blackDomainList: string[];
  sunsetDate: string;
  disableWithdrawals: boolean;
  beatportGenreMapping: unknown;
  hyperWalletUrl: string | null;
  /** Sign-up shows the self-hosted captcha (server SIGNUP_CAPTCHA). */
  signupCaptcha: boolean;
  /** Error reports go to Sentry when a DSN is set (server SENTRY_DSN), else to /api/logstash/log. */
  sentry: { dsn: string };
}

export const DEFAULT_ENVIRONMENT: Readonly<EnvironmentConfig> = Object.freeze({
  envName: 'local',
  production: false,
  hideDSPSelection: false,
  blackDomainList: [],
  sunsetDate: SUNSET_DATE_DEFAULT,
  disableWithdrawals: false,
  beatportGenreMapping: [],
  hyperWalletUrl: null,
  signupCaptcha: false,
  sentry: { dsn: '' },
});

let current: EnvironmentConfig = { ...DEFAULT_ENVIRONMENT };
const listeners = new Set<() => void>();

function sameKind(value: unknown, fallback: unknown): boolean {
  if (fallback === null) return value === null || typeof value === 'string';
  if (Array.isArray(fallback)) return Array.isArray(value);
  return typeof value === typeof fallback;
}

/** Replaces the environment with the server's values, keeping defaults for missing or mistyped keys. */
export function applyClientConfigs(raw: unknown): EnvironmentConfig {
  const source = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const next: Record<string, unknown> = { ...DEFAULT_ENVIRONMENT };
  for (const key of Object.keys(DEFAULT_ENVIRONMENT)) {
    const value = source[key];
    if (key === 'beatportGenreMapping' ? value !== undefined : sameKind(value, next[key])) next[key] = value;
  }
  current = next as unknown as EnvironmentConfig;
  listeners.forEach((listener) => listener());
  return current;
}

export function getEnvironment(): EnvironmentConfig {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current environment; re-renders when the start-up load replaces it. */
export function useEnvironment(): EnvironmentConfig {
  return useSyncExternalStore(subscribe, getEnvironment, getEnvironment);
}

/**
 * Core §8: loads the client configuration; a failure is logged as GLOBAL_ERROR and the app
 * continues on the defaults. The app does not wait for it before its first render.
 */
export async function loadClientConfigs(client: Pick<RestClient, 'get'> = rest): Promise<void> {
  try {
    applyClientConfigs(await getClientConfigs(client));
  } catch (error) {
    console.error({ type: 'GLOBAL_ERROR', message: 'Could not load /api/client-configs', error });
  }
}

let startup: Promise<void> | undefined;

/** Starts the one start-up load; later calls return the same promise. */
export function loadClientConfigsOnce(client?: Pick<RestClient, 'get'>): Promise<void> {
  startup ??= loadClientConfigs(client);
  return startup;
}
