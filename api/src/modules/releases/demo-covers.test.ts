import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { imageSize } from 'image-size';
import { createLogger } from '../../logger.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { TestBrowser } from '../../test/test-browser.ts';
import { giveDemoReleasesCovers } from './demo-covers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: 'true' });
});
afterAll(async () => {
  await server.close();
});

describe('demo covers (issue 19)', () => {
  it('gives every demo release a real 1600 px cover once, and leaves covers alone after', async () => {
    const deps = { prisma: server.prisma, config: server.config, logger: createLogger('error'), pruneTasks: [] };
    const demo = { user: { email: 'artist@cadence.test' } };
    expect(await server.prisma.release.count({ where: { ...demo, coverArtFileId: { not: null } } })).toBe(0);
    await giveDemoReleasesCovers(deps);
    const releases = await server.prisma.release.findMany({ where: demo, select: { id: true, coverArtFileId: true } });
    expect(releases.length).toBeGreaterThan(0);
    expect(releases.every((r) => r.coverArtFileId)).toBe(true);

    await giveDemoReleasesCovers(deps);
    const again = await server.prisma.release.findMany({ where: demo, select: { id: true, coverArtFileId: true } });
    expect(again).toEqual(expect.arrayContaining(releases));
    expect(await server.prisma.storedFile.count({ where: { kind: 'COVER_IMAGE' } })).toBe(releases.length);

    const artist = new TestBrowser(server);
    expect((await artist.post('/api/auth/login', { username: 'artist@cadence.test', password: 'Cadence123' })).status).toBe(200);
    const cover = await fetch(`${server.url}/api/releases/${releases[0]!.id}/cover`, { headers: { cookie: artist.cookieHeader() } });
    expect(cover.status).toBe(200);
    expect(imageSize(new Uint8Array(await cover.arrayBuffer()))).toMatchObject({ width: 1600, height: 1600, type: 'png' });
  });
});
