import { DEFAULT_BOOT_CONFIG, getBootConfig } from './boot-config';

afterEach(() => {
  delete window.__CADENCE__;
});

test('defaults when the server injected nothing', () => {
  expect(getBootConfig()).toEqual({
    brandName: 'Cadence',
    brandId: 'default',
    supportEmail: 'support@cadence.test',
    companyName: 'Cadence Music Ltd.',
    logo: '/logo.svg',
    helpCenterUrl: null,
    injected: false,
  });
});

test('injected values win field by field; empty or mistyped ones fall back', () => {
  window.__CADENCE__ = {
    brandName: 'Cadence France',
    brandId: 'fr',
    supportEmail: ' ',
    companyName: 42 as unknown as string,
    logo: '/logo-fr.svg',
    helpCenterUrl: 'https://help.cadence.test/',
  };
  expect(getBootConfig()).toEqual({
    ...DEFAULT_BOOT_CONFIG,
    brandName: 'Cadence France',
    brandId: 'fr',
    logo: '/logo-fr.svg',
    helpCenterUrl: 'https://help.cadence.test/',
    injected: true,
  });
});
