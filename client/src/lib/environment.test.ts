import { jest } from '@jest/globals';
import { http, HttpResponse } from 'msw';
import { useMswServer } from '../../test/msw';
import {
  applyClientConfigs,
  DEFAULT_ENVIRONMENT,
  getEnvironment,
  loadClientConfigs,
  loadClientConfigsOnce,
} from './environment';
import { createRestClient } from './rest';

const server = useMswServer();
afterEach(() => {
  applyClientConfigs({});
  jest.restoreAllMocks();
});

test('the start-up call replaces the environment configuration', async () => {
  let calls = 0;
  server.use(
    http.get('http://localhost/api/client-configs', ({ request }) => {
      calls += 1;
      expect(new URL(request.url).searchParams.has('t')).toBe(true);
      return HttpResponse.json({ envName: 'staging', production: true, hideDSPSelection: true, blackDomainList: ['x.test'] });
    }),
  );

  await loadClientConfigs(createRestClient());

  expect(calls).toBe(1);
  expect(getEnvironment()).toMatchObject({
    envName: 'staging',
    production: true,
    hideDSPSelection: true,
    blackDomainList: ['x.test'],
    sunsetDate: '2024-09-26',
  });
});

test('a failed start-up call is logged as GLOBAL_ERROR and the app continues on the defaults', async () => {
  server.use(http.get('http://localhost/api/client-configs', () => HttpResponse.json({}, { status: 500 })));
  const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);

  await expect(loadClientConfigs(createRestClient())).resolves.toBeUndefined();

  expect(log).toHaveBeenCalledWith(expect.objectContaining({ type: 'GLOBAL_ERROR' }));
  expect(getEnvironment()).toEqual(DEFAULT_ENVIRONMENT);
});

test('mistyped values keep their defaults', () => {
  expect(applyClientConfigs({ production: 'yes', blackDomainList: 'x', hyperWalletUrl: 'https://h.test' })).toEqual({
    ...DEFAULT_ENVIRONMENT,
    hyperWalletUrl: 'https://h.test',
  });
  expect(applyClientConfigs(null)).toEqual(DEFAULT_ENVIRONMENT);
});

test('the start-up load runs once however often it is asked for', async () => {
  let calls = 0;
  server.use(
    http.get('http://localhost/api/client-configs', () => {
      calls += 1;
      return HttpResponse.json({ envName: 'once' });
    }),
  );
  await Promise.all([loadClientConfigsOnce(), loadClientConfigsOnce()]);
  await loadClientConfigsOnce();
  expect(calls).toBe(1);
  expect(getEnvironment().envName).toBe('once');
});
