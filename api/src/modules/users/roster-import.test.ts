import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildUser, sessionCookieFor } from '../../test/factories.ts';
import { latestLink } from '../../test/test-browser.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const MUTATION = `mutation($i: ImportLabelRosterInput!) { importLabelRoster(input: $i) { invited { line email userId } errors { line email message } } }`;

describe("a label's roster", () => {
  it('creates each person without a password, mails a set-password link, audits "user imported", and reports bad rows by line', async () => {
    const staff = await buildUser(server.prisma, { role: 'SUPPORT' });
    const taken = await buildUser(server.prisma);
    const tag = Date.now();
    const csv = `email,first_name,last_name,artist_names\nnova${tag}@example.com,Nova,Lane,Nova Lane;Nova\nnot-an-email,A,B,C\n${taken.email},X,Y,Z\n`;
    const cookie = await sessionCookieFor(server.prisma, staff.id);
    const res = await server.gql(MUTATION, { i: { csv } }, { cookie });
    expect(res.body.errors).toBeUndefined();
    const out = (res.body.data as { importLabelRoster: { invited: { line: number; email: string; userId: string }[]; errors: { line: number }[] } }).importLabelRoster;
    expect(out.invited).toEqual([{ line: 2, email: `nova${tag}@example.com`, userId: expect.any(String) }]);
    expect(out.errors.map((e) => e.line)).toEqual([3, 4]);
    const user = await server.prisma.user.findUniqueOrThrow({ where: { id: out.invited[0]?.userId } });
    expect(user).toMatchObject({ passwordHash: null, firstName: 'Nova', primaryArtists: ['Nova Lane', 'Nova'] });
    expect(await latestLink(server, user.email, 'reset-password')).toContain('token=');
    expect(await server.prisma.auditEvent.findFirstOrThrow({ where: { userId: user.id, subcategory: 'USER_IMPORTED' } })).toMatchObject({ actorId: staff.id });

    const artistCookie = await sessionCookieFor(server.prisma, taken.id);
    expect((await server.gql(MUTATION, { i: { csv } }, { cookie: artistCookie })).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const wrong = await server.gql(MUTATION, { i: { csv: 'mail,name\nx@y.z,n\n' } }, { cookie });
    expect(wrong.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
