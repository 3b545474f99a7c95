import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to the embedded database under ./data and the spec environment', () => {
    const c = loadConfig({}, '/srv/cadence');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.pgliteDir).toBe('/srv/cadence/data/pglite');
    expect(c.seedDemo).toBe(true);
    expect(c.pgliteSharedBuffers).toBe('32MB');
    expect(c.env).toMatchObject({ envName: 'dev', production: false, sunsetDate: '2024-09-26', hideDSPSelection: false, withdrawalMinimum: 1 });
  });

  it.each([
    [{ PORT: 'abc' }, "PORT must be a whole number from 0 to 65535 (got 'abc')"],
    [{ PORT: '70000' }, "PORT must be a whole number from 0 to 65535 (got '70000')"],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL is not a valid URL'],
    [{ DATABASE_URL: 'mysql://x@y/z' }, "DATABASE_URL must start with postgres:// or postgresql:// (got 'mysql:"],
    [{ HIDE_DSP_SELECTION: 'perhaps' }, "HIDE_DSP_SELECTION must be true or false (got 'perhaps')"],
    [{ SUNSET_DATE: '26/09/2024' }, "SUNSET_DATE must be a date as YYYY-MM-DD (got '26/09/2024')"],
    [{ STORAGE_DRIVER: 'ftp' }, "STORAGE_DRIVER must be 'local' or 's3' (got 'ftp')"],
    [{ STORAGE_DRIVER: 's3' }, 'S3_BUCKET is required when STORAGE_DRIVER=s3'],
    [{ PUBLIC_URL: 'ftp://x' }, "PUBLIC_URL must be an http(s) address such as https://cadence.example.com (got 'ftp://x')"],
    [{ CAPTCHA_COST: '10', PRODUCTION: 'true' }, "CAPTCHA_COST must be at least 1000 when PRODUCTION=true (got '10')"],
    [{ CAPTCHA_COST: '0' }, "CAPTCHA_COST must be a whole number of at least 1 (got '0')"],
    [{ SIGNUP_CAPTCHA: 'maybe' }, "SIGNUP_CAPTCHA must be true or false (got 'maybe')"],
    [{ PGLITE_SHARED_BUFFERS: 'lots' }, "PGLITE_SHARED_BUFFERS must be a size such as 32MB, 512kB or 1GB (got 'lots')"],
    [{ PGLITE_SHARED_BUFFERS: '0MB' }, "PGLITE_SHARED_BUFFERS must be a size such as 32MB, 512kB or 1GB (got '0MB')"],
    [{ LOG_LEVEL: 'loud' }, "LOG_LEVEL must be one of error, warn, info, debug (got 'loud')"],
  ])('rejects %j with one clear line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('builds mail links from PUBLIC_URL, or from where it listens', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://127.0.0.1:4100');
    expect(loadConfig({ HOST: '0.0.0.0' }).publicUrl).toBe('http://127.0.0.1:4000');
    expect(loadConfig({ PUBLIC_URL: 'https://cadence.example.com/' }).publicUrl).toBe('https://cadence.example.com');
  });

  it('does not seed demo data on a configured PostgreSQL unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('takes the proof-of-work cost from CAPTCHA_COST, a measured default otherwise', () => {
    expect(loadConfig({}).captchaCost).toBe(5000);
    expect(loadConfig({ CAPTCHA_COST: '1' }).captchaCost).toBe(1);
    expect(loadConfig({ PRODUCTION: 'true', CAPTCHA_COST: '8000' }).captchaCost).toBe(8000);
  });

  it('asks for a captcha at sign-up in production unless SIGNUP_CAPTCHA says otherwise', () => {
    expect(loadConfig({}).signupCaptcha).toBe(false);
    expect(loadConfig({ PRODUCTION: 'true' }).signupCaptcha).toBe(true);
    expect(loadConfig({ PRODUCTION: 'true', SIGNUP_CAPTCHA: 'false' }).signupCaptcha).toBe(false);
    expect(loadConfig({ SIGNUP_CAPTCHA: 'on' }).signupCaptcha).toBe(true);
  });

  it('reads the DDEX sender and the local store folder, refusing a malformed DPID', () => {
    const c = loadConfig({ DATA_DIR: '/tmp/cad' }, '/');
    expect(c.ddex).toEqual({ senderDpid: 'PADPIDA2026112501C', senderName: 'Cadence Music Ltd.', localStoreDir: '/tmp/cad/deliveries', storeSimulator: true });
    expect(loadConfig({ DDEX_SENDER_DPID: 'PADPIDA2020ABC', PRODUCTION: 'true' }).ddex).toMatchObject({ senderDpid: 'PADPIDA2020ABC', storeSimulator: false });
    expect(() => loadConfig({ DDEX_SENDER_DPID: 'nope' })).toThrow('DDEX_SENDER_DPID must be a DDEX Party Id');
  });
});
