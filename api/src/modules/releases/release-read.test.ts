/** The release read model behind the GraphQL types and the REST shapes: one statement, what the query selects, paging. */
import { countStatements, signedInUser, startReleaseServer } from './__test-support__/release-kit.ts';
import { FULL_RELEASE, readReleasePage, type ReleaseInclude, type ReleaseKey } from './release-read.ts';
import { statusOrder } from '@cadence/domain/release-status';

let server: Awaited<ReturnType<typeof startReleaseServer>>;
beforeAll(async () => {
  server = await startReleaseServer();
});
afterAll(async () => {
  await server.close();
});

/** Releases of one user, oldest first: each with two tracks, each track with a primary and a composer credit. */
async function releasesOf(userId: string, count: number, status = 70): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const r = await server.prisma.release.create({
      data: { userId, title: `R${i}`, status, genreId: '2751', releaseDate: new Date('2026-01-15T00:00:00Z'), takedownDate: new Date('2026-02-01T10:20:30.456Z') },
    });
    await server.prisma.artistCredit.create({ data: { releaseId: r.id, userId, artistName: `Lead ${i}`, artistRelationTypeId: 1, position: 0 } });
    for (let t = 0; t < 2; t++) {
      const track = await server.prisma.track.create({ data: { releaseId: r.id, userId, title: `R${i} T${t}`, position: t, isrc: `QZCAD26${String(i * 10 + t).padStart(5, '0')}` } });
      await server.prisma.artistCredit.createMany({
        data: [
          { releaseId: r.id, trackId: track.id, userId, artistName: 'Writer', artistRelationTypeId: 4, position: 0 },
          { releaseId: r.id, trackId: track.id, userId, artistName: 'Singer', artistRelationTypeId: 1, position: 0 },
        ],
      });
    }
    ids.push(r.id);
  }
  return ids;
}

describe('the release read model', () => {
  it('reads a page with tracks and credits in one statement besides the session, and reads the same values Prisma stored', async () => {
    const client = await signedInUser(server);
    const ids = await releasesOf(client.user.id, 3);
    const query = `query { releases(first: 10) { totalCount edges { node { id title createdAt updatedAt takedownDate releaseDate artistName
      tracks { title isrc credits { artistName role } } } } } }`;
    await client.gql(query); // warm-up
    let body: { data: { releases: { totalCount: number; edges: { node: Record<string, unknown> & { tracks: { title: string; credits: { role: string }[] }[] } }[] } } } | undefined;
    const statements = await countStatements(async () => {
      body = (await client.gql(query)).body;
    });
    expect(statements).toBe(2); // the session and the page (with its total)
    const page = body!.data.releases;
    expect(page.totalCount).toBe(3);
    expect(page.edges.map((e) => e.node.id)).toEqual([...ids].reverse());
    const row = await server.prisma.release.findUniqueOrThrow({ where: { id: ids[2] } });
    expect(page.edges[0]!.node).toMatchObject({
      title: 'R2',
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      takedownDate: '2026-02-01T10:20:30.456Z',
      releaseDate: '2026-01-15',
      artistName: 'Lead 2',
    });
    // Tracks in order; a track's credits by role (primary before composer), then position.
    expect(page.edges[0]!.node.tracks.map((t) => t.title)).toEqual(['R2 T0', 'R2 T1']);
    expect(page.edges[0]!.node.tracks[0]!.credits.map((c) => c.role)).toEqual(['PRIMARY', 'COMPOSER']);
  });

  it('loads what fields selected through fragments, inline fragments and aliases read', async () => {
    const client = await signedInUser(server);
    await releasesOf(client.user.id, 1);
    const res = await client.gql(`
      fragment TrackBits on Track { isRemix explicitLyrics audio { codec } people: credits { name: artistName position } }
      fragment ReleaseBits on Release { tracks { ...TrackBits } }
      query { releases { edges { node { ...ReleaseBits ... on Release { songs: tracks { recordingVersionId } count: trackCount upc territory { text } outlets { uri } credits { trackId } } } } } }`);
    expect(res.body.errors).toBeUndefined();
    const node = res.body.data.releases.edges[0].node;
    expect(node.tracks[0]).toEqual({ isRemix: false, explicitLyrics: false, audio: null, people: [{ name: 'Singer', position: 0 }, { name: 'Writer', position: 0 }] });
    expect(node.songs).toEqual([{ recordingVersionId: 2430 }, { recordingVersionId: 2430 }]);
    expect(node).toMatchObject({ count: 2, upc: null, territory: { text: 'Worldwide' }, outlets: [], credits: [{ trackId: null }] });
  });

  it('pages forward and backward with the connection arguments, and filters by status', async () => {
    const client = await signedInUser(server);
    const ids = (await releasesOf(client.user.id, 5)).reverse(); // newest first
    await releasesOf(client.user.id, 1, 0); // a draft, the newest of all
    const page = `query($first: Int, $after: String, $last: Int, $before: String, $statuses: [ReleaseStatus!]) {
      releases(first: $first, after: $after, last: $last, before: $before, statuses: $statuses) {
        totalCount edges { cursor node { id } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`;
    const live = { statuses: ['LIVE'] };
    const first = (await client.gql(page, { ...live, first: 2 })).body.data.releases;
    expect(first.totalCount).toBe(5);
    expect(first.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual(ids.slice(0, 2));
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });

    const second = (await client.gql(page, { ...live, first: 2, after: first.pageInfo.endCursor })).body.data.releases;
    expect(second.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual(ids.slice(2, 4));
    expect(second.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
    const third = (await client.gql(page, { ...live, first: 2, after: second.pageInfo.endCursor })).body.data.releases;
    expect(third.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual(ids.slice(4));
    expect(third.pageInfo.hasNextPage).toBe(false);

    // Back from the third page: the two just newer, still newest first.
    const back = (await client.gql(page, { ...live, last: 2, before: third.pageInfo.startCursor })).body.data.releases;
    expect(back.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual(ids.slice(2, 4));
    expect(back.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
    const oldest = (await client.gql(page, { ...live, last: 1 })).body.data.releases;
    expect(oldest.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual(ids.slice(4));
    expect(oldest.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });

    // Without the filter the draft counts too.
    expect((await client.gql(page, { first: 1 })).body.data.releases.totalCount).toBe(6);
    expect((await client.gql(page, { first: 0 })).body.data.releases).toMatchObject({ edges: [], pageInfo: { hasNextPage: true } });
  });

  it('refuses paging arguments that make no sense with BAD_USER_INPUT', async () => {
    const client = await signedInUser(server);
    const cases: [Record<string, unknown>, string][] = [
      [{ first: -1 }, 'first must not be negative'],
      [{ last: -1 }, 'last must not be negative'],
      [{ first: 1, last: 1 }, 'Send first or last, not both'],
      [{ after: 'x', before: 'y', last: 1 }, 'Send after or before, not both'],
      [{ first: 1, before: 'x' }, 'Page back with last and before'],
      [{ last: 1, after: 'x' }, 'Page forward with first and after'],
      [{ first: 1, after: 'not-a-cursor' }, 'after is not a cursor of this list'],
    ];
    for (const [variables, message] of cases) {
      const res = await client.gql(`query($first: Int, $after: String, $last: Int, $before: String) { releases(first: $first, after: $after, last: $last, before: $before) { edges { node { id } } } }`, variables);
      expect(res.body.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    }
  });

  it('reads only the viewer’s releases, and never a deleted one', async () => {
    const owner = await signedInUser(server);
    const other = await signedInUser(server);
    const [kept, deleted] = await releasesOf(owner.user.id, 2);
    await server.prisma.release.update({ where: { id: deleted }, data: { status: statusOrder('DELETED') } });
    const ownList = await owner.gql('query { releases { totalCount edges { node { id } } } }');
    expect(ownList.body.data.releases).toEqual({ totalCount: 1, edges: [{ node: { id: kept } }] });
    expect((await other.gql('query { releases { totalCount edges { node { id } } } }')).body.data.releases).toEqual({ totalCount: 0, edges: [] });
    for (const id of [kept, deleted]) {
      const res = await other.gql('query($id: ID!) { release(id: $id) { id } }', { id });
      expect(res.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
    expect((await owner.gql('query($id: ID!) { release(id: $id) { id } }', { id: deleted })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('keeps a bounded number of statement shapes, and past the cap reads everything', async () => {
    const client = await signedInUser(server);
    await releasesOf(client.user.id, 1);
    const ctx = { sql: server.sql, viewer: { userId: client.user.id, role: 'USER' as const } };
    const keys: ReleaseKey[] = ['title', 'genreId', 'languageId', 'coverArtFileId', 'upc', 'catalogNumber', 'originalReleaseDate', 'isDDex', 'version'];
    const seen = new Set<string>();
    // 2^9 subsets of nine keys: far more shapes than the cap.
    for (let mask = 0; mask < 2 ** keys.length; mask++) {
      const include: ReleaseInclude = { release: keys.filter((_, i) => mask & (1 << i)) };
      const { releases } = await readReleasePage(ctx, { take: 1, direction: 'forward' }, include);
      seen.add(Object.keys(releases[0]!).sort().join());
      // Whatever the shape, the keys asked for are there.
      for (const key of include.release as ReleaseKey[]) expect(releases[0]).toHaveProperty(key);
    }
    const full = await readReleasePage(ctx, { take: 1, direction: 'forward' }, FULL_RELEASE);
    // Past the cap the reads fell back to the full shape: the last shape asked for nothing extra, yet got everything.
    const last = await readReleasePage(ctx, { take: 1, direction: 'forward' }, { release: ['upc'], trackCount: true });
    expect(Object.keys(last.releases[0]!).sort()).toEqual(Object.keys(full.releases[0]!).sort());
    expect(seen.size).toBeGreaterThan(100);
  });
});
