import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildUser, sessionCookieFor } from '../../test/factories.ts';

let server: TestServer;
let userCookie: string;
let otherUserCookie: string;
let supportCookie: string;

const CREATE = /* GraphQL */ `
  mutation Create($input: CreateInAppMessageInput!) {
    createInAppMessage(input: $input) { inAppMessage { id type bodyText pages audience ctaBtn { text url isNewTab } } }
  }
`;

async function create(input: Record<string, unknown>): Promise<string> {
  const { body } = await server.gql<{ createInAppMessage: { inAppMessage: { id: string } } }>(CREATE, { input }, { cookie: supportCookie });
  expect(body.errors).toBeUndefined();
  return body.data!.createInAppMessage.inAppMessage.id;
}

const json = (cookie?: string) => ({ 'content-type': 'application/json', ...(cookie ? { cookie } : {}) });

let forAll: string;
let forSignedIn: string;
let forVisitors: string;
let supportId: string;

beforeAll(async () => {
  server = await startTestServer();
  const user = await buildUser(server.prisma);
  const other = await buildUser(server.prisma);
  const support = await buildUser(server.prisma, { role: 'SUPPORT' });
  userCookie = await sessionCookieFor(server.prisma, user.id);
  otherUserCookie = await sessionCookieFor(server.prisma, other.id);
  supportCookie = await sessionCookieFor(server.prisma, support.id);
  supportId = support.id;
  forAll = await create({ type: 'BLUE_BANNER', bodyText: 'For everyone', startDate: '2024-01-01T00:00:00Z' });
  forSignedIn = await create({ type: 'POPUP_MODAL', headline: 'Hi', bodyText: 'Members <b>only</b>', audience: 'SIGNED_IN', pages: ['releases'], delay: 2, ctaText: 'Go', ctaUrl: '/sales', startDate: '2024-02-01T00:00:00Z' });
  forVisitors = await create({ type: 'STICKY_BAR', bodyText: 'Sign up today', audience: 'VISITORS', startDate: '2024-03-01T00:00:00Z' });
  await create({ type: 'ALERT_BANNER', bodyText: 'Not yet', startDate: '2099-01-01T00:00:00Z' });
});
afterAll(async () => {
  await server.close();
});

describe('reading messages', () => {
  it('gives signed-in people their list, newest first, in the spec shape', async () => {
    const res = await fetch(`${server.url}/api/in-app-messages`, { headers: { cookie: userCookie } });
    expect(res.status).toBe(200);
    const list = (await res.json()) as { id: string }[];
    expect(list.map((m) => m.id)).toEqual([forSignedIn, forAll]);
    expect(list[0]).toEqual({
      id: forSignedIn,
      type: 'popup-modal',
      headline: 'Hi',
      bodyText: 'Members <b>only</b>',
      ctaBtn: { text: 'Go', url: '/sales', isNewTab: false },
      disableCloseBtn: false,
      delay: 2,
      pages: ['releases'],
      devices: ['desktop', 'mobile', 'tablet'],
      start_date: '2024-02-01T00:00:00.000Z',
      force: false,
      isStandAlone: false,
      isDisplayAlways: false,
    });
  });

  it('refuses the signed-in list to visitors with a 401', async () => {
    expect((await fetch(`${server.url}/api/in-app-messages`)).status).toBe(401);
    const { body } = await server.gql('{ inAppMessages { id } }');
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it("gives visitors only everyone's and visitors' messages, even when a signed-in person asks", async () => {
    for (const headers of [{}, { cookie: userCookie }] as Record<string, string>[]) {
      const list = (await (await fetch(`${server.url}/api/in-app-messages/unauthorized`, { headers })).json()) as { id: string }[];
      expect(list.map((m) => m.id)).toEqual([forVisitors, forAll]);
    }
  });

  it('never shows a signed-in person a visitors-only message, over GraphQL either', async () => {
    const { body } = await server.gql<{ inAppMessages: { id: string; type: string }[] }>('{ inAppMessages { id type } }', {}, { cookie: otherUserCookie });
    expect(body.data!.inAppMessages.map((m) => m.id)).toEqual([forSignedIn, forAll]);
    const visitors = await server.gql<{ publicInAppMessages: { id: string }[] }>('{ publicInAppMessages { id } }');
    expect(visitors.body.data!.publicInAppMessages.map((m) => m.id)).toEqual([forVisitors, forAll]);
  });

  it('hides the audience field from people who are not support staff', async () => {
    const { body } = await server.gql('{ inAppMessages { id audience } }', {}, { cookie: userCookie });
    expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('writing messages', () => {
  it('sanitises bodies before storing them', async () => {
    const id = await create({ type: 'ALERT_BANNER', bodyText: '<p onclick="x()">Hi<script>alert(1)</script> <a href="javascript:alert(1)">x</a></p>', audience: 'VISITORS' });
    const stored = await server.prisma.inAppMessage.findUniqueOrThrow({ where: { id } });
    expect(stored.bodyText).toBe('<p>Hi <a>x</a></p>');
  });

  it('refuses every support-only operation to ordinary users', async () => {
    const attempts = [
      [CREATE, { input: { type: 'BLUE_BANNER', bodyText: 'x' } }],
      ['mutation($input: UpdateInAppMessageInput!) { updateInAppMessage(input: $input) { inAppMessage { id } } }', { input: { id: forAll, bodyText: 'hacked' } }],
      ['mutation($i: DeleteInAppMessageInput!) { deleteInAppMessage(input: $i) { deletedId } }', { i: { id: forAll } }],
      ['{ inAppMessageStats { messageId } }', {}],
      ['{ allInAppMessages { id } }', {}],
    ] as const;
    for (const [query, variables] of attempts) {
      const { body } = await server.gql(query, variables, { cookie: userCookie });
      expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    expect((await server.prisma.inAppMessage.findUniqueOrThrow({ where: { id: forAll } })).bodyText).toBe('For everyone');
  });

  it('answers bad input with field errors, not a 500', async () => {
    const { body } = await server.gql(CREATE, { input: { type: 'BLUE_BANNER', bodyText: '<script>x</script>', pages: ['nowhere'], devices: [], delay: -1, ctaUrl: 'javascript:x' } }, { cookie: supportCookie });
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const fields = (body.errors?.[0]?.extensions?.fieldErrors as { field: string }[]).map((e) => e.field).sort();
    expect(fields).toEqual(['bodyText', 'ctaText', 'ctaUrl', 'delay', 'devices', 'pages']);
  });

  it("applies the support form's rules (domain inAppMessageStruct): popup headline, the 200 and 100 limits, the delay, the button", async () => {
    const refused = async (input: Record<string, unknown>, mutation = CREATE) => {
      const { body } = await server.gql(mutation, { input }, { cookie: supportCookie });
      expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      return (body.errors?.[0]?.extensions?.fieldErrors as { field: string; message: string }[]).map((e) => `${e.field}: ${e.message}`);
    };
    expect(await refused({ type: 'POPUP_MODAL', bodyText: 'x' })).toEqual(['headline: A popup needs a headline']);
    expect(await refused({ type: 'POPUP_MODAL', headline: 'h'.repeat(201), bodyText: 'x', ctaText: 'c'.repeat(101), ctaUrl: '/sales', delay: 3601 })).toEqual([
      'headline: Length should be less or equal to 200',
      'ctaText: Length should be less or equal to 100',
      'delay: Delay must be whole seconds from 0 to 3600',
    ]);
    expect(await refused({ type: 'BLUE_BANNER', bodyText: 'x', ctaText: 'Go', ctaUrl: 'sales' })).toEqual([
      'ctaUrl: The button address must start with http://, https://, mailto: or / (a path on this site)',
    ]);
    const id = await create({ type: 'BLUE_BANNER', bodyText: 'x', ctaText: 'Write to us', ctaUrl: 'mailto:help@example.com', delay: 3600 });
    // a change is checked with the fields it leaves: a banner without headline cannot become a popup
    const UPDATE = 'mutation($input: UpdateInAppMessageInput!) { updateInAppMessage(input: $input) { inAppMessage { id } } }';
    expect(await refused({ id, type: 'POPUP_MODAL' }, UPDATE)).toEqual(['headline: A popup needs a headline']);
    expect(await refused({ id, ctaUrl: null }, UPDATE)).toEqual(['ctaUrl: The button needs an address']);
    const { body } = await server.gql(UPDATE, { input: { id, type: 'POPUP_MODAL', headline: 'Now a popup' } }, { cookie: supportCookie });
    expect(body.errors).toBeUndefined();
    expect(await server.prisma.inAppMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({ type: 'POPUP_MODAL', headline: 'Now a popup', ctaUrl: 'mailto:help@example.com', delay: 3600 });
  });

  it('updates and deletes for support staff; a deleted message disappears from the lists', async () => {
    const id = await create({ type: 'STICKY_BAR', bodyText: 'Temp' });
    const updated = await server.gql<{ updateInAppMessage: { inAppMessage: { bodyText: string; force: boolean } } }>(
      'mutation($input: UpdateInAppMessageInput!) { updateInAppMessage(input: $input) { inAppMessage { bodyText force } } }',
      { input: { id, bodyText: '<i>Changed</i><img src=x>', force: true } },
      { cookie: supportCookie },
    );
    expect(updated.body.data!.updateInAppMessage.inAppMessage).toEqual({ bodyText: '<i>Changed</i>', force: true });
    const deleted = await server.gql('mutation($i: DeleteInAppMessageInput!) { deleteInAppMessage(input: $i) { deletedId } }', { i: { id } }, { cookie: supportCookie });
    expect(deleted.body.errors).toBeUndefined();
    const list = (await (await fetch(`${server.url}/api/in-app-messages`, { headers: { cookie: userCookie } })).json()) as { id: string }[];
    expect(list.map((m) => m.id)).not.toContain(id);
    const managed = await server.gql<{ allInAppMessages: { id: string }[] }>('{ allInAppMessages { id } }', {}, { cookie: supportCookie });
    expect(managed.body.data!.allInAppMessages.map((m) => m.id)).not.toContain(id);
    // every staff write is an audit event naming the staff member, with old and new values
    const events = await server.prisma.auditEvent.findMany({ where: { entityId: id, subcategory: 'IN_APP_MESSAGE_CHANGED' }, orderBy: { id: 'asc' } });
    expect(events.map((e) => (e.newValues as { action: string }).action)).toEqual(['created', 'updated', 'archived']);
    expect(events.map((e) => e.actorId)).toEqual([supportId, supportId, supportId]);
    expect(events[1]).toMatchObject({ category: 'SUPPORT', oldValues: { bodyText: 'Temp', force: false }, newValues: { action: 'updated', bodyText: '<i>Changed</i>', force: true } });
  });
});

describe('events', () => {
  it('records triggered and clicked events over REST and GraphQL and counts them per message for support', async () => {
    const post = (body: unknown, cookie?: string) => fetch(`${server.url}/api/in-app-messages/events`, { method: 'POST', headers: json(cookie), body: JSON.stringify(body) });
    expect((await post({ messageId: forSignedIn, destinationUrl: '/sales', siteLocation: '/releases', type: 'triggered' }, userCookie)).status).toBe(204);
    expect((await post({ messageId: forSignedIn, destinationUrl: '/sales', siteLocation: '/releases', type: 'clicked' }, userCookie)).status).toBe(204);
    expect((await post({ messageId: forVisitors, destinationUrl: '', siteLocation: '/', type: 'triggered' })).status).toBe(204);
    const gql = await server.gql('mutation($input: RecordInAppMessageEventInput!) { recordInAppMessageEvent(input: $input) { recorded } }', { input: { messageId: forSignedIn, siteLocation: '/releases', type: 'TRIGGERED' } }, { cookie: otherUserCookie });
    expect(gql.body.errors).toBeUndefined();

    const { body } = await server.gql<{ inAppMessageStats: { messageId: string; triggered: number; clicked: number }[] }>('{ inAppMessageStats { messageId triggered clicked } }', {}, { cookie: supportCookie });
    const stats = Object.fromEntries(body.data!.inAppMessageStats.map((s) => [s.messageId, s]));
    expect(stats[forSignedIn]).toMatchObject({ triggered: 2, clicked: 1 });
    expect(stats[forVisitors]).toMatchObject({ triggered: 1, clicked: 0 });
  });

  it("refuses events about a message outside the caller's audience, and bad input with a 400", async () => {
    const post = (body: unknown, cookie?: string) => fetch(`${server.url}/api/in-app-messages/events`, { method: 'POST', headers: json(cookie), body: JSON.stringify(body) });
    expect((await post({ messageId: forSignedIn, siteLocation: '/', type: 'clicked' })).status).toBe(404);
    expect((await post({ messageId: forVisitors, siteLocation: '/', type: 'clicked' }, userCookie)).status).toBe(404);
    expect((await post({ messageId: forAll, siteLocation: '/', type: 'hovered' })).status).toBe(400);
    expect((await post({ siteLocation: '/', type: 'clicked' })).status).toBe(400);
    expect((await post({ messageId: forAll, type: 'clicked' })).status).toBe(400);
  });
});
