/**
 * The one place that reads process.env. Every setting is validated at boot; a bad value stops
 * start-up with one line naming the variable, the value and what is expected.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SUNSET_DATE_DEFAULT } from '@cadence/domain/constants';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The blocked disposable-mail domain patterns (supporting §9: 11 patterns plus one test entry). */
const DEFAULT_BLACK_DOMAINS = [
  'mailinator.com',
  'guerrillamail.*',
  'sharklasers.com',
  '10minutemail.*',
  'tempmail.*',
  'temp-mail.org',
  'yopmail.*',
  'trashmail.*',
  'getnada.com',
  'dispostable.com',
  'maildrop.cc',
  'blocked-domain.test',
];

export type StorageConfig =
  | { driver: 'local'; dir: string }
  | { driver: 's3'; bucket: string; region: string; endpoint?: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean };

export interface Config {
  port: number;
  host: string;
  /** Where people reach the app (links in mail); defaults to http://HOST:PORT. */
  publicUrl: string;
  databaseUrl?: string;
  dataDir: string;
  pgliteDir: string;
  /** The embedded database's buffer pool (PGLITE_SHARED_BUFFERS, default 32MB). */
  pgliteSharedBuffers: string;
  storage: StorageConfig;
  seedDemo: boolean;
  logLevel: 'error' | 'warn' | 'info' | 'debug';
  clientDistDir: string;
  brand: { name: string; nameFr: string; companyName: string; supportEmail: string; helpCenterUrl: string };
  env: {
    envName: string;
    production: boolean;
    apiRadarUrl: string;
    hyperWalletUrl: string;
    hideDSPSelection: boolean;
    blackDomainList: string[];
    sentryDsn: string;
    beatportGenreMapping: string[];
    sunsetDate: string;
    disableWithdrawals: boolean;
    withdrawalMinimum: number;
  };
  mail: { from: string; smtp?: SmtpConfig };
  /** Request and answer sizes; `responseBytes` caps every JSON answer (GraphQL and REST). */
  limits: { jsonBodyBytes: number; audioUploadBytes: number; imageUploadBytes: number; maxUploadFiles: number; responseBytes: number };
  /** Code assignment: ISRC registrant (country + registrant code, 'QZCAD') and the UPC company prefix (digits). */
  codes: { isrcRegistrant: string; upcPrefix: string };
  shutdownGraceMs: number;
  /** Bearer token that /metrics asks for (METRICS_TOKEN); empty: /metrics answers 403 to everyone. */
  metricsToken: string;
  /**
   * Proof-of-work cost of a captcha challenge (CAPTCHA_COST, PBKDF2 rounds per attempt; default 5000,
   * about a second in a browser). Tests may lower it, never below 1; production refuses under 1000.
   */
  captchaCost: number;
  /** Sign-up asks for a solved 'signup' captcha (SIGNUP_CAPTCHA; on by default in production). */
  signupCaptcha: boolean;
  /**
   * Delivery to stores: our DDEX party (sender of every ERN message), the folder of the default
   * local-folder store endpoint, and whether the local store simulator acknowledges what lands there.
   */
  ddex: { senderDpid: string; senderName: string; localStoreDir: string; storeSimulator: boolean };
  /** Withdrawals and the payout provider (integrations/payouts/README.md). */
  payouts: PayoutsConfig;
  /** PayPal account verification (integrations/paypal/README.md). */
  paypal: PayPalConfig;
  /** Card and PayPal payments for plans (integrations/payments/README.md). */
  payments: PaymentsConfig;
  /** The partner API (issue 18): API token request limits and webhook delivery. */
  partner: PartnerConfig;
}

export interface PaymentsConfig {
  driver: 'sandbox' | 'braintree';
  /** Signs the local sandbox's nonces and vault tokens, so forged ones are refused. */
  sandboxSecret: string;
  /** Renewal retries after a failed charge, in days after the subscription went past due. */
  retryDays: readonly number[];
  /** Days past due before the plan is downgraded to FREE. */
  graceDays: number;
  /** A payment still PENDING this many minutes after it was created is expired by the sweep (PAYMENT_PENDING_EXPIRY_MINUTES). */
  pendingExpiryMinutes: number;
  braintree: { environment: 'Sandbox' | 'Production'; merchantId: string; publicKey: string; privateKey: string; merchantAccountId: string };
}

export interface PartnerConfig {
  /** Requests per minute one API token may make (TOKEN_REQUESTS_PER_MINUTE). */
  tokenRequestsPerMinute: number;
  /** Requests per minute all of an account's tokens together may make (ACCOUNT_REQUESTS_PER_MINUTE). */
  accountRequestsPerMinute: number;
  /** Webhook URLs may point at loopback/private addresses (WEBHOOK_ALLOW_PRIVATE_URLS; off in production). */
  webhookAllowPrivateUrls: boolean;
  /** An endpoint whose deliveries keep failing this long is disabled (WEBHOOK_DISABLE_AFTER_HOURS). */
  webhookDisableAfterHours: number;
  /**
   * The trusted documents manifest answered by hash (GRAPHQL_TRUSTED_DOCUMENTS; default: the one
   * codegen writes for the client build, client/src/gql/persisted-documents.json).
   */
  trustedDocumentsFile: string;
}

export interface PayoutsConfig {
  driver: 'sandbox' | 'hyperwallet';
  /** The provider's name in messages ('Verify your tax information at HyperWallet'). */
  providerName: string;
  /** Where the provider's tax form is (the link next to the tax message). */
  taxFormUrl: string;
  /** Shared secret of the sandbox's webhook signature (HMAC-SHA256); HyperWallet signs none. */
  webhookSecret: string;
  /** Webhooks older (or newer) than this are refused as replays. */
  webhookToleranceSeconds: number;
  /** Withdrawals above this many minor units wait for support approval. */
  approvalAboveMinor: bigint;
  /** Withdrawals must take the whole available balance. */
  fullBalanceOnly: boolean;
  /** How often pending payouts are polled. */
  pollMs: number;
  /**
   * A withdrawal request runs its payout job at once (outside its transaction) when no worker has
   * taken it, so the provider's refusal (codes 33, 34, 35...) comes back as the request's 400.
   */
  payInRequest: boolean;
  sandbox: { dir: string; stepMs: number; webhookUrl: string };
  hyperwallet: { baseUrl: string; username: string; password: string; programToken: string };
}

export interface PayPalConfig {
  driver: 'sandbox' | 'paypal';
  /** Where 'Link My PayPal Account' and 'Use Another Paypal Account' lead. */
  linkUrl: string;
  /** PayPal Adaptive Accounts GetVerifiedStatus credentials (driver paypal). */
  baseUrl: string;
  userId: string;
  password: string;
  signature: string;
  appId: string;
}

/** An SMTP relay: smtp:// upgrades with STARTTLS when offered, smtps:// is TLS from the start. */
export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  pass?: string;
  /** Refuse to send without TLS (default true for remote hosts). */
  requireTls: boolean;
}

type Env = Record<string, string | undefined>;

function str(env: Env, name: string, fallback: string): string {
  const v = env[name];
  return v === undefined || v === '' ? fallback : v;
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got '${raw}')`);
  }
  return Number(raw);
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new ConfigError(`${name} must be true or false (got '${raw}')`);
}

function list(env: Env, name: string, fallback: string[]): string[] {
  const raw = env[name];
  if (raw === undefined) return fallback;
  return raw.split(',').map((s) => s.trim()).filter(Boolean);
}

function isoDate(env: Env, name: string, fallback: string): string {
  const v = str(env, name, fallback);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`))) {
    throw new ConfigError(`${name} must be a date as YYYY-MM-DD (got '${v}')`);
  }
  return v;
}

function memorySize(env: Env, name: string, fallback: string): string {
  const v = str(env, name, fallback);
  const m = /^(\d+)(kB|MB|GB)$/.exec(v);
  if (!m || Number(m[1]) === 0) throw new ConfigError(`${name} must be a size such as 32MB, 512kB or 1GB (got '${v}')`);
  return v;
}

function databaseUrl(env: Env): string | undefined {
  const raw = env.DATABASE_URL;
  if (raw === undefined || raw.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`DATABASE_URL is not a valid URL (expected postgres://user:password@host:5432/database); unset it to use the embedded database`);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(`DATABASE_URL must start with postgres:// or postgresql:// (got '${url.protocol}//...'); unset it to use the embedded database`);
  }
  return raw;
}

function isrcRegistrant(env: Env): string {
  const v = str(env, 'ISRC_REGISTRANT', 'QZ-CAD').replace('-', '').toUpperCase();
  if (!/^[A-Z]{2}[A-Z0-9]{3}$/.test(v)) throw new ConfigError(`ISRC_REGISTRANT must be a country code and a registrant code, like QZ-ABC (got '${env.ISRC_REGISTRANT}')`);
  return v;
}

function upcPrefix(env: Env): string {
  const v = str(env, 'UPC_PREFIX', '0860000');
  if (!/^\d{6,10}$/.test(v)) throw new ConfigError(`UPC_PREFIX must be a GS1 company prefix of 6 to 10 digits (got '${v}')`);
  return v;
}

function smtp(env: Env): SmtpConfig | undefined {
  const raw = env.SMTP_URL;
  if (raw === undefined || raw.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('SMTP_URL must look like smtp://user:password@mail.example.com:587 or smtps://...:465');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new ConfigError(`SMTP_URL must start with smtp:// or smtps:// (got '${url.protocol}//...')`);
  }
  const secure = url.protocol === 'smtps:';
  const local = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    user: url.username ? decodeURIComponent(url.username) : undefined,
    pass: url.password ? decodeURIComponent(url.password) : undefined,
    requireTls: bool(env, 'SMTP_REQUIRE_TLS', !local),
  };
}

function captchaCost(env: Env): number {
  const raw = env.CAPTCHA_COST;
  if (raw === undefined || raw.trim() === '') return DEFAULT_CAPTCHA_COST;
  if (!/^\d{1,7}$/.test(raw.trim()) || Number(raw) < 1) throw new ConfigError(`CAPTCHA_COST must be a whole number of at least 1 (got '${raw}')`);
  const cost = Number(raw);
  if (bool(env, 'PRODUCTION', false) && cost < MIN_PRODUCTION_CAPTCHA_COST) {
    throw new ConfigError(`CAPTCHA_COST must be at least ${MIN_PRODUCTION_CAPTCHA_COST} when PRODUCTION=true (got '${raw}')`);
  }
  return cost;
}

/** PBKDF2 rounds per proof-of-work attempt: chosen by measuring (docs/decisions.md, Hardening (hard-auth)). */
export const DEFAULT_CAPTCHA_COST = 5000;
const MIN_PRODUCTION_CAPTCHA_COST = 1000;

/** A DDEX Party Id: 'PADPIDA' and letters or digits (the schema's pattern). */
function dpid(env: Env, name: string, fallback: string): string {
  const value = str(env, name, fallback);
  if (!/^PADPIDA[a-zA-Z0-9]+$/.test(value)) throw new ConfigError(`${name} must be a DDEX Party Id such as PADPIDA2026112501C (got '${value}')`);
  return value;
}

function publicUrl(env: Env, host: string, port: number): string {
  const raw = env.PUBLIC_URL;
  if (raw === undefined || raw.trim() === '') return `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
    return url.origin + url.pathname.replace(/\/$/, '');
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an http(s) address such as https://cadence.example.com (got '${raw}')`);
  }
}

/** Reads and validates the whole configuration from an environment (process.env by default). */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const dataDir = path.resolve(cwd, str(env, 'DATA_DIR', 'data'));
  const driver = str(env, 'STORAGE_DRIVER', 'local');
  let storage: StorageConfig;
  if (driver === 'local') {
    storage = { driver: 'local', dir: path.resolve(cwd, str(env, 'STORAGE_DIR', path.join(dataDir, 'files'))) };
  } else if (driver === 's3') {
    const need = (n: string) => {
      const v = env[n];
      if (!v) throw new ConfigError(`${n} is required when STORAGE_DRIVER=s3`);
      return v;
    };
    storage = {
      driver: 's3',
      bucket: need('S3_BUCKET'),
      region: str(env, 'S3_REGION', 'us-east-1'),
      endpoint: env.S3_ENDPOINT || undefined,
      accessKeyId: need('S3_ACCESS_KEY_ID'),
      secretAccessKey: need('S3_SECRET_ACCESS_KEY'),
      forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', true),
    };
  } else {
    throw new ConfigError(`STORAGE_DRIVER must be 'local' or 's3' (got '${driver}')`);
  }
  const logLevel = str(env, 'LOG_LEVEL', 'info');
  if (!['error', 'warn', 'info', 'debug'].includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of error, warn, info, debug (got '${logLevel}')`);
  }
  const dbUrl = databaseUrl(env);
  const port = int(env, 'PORT', 4000, 0, 65535);
  const host = str(env, 'HOST', '127.0.0.1');
  return {
    port,
    host,
    publicUrl: publicUrl(env, host, port),
    databaseUrl: dbUrl,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    pgliteSharedBuffers: memorySize(env, 'PGLITE_SHARED_BUFFERS', '32MB'),
    storage,
    seedDemo: bool(env, 'SEED_DEMO', dbUrl === undefined),
    logLevel: logLevel as Config['logLevel'],
    clientDistDir: path.resolve(cwd, str(env, 'CLIENT_DIST_DIR', 'client/dist')),
    brand: {
      name: str(env, 'BRAND_NAME', 'Cadence'),
      nameFr: str(env, 'BRAND_NAME_FR', 'Cadence France'),
      companyName: str(env, 'COMPANY_NAME', 'Cadence Music Ltd.'),
      supportEmail: str(env, 'SUPPORT_EMAIL', 'support@cadence.test'),
      helpCenterUrl: str(env, 'HELP_CENTER_URL', 'https://github.com/cadence-music/cadence/discussions'),
    },
    env: {
      envName: str(env, 'ENV_NAME', 'dev'),
      production: bool(env, 'PRODUCTION', false),
      apiRadarUrl: str(env, 'API_RADAR_URL', ''),
      hyperWalletUrl: str(env, 'HYPERWALLET_URL', 'https://sandbox.hyperwallet.test'),
      hideDSPSelection: bool(env, 'HIDE_DSP_SELECTION', false),
      blackDomainList: list(env, 'BLACK_DOMAIN_LIST', DEFAULT_BLACK_DOMAINS),
      sentryDsn: str(env, 'SENTRY_DSN', ''),
      beatportGenreMapping: list(env, 'BEATPORT_GENRE_MAPPING', ['2714', '2719']),
      sunsetDate: isoDate(env, 'SUNSET_DATE', SUNSET_DATE_DEFAULT),
      disableWithdrawals: bool(env, 'DISABLE_WITHDRAWALS', false),
      withdrawalMinimum: int(env, 'WITHDRAWAL_MINIMUM', 1, 0, 1_000_000),
    },
    mail: { from: str(env, 'MAIL_FROM', `"${str(env, 'BRAND_NAME', 'Cadence')}" <no-reply@cadence.test>`), smtp: smtp(env) },
    limits: {
      jsonBodyBytes: int(env, 'MAX_JSON_BODY_BYTES', 1_000_000, 1_000, 100_000_000),
      audioUploadBytes: int(env, 'MAX_AUDIO_UPLOAD_BYTES', 2_000_000_000, 1_000, 10_000_000_000),
      imageUploadBytes: int(env, 'MAX_IMAGE_UPLOAD_BYTES', 30_000_000, 1_000, 1_000_000_000),
      maxUploadFiles: int(env, 'MAX_UPLOAD_FILES', 10, 1, 100),
      responseBytes: int(env, 'MAX_RESPONSE_BYTES', 10_000_000, 1_000, 1_000_000_000),
    },
    codes: { isrcRegistrant: isrcRegistrant(env), upcPrefix: upcPrefix(env) },
    shutdownGraceMs: int(env, 'SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
    metricsToken: str(env, 'METRICS_TOKEN', ''),
    captchaCost: captchaCost(env),
    signupCaptcha: bool(env, 'SIGNUP_CAPTCHA', bool(env, 'PRODUCTION', false)),
    ddex: {
      senderDpid: dpid(env, 'DDEX_SENDER_DPID', 'PADPIDA2026112501C'),
      senderName: str(env, 'DDEX_SENDER_NAME', str(env, 'COMPANY_NAME', 'Cadence Music Ltd.')),
      localStoreDir: path.resolve(cwd, str(env, 'LOCAL_STORE_DIR', path.join(dataDir, 'deliveries'))),
      storeSimulator: bool(env, 'STORE_SIMULATOR', !bool(env, 'PRODUCTION', false)),
    },
    payouts: payouts(env, dataDir, publicUrl(env, host, port)),
    paypal: paypal(env),
    payments: payments(env),
    partner: {
      tokenRequestsPerMinute: int(env, 'TOKEN_REQUESTS_PER_MINUTE', 600, 1, 1_000_000),
      accountRequestsPerMinute: int(env, 'ACCOUNT_REQUESTS_PER_MINUTE', 1_200, 1, 1_000_000),
      // Never in production: a partner's URL must not reach our own network (SSRF).
      webhookAllowPrivateUrls: !bool(env, 'PRODUCTION', false) && bool(env, 'WEBHOOK_ALLOW_PRIVATE_URLS', true),
      webhookDisableAfterHours: int(env, 'WEBHOOK_DISABLE_AFTER_HOURS', 72, 1, 24 * 365),
      trustedDocumentsFile: env.GRAPHQL_TRUSTED_DOCUMENTS
        ? path.resolve(cwd, env.GRAPHQL_TRUSTED_DOCUMENTS)
        : fileURLToPath(new URL('../../client/src/gql/persisted-documents.json', import.meta.url)),
    },
  };
}

function payments(env: Env): PaymentsConfig {
  const driver = oneOf(env, 'PAYMENT_GATEWAY', ['sandbox', 'braintree'] as const, 'sandbox');
  const need = (n: string) => {
    const v = env[n];
    if (driver === 'braintree' && !v) throw new ConfigError(`${n} is required when PAYMENT_GATEWAY=braintree`);
    return v ?? '';
  };
  const retryDays = list(env, 'PAYMENT_RETRY_DAYS', ['1', '3', '7']).map(Number);
  if (retryDays.some((d) => !Number.isInteger(d) || d < 0)) throw new ConfigError('PAYMENT_RETRY_DAYS must be whole days');
  return {
    driver,
    sandboxSecret: str(env, 'PAYMENT_SANDBOX_SECRET', 'payments-sandbox-secret'),
    retryDays,
    graceDays: int(env, 'PAYMENT_GRACE_DAYS', 14, 0, 365),
    pendingExpiryMinutes: int(env, 'PAYMENT_PENDING_EXPIRY_MINUTES', 15, 1, 7 * 24 * 60),
    braintree: {
      environment: oneOf(env, 'BRAINTREE_ENVIRONMENT', ['Sandbox', 'Production'] as const, 'Sandbox'),
      merchantId: need('BRAINTREE_MERCHANT_ID'),
      publicKey: need('BRAINTREE_PUBLIC_KEY'),
      privateKey: need('BRAINTREE_PRIVATE_KEY'),
      merchantAccountId: str(env, 'BRAINTREE_MERCHANT_ACCOUNT_ID', ''),
    },
  };
}

function oneOf<T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T {
  const v = str(env, name, fallback);
  if (!(values as readonly string[]).includes(v)) throw new ConfigError(`${name} must be one of ${values.join(', ')} (got '${v}')`);
  return v as T;
}

function payouts(env: Env, dataDir: string, appUrl: string): PayoutsConfig {
  const driver = oneOf(env, 'PAYOUT_PROVIDER', ['sandbox', 'hyperwallet'] as const, 'sandbox');
  // Only the sandbox signs its notifications; HyperWallet's are read back from its API instead.
  const secret = str(env, 'PAYOUT_WEBHOOK_SECRET', 'sandbox-webhook-secret');
  const need = (n: string) => {
    const v = env[n];
    if (!v) throw new ConfigError(`${n} is required when PAYOUT_PROVIDER=hyperwallet`);
    return v;
  };
  return {
    driver,
    providerName: str(env, 'PAYOUT_PROVIDER_NAME', 'HyperWallet'),
    taxFormUrl: str(env, 'PAYOUT_TAX_FORM_URL', str(env, 'HYPERWALLET_URL', 'https://sandbox.hyperwallet.test')),
    webhookSecret: secret,
    webhookToleranceSeconds: int(env, 'PAYOUT_WEBHOOK_TOLERANCE_SECONDS', 300, 1, 86_400),
    approvalAboveMinor: BigInt(int(env, 'WITHDRAWAL_APPROVAL_ABOVE', 5_000, 0, 100_000_000)) * 100n,
    fullBalanceOnly: bool(env, 'WITHDRAWAL_FULL_BALANCE_ONLY', true),
    pollMs: int(env, 'PAYOUT_POLL_MS', 5_000, 100, 86_400_000),
    payInRequest: bool(env, 'WITHDRAWAL_PAY_IN_REQUEST', true),
    sandbox: {
      dir: path.join(dataDir, 'payout-sandbox'),
      stepMs: int(env, 'PAYOUT_SANDBOX_STEP_MS', 2_000, 0, 3_600_000),
      webhookUrl: str(env, 'PAYOUT_SANDBOX_WEBHOOK_URL', `${appUrl}/api/financial/payout-webhook`),
    },
    hyperwallet:
      driver === 'hyperwallet'
        ? { baseUrl: str(env, 'HYPERWALLET_API_URL', 'https://api.sandbox.hyperwallet.com/rest/v4'), username: need('HYPERWALLET_USERNAME'), password: need('HYPERWALLET_PASSWORD'), programToken: need('HYPERWALLET_PROGRAM_TOKEN') }
        : { baseUrl: str(env, 'HYPERWALLET_API_URL', 'https://api.sandbox.hyperwallet.com/rest/v4'), username: '', password: '', programToken: '' },
  };
}

function paypal(env: Env): PayPalConfig {
  const driver = oneOf(env, 'PAYPAL_PROVIDER', ['sandbox', 'paypal'] as const, 'sandbox');
  const need = (n: string) => {
    const v = env[n];
    if (driver === 'paypal' && !v) throw new ConfigError(`${n} is required when PAYPAL_PROVIDER=paypal`);
    return v ?? '';
  };
  return {
    driver,
    linkUrl: str(env, 'PAYPAL_LINK_URL', 'https://www.paypal.com/signin'),
    baseUrl: str(env, 'PAYPAL_API_URL', 'https://svcs.sandbox.paypal.com'),
    userId: need('PAYPAL_API_USERNAME'),
    password: need('PAYPAL_API_PASSWORD'),
    signature: need('PAYPAL_API_SIGNATURE'),
    appId: str(env, 'PAYPAL_APP_ID', 'APP-80W284485P519543T'),
  };
}
