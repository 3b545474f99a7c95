import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../../test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('dictionaries over REST', () => {
  it('lists every ISO country with the legacy field names, accepting the cache-busting t parameter', async () => {
    const res = await fetch(`${server.url}/api/dictionary/countries?t=${Date.now()}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { countryCode: string; countryName: string; isEu: boolean }[];
    expect(body.length).toBe(249);
    expect(body).toContainEqual(expect.objectContaining({ countryCode: 'US', countryName: 'United States of America' }));
    const eu = body.filter((c) => c.isEu).map((c) => c.countryCode);
    expect(eu).toHaveLength(28);
    expect(eu).toEqual(expect.arrayContaining(['GB', 'FR', 'DE']));
  });

  it('lists genres with their store codes, including jazz and soundtrack', async () => {
    const body = (await (await fetch(`${server.url}/api/dictionary/genres`)).json()) as { id: string; name: string }[];
    const ids = body.map((g) => g.id);
    expect(ids).toEqual(expect.arrayContaining(['2699', '2698_3051', '2751', '2699_1005025', '21', '32']));
  });

  it('lists languages as id and languageName', async () => {
    const body = (await (await fetch(`${server.url}/api/dictionary/languages`)).json()) as { id: string; languageName: string }[];
    expect(body).toContainEqual(expect.objectContaining({ languageName: 'English' }));
  });

  it('lists the analytics outlets with the specification ids', async () => {
    const body = (await (await fetch(`${server.url}/api/dictionary/outlets`)).json()) as { id: number; name: string }[];
    expect(body.map((o) => o.id)).toEqual([1, 6, 20, 28, 32, 50, 55, 58, 61, 63, 64, 66, 76, 78, 79, 80, 1001]);
    expect(body.find((o) => o.id === 28)?.name).toBe('Spotify');
  });

  it('filters DSPs to those shown in the picker with isShowList=true', async () => {
    const all = (await (await fetch(`${server.url}/api/dictionary/dsps`)).json()) as { showInList: boolean }[];
    const shown = (await (await fetch(`${server.url}/api/dictionary/dsps?isShowList=true&t=1`)).json()) as { showInList: boolean }[];
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.every((d) => d.showInList)).toBe(true);
    expect(all.length).toBeGreaterThanOrEqual(shown.length);
  });

  it('rejects a malformed isShowList with a 400 and a reason', async () => {
    const res = await fetch(`${server.url}/api/dictionary/dsps?isShowList=maybe`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('isShowList must be true or false');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await fetch(`${server.url}/api/dictionary/planets`);
    expect(res.status).toBe(404);
  });
});

describe('dictionaries over GraphQL', () => {
  it('serves the same data as typed queries', async () => {
    const { status, body } = await server.gql<{
      countries: { code: string }[];
      euCountries: { code: string }[];
      genres: { id: string }[];
      outlets: { id: number }[];
      dsps: { name: string; showInList: boolean }[];
      usStates: { value: string }[];
      canadianProvinces: { value: string }[];
    }>('{ countries { code name isEu } euCountries { code } genres { id name } languages { id name } outlets { id name } dsps(showList: true) { id name uri showInList } usStates { value name } canadianProvinces { value name } }');
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data!.countries).toHaveLength(249);
    expect(body.data!.euCountries.map((c) => c.code)).toContain('GB');
    expect(body.data!.outlets).toHaveLength(17);
    expect(body.data!.dsps.every((d) => d.showInList)).toBe(true);
    expect(body.data!.usStates.map((s) => s.value)).toEqual(expect.arrayContaining(['CA', 'NY', 'TX']));
    expect(body.data!.canadianProvinces.map((s) => s.value)).toEqual(expect.arrayContaining(['ON', 'QC', 'BC']));
  });

  it('refuses a GET query without the CSRF preflight header', async () => {
    const res = await fetch(`${server.url}/graphql?query=${encodeURIComponent('{ genres { id } }')}`);
    expect(res.status).toBe(400);
  });
});
