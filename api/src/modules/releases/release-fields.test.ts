/**
 * Each field of the release read model declares what it reads beside its resolver (releases.schema.ts):
 * the schema walk fails on a field without a declaration, and each field asked for alone reads the
 * same value as in a query that asks for everything (a declaration that misses a key fails here).
 */
import { getNamedType, isObjectType, type GraphQLField, type GraphQLObjectType } from 'graphql';
import { schema } from '../../server/schema.ts';
import { signedInUser, startReleaseServer } from './__test-support__/release-kit.ts';

const READ_MODEL_TYPES = ['Release', 'Track', 'ArtistCredit'] as const;

function fieldsOf(name: string): GraphQLField<unknown, unknown>[] {
  return Object.values((schema.getType(name) as GraphQLObjectType).getFields());
}

/** A selection of one field: scalars as they are, objects with their scalar fields (one level). */
function selection(field: GraphQLField<unknown, unknown>): string {
  const type = getNamedType(field.type);
  if (!isObjectType(type)) return field.name;
  const inner = Object.values(type.getFields())
    .filter((f) => !isObjectType(getNamedType(f.type)))
    .map((f) => f.name);
  return `${field.name} { ${inner.join(' ')} }`;
}

test.each(READ_MODEL_TYPES)('every field of %s declares what it reads', (typeName) => {
  const undeclared = fieldsOf(typeName)
    .filter((f) => !f.extensions?.reads)
    .map((f) => f.name);
  expect(undeclared).toEqual([]);
});

describe('a field asked for alone', () => {
  let server: Awaited<ReturnType<typeof startReleaseServer>>;
  beforeAll(async () => {
    server = await startReleaseServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('reads what it reads in a query of every field (Release, its tracks and credits)', async () => {
    const client = await signedInUser(server);
    const userId = client.user.id;
    const release = await server.prisma.release.create({
      data: { userId, title: 'Night Drive', status: 10, genreId: '2751', upc: '859700000017', catalogNumber: 'CAT-1', releaseDate: new Date('2027-01-15T00:00:00Z') },
    });
    await server.prisma.artistCredit.create({ data: { releaseId: release.id, userId, artistName: 'Nova', artistRelationTypeId: 1, position: 0 } });
    const track = await server.prisma.track.create({ data: { releaseId: release.id, userId, title: 'Afterglow (Remix)', position: 0, isrc: 'QZCAD2600001' } });
    await server.prisma.artistCredit.create({ data: { releaseId: release.id, trackId: track.id, userId, artistName: 'Writer', artistRelationTypeId: 4, position: 0 } });

    const releaseFields = fieldsOf('Release');
    const trackFields = fieldsOf('Track').filter((f) => f.name !== 'credits');
    const creditFields = fieldsOf('ArtistCredit');
    const all = (await client.gql(`query($id: ID!) { release(id: $id) { ${releaseFields.map(selection).join(' ')} } }`, { id: release.id })).body;
    expect(all.errors).toBeUndefined();
    for (const field of releaseFields) {
      const alone = (await client.gql(`query($id: ID!) { release(id: $id) { ${selection(field)} } }`, { id: release.id })).body;
      expect({ field: field.name, errors: alone.errors, value: alone.data?.release?.[field.name] }).toEqual({ field: field.name, errors: undefined, value: all.data.release[field.name] });
    }
    // Track fields and track credit fields, each alone under the release's tracks.
    const tracksAll = (
      await client.gql(`query($id: ID!) { release(id: $id) { tracks { ${trackFields.map(selection).join(' ')} credits { ${creditFields.map(selection).join(' ')} } } } }`, { id: release.id })
    ).body.data.release.tracks[0];
    for (const field of trackFields) {
      const alone = (await client.gql(`query($id: ID!) { release(id: $id) { tracks { ${selection(field)} } } }`, { id: release.id })).body;
      expect({ field: field.name, value: alone.data?.release?.tracks?.[0]?.[field.name] }).toEqual({ field: field.name, value: tracksAll[field.name] });
    }
    for (const field of creditFields) {
      const alone = (await client.gql(`query($id: ID!) { release(id: $id) { tracks { credits { ${selection(field)} } } } }`, { id: release.id })).body;
      expect({ field: field.name, value: alone.data?.release?.tracks?.[0]?.credits?.[0]?.[field.name] }).toEqual({ field: field.name, value: tracksAll.credits[0][field.name] });
    }
  });
});
