/**
 * Error reports (issue 24): a server 5xx reaches a stand-in Sentry endpoint with the user and
 * request id and without the session cookie, and shows on the system page.
 *
 * Sentry's SDK instruments Node's http and diagnostics channels for the whole process and cannot
 * be taken off again, so this file runs in a jest process of its own (`*.isolated.test.ts`, see
 * scripts/test.mjs); in the shared --runInBand process it changed every later test file.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildUser, sessionCookieFor } from '../../test/factories.ts';

let server: TestServer;
let ingest: http.Server;
const envelopes: string[] = [];

beforeAll(async () => {
  // Stands in for Sentry's ingest endpoint: records every envelope the SDK posts.
  ingest = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      envelopes.push(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve));
  const dsn = `http://publickey@127.0.0.1:${(ingest.address() as AddressInfo).port}/1`;
  server = await startTestServer({ SENTRY_DSN: dsn });
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => ingest.close(resolve));
});

async function until<T>(fn: () => T | undefined, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('server errors', () => {
  it('reach the error-report endpoint with the user and request id, without the session cookie, and the system page', async () => {
    const user = await buildUser(server.prisma, { firstName: 'Ann', lastName: 'Lee' });
    const cookie = await sessionCookieFor(server.prisma, user.id);
    const sessionValue = cookie.split(';')[0]!.split('=')[1]!;
    // A genuine bug: the table the endpoint writes to is gone.
    await server.sql.exec('ALTER TABLE tracked_events RENAME TO tracked_events_away');
    let requestId: string | null;
    try {
      const res = await fetch(`${server.url}/api/users/track-event/boom`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' });
      expect(res.status).toBe(500);
      requestId = res.headers.get('x-request-id');
    } finally {
      await server.sql.exec('ALTER TABLE tracked_events_away RENAME TO tracked_events');
    }
    expect(requestId).toBeTruthy();
    const envelope = await until(() => envelopes.find((e) => e.includes(requestId!) && e.includes('"exception"')));
    const event = JSON.parse(envelope.split('\n').find((l) => l.includes('"exception"'))!);
    expect(event.user).toEqual(expect.objectContaining({ id: user.id, email: user.email, username: 'Ann Lee' }));
    expect(event.tags).toEqual(expect.objectContaining({ requestId }));
    expect(envelope).not.toContain(sessionValue);

    const staff = await buildUser(server.prisma, { role: 'SUPPORT' });
    const staffCookie = await sessionCookieFor(server.prisma, staff.id);
    const page = await server.gql<{ systemStatus: { serverErrors: { requestId: string; userId: string; operation: string }[] } }>(
      'query { systemStatus { serverErrors { requestId userId operation } } }',
      {},
      { cookie: staffCookie },
    );
    expect(page.body.data?.systemStatus.serverErrors).toContainEqual(expect.objectContaining({ requestId, userId: user.id }));
  });
});
