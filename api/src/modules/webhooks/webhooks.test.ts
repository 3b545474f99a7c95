/**
 * Webhooks end to end against a local HTTP receiver (issue 18): registration and its refusals
 * (SSRF, bad input), Standard Webhooks signatures checked with the library partners use, retries
 * with the job queue's exponential backoff, one event id per event, redelivery, and disabling an
 * endpoint that keeps failing (with a mail to its owner).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { bearerFor, buildUser, sessionCookieFor } from '../../test/factories.ts';
import { JobWorker, backoffMs } from '../../jobs/job-queue.ts';
import { createLogger } from '../../logger.ts';
import { changeReleaseStatus } from '../releases/release-status.service.ts';
import { statusNumber } from '../releases/release-model.ts';
import { deliverWebhook, DELIVER_JOB, emitWebhookEvent } from './webhooks.service.ts';
import { isPrivateAddress } from './url-guard.ts';
import { loadConfig } from '../../config.ts';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: TestServer;
let receiver: http.Server;
let receiverUrl: string;
const received: Received[] = [];
/** Status codes the receiver answers with, in turn (then 200). */
let answers: number[] = [];

beforeAll(async () => {
  server = await startTestServer();
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = answers.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await server.close();
});
beforeEach(() => {
  received.length = 0;
  answers = [];
});

const logger = createLogger('error');
const worker = () => new JobWorker(server.prisma, { [DELIVER_JOB]: (p, job) => deliverWebhook({ prisma: server.prisma, config: server.config, logger }, p, job) }, logger);

async function owner() {
  const user = await buildUser(server.prisma);
  const cookie = await sessionCookieFor(server.prisma, user.id);
  return { user, cookie, gql: (q: string, v?: Record<string, unknown>) => server.gql(q, v, { cookie }) };
}

const CREATE = `mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret webhookEndpoint { id url events enabled } } }`;

describe('registering endpoints', () => {
  it('returns the secret once and lists the endpoint over GraphQL and REST', async () => {
    const o = await owner();
    const res = await o.gql(CREATE, { input: { url: receiverUrl, events: ['RELEASE_STATUS_CHANGED'], description: 'CI' } });
    const created = (res.body.data as { createWebhookEndpoint: { secret: string; webhookEndpoint: { id: string; events: string[] } } }).createWebhookEndpoint;
    expect(created.secret).toMatch(/^whsec_/);
    expect(created.webhookEndpoint.events).toEqual(['RELEASE_STATUS_CHANGED']);
    const list = await fetch(`${server.url}/api/webhooks`, { headers: { cookie: o.cookie } });
    const body = (await list.json()) as { id: string; secret?: string }[];
    expect(body.map((e) => e.id)).toEqual([created.webhookEndpoint.id]);
    expect(JSON.stringify(body)).not.toContain(created.secret);
  });

  it('refuses bad input with field errors, over both transports', async () => {
    const o = await owner();
    const cases: [Record<string, unknown>, string][] = [
      [{ url: 'not a url', events: ['SALES_POSTED'] }, 'url'],
      [{ url: 'ftp://example.com/x', events: ['SALES_POSTED'] }, 'url'],
      [{ url: `https://example.com/${'x'.repeat(2_100)}`, events: ['SALES_POSTED'] }, 'url'],
      [{ url: 'https://example.com/x', events: [] }, 'events'],
    ];
    for (const [input, field] of cases) {
      const res = await o.gql(CREATE, { input });
      expect({ input: String(input.url).slice(0, 30), ext: res.body.errors?.[0]?.extensions }).toMatchObject({ ext: { code: 'BAD_USER_INPUT', fieldErrors: [{ field }] } });
    }
    const rest = await fetch(`${server.url}/api/webhooks`, { method: 'POST', headers: { cookie: o.cookie, 'content-type': 'application/json' }, body: JSON.stringify({ url: 'https://example.com', events: ['nope'] }) });
    expect(rest.status).toBe(400);
    expect(await rest.json()).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'events' }] });
  });

  it('refuses loopback, private and link-local addresses when private URLs are not allowed (production)', async () => {
    const o = await owner();
    const ctxConfig = server.config.partner;
    const saved = ctxConfig.webhookAllowPrivateUrls;
    ctxConfig.webhookAllowPrivateUrls = false;
    try {
      for (const url of ['http://127.0.0.1:9/x', 'https://127.0.0.1/x', 'https://localhost/x', 'https://10.1.2.3/x', 'https://192.168.0.10/x', 'https://169.254.169.254/latest', 'https://[::1]/x', 'https://[fe80::1]/x', 'https://[::ffff:10.0.0.1]/x']) {
        const res = await o.gql(CREATE, { input: { url, events: ['SALES_POSTED'] } });
        expect({ url, code: res.body.errors?.[0]?.extensions?.code }).toEqual({ url, code: 'BAD_USER_INPUT' });
      }
    } finally {
      ctxConfig.webhookAllowPrivateUrls = saved;
    }
    expect(loadConfig({ PRODUCTION: 'true', WEBHOOK_ALLOW_PRIVATE_URLS: 'true', SESSION_SECRET: 'x'.repeat(40) }).partner.webhookAllowPrivateUrls).toBe(false);
  });

  it('classifies addresses', () => {
    const table: [string, boolean][] = [
      ['127.0.0.1', true], ['10.0.0.1', true], ['172.16.5.4', true], ['172.32.0.1', false], ['192.168.1.1', true], ['169.254.1.1', true],
      ['100.64.0.1', true], ['0.0.0.0', true], ['8.8.8.8', false], ['::1', true], ['fe80::1', true], ['fd00::1', true], ['::ffff:127.0.0.1', true],
      ['2606:4700::1111', false], ['not-an-ip', true],
    ];
    for (const [ip, priv] of table) expect({ ip, priv: isPrivateAddress(ip) }).toEqual({ ip, priv });
  });
});

describe('deliveries', () => {
  it('sign each request (Standard Webhooks), retry a failing endpoint with backoff, and keep one event id', async () => {
    const o = await owner();
    const res = await o.gql(CREATE, { input: { url: receiverUrl, events: ['RELEASE_STATUS_CHANGED'] } });
    const { secret, webhookEndpoint } = (res.body.data as { createWebhookEndpoint: { secret: string; webhookEndpoint: { id: string } } }).createWebhookEndpoint;
    // a real status change emits the event in its own transaction
    const release = await server.prisma.release.create({ data: { userId: o.user.id, title: 'Hooked', status: statusNumber('BEFORE_CREATED') } });
    await server.prisma.$transaction((tx) => changeReleaseStatus(tx, { viewer: null }, release, { to: 'NOT_COMPLETED', actor: 'system' }));
    const deliveries = await server.prisma.webhookDelivery.findMany({ where: { endpointId: webhookEndpoint.id } });
    expect(deliveries).toHaveLength(1);

    answers = [500];
    const before = Date.now();
    expect(await worker().runUntilIdle()).toBe(1);
    const job = await server.prisma.job.findFirstOrThrow({ where: { name: DELIVER_JOB, payload: { equals: { deliveryId: deliveries[0]!.id } } } });
    expect(job.status).toBe('QUEUED');
    // the queue's exponential backoff: the second attempt waits about backoffMs(1)
    expect(job.runAt.getTime() - before).toBeGreaterThanOrEqual(backoffMs(1) - 1_000);
    expect(await worker().runUntilIdle()).toBe(0);
    let log = await server.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: deliveries[0]!.id } });
    expect(log).toMatchObject({ status: 'PENDING', attempts: 1, responseStatus: 500, error: 'The endpoint answered 500' });
    expect((await server.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: webhookEndpoint.id } })).failingSince).not.toBeNull();

    // the backoff passes (the clock moves the job's due time, not the test's wall time)
    await server.prisma.job.update({ where: { id: job.id }, data: { runAt: new Date(Date.now() - 1) } });
    expect(await worker().runUntilIdle()).toBe(1);
    log = await server.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: deliveries[0]!.id } });
    expect(log).toMatchObject({ status: 'SUCCEEDED', attempts: 2, responseStatus: 200, error: null });
    expect((await server.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: webhookEndpoint.id } })).failingSince).toBeNull();

    expect(received).toHaveLength(2);
    const wh = new Webhook(secret);
    for (const r of received) {
      const verified = wh.verify(r.body, r.headers as Record<string, string>) as { id: string; type: string; data: { releaseId: string; to: string } };
      expect(verified).toMatchObject({ type: 'release.status_changed', data: { releaseId: release.id, from: 'BEFORE_CREATED', to: 'NOT_COMPLETED' } });
      expect(r.headers['webhook-id']).toBe(verified.id);
    }
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    // a tampered body fails verification
    expect(() => wh.verify(received[0]!.body.replace('NOT_COMPLETED', 'LIVE'), received[0]!.headers as Record<string, string>)).toThrow();

    // manual redelivery sends the same event id again, and the log shows it
    const again = await fetch(`${server.url}/api/webhooks/deliveries/${log.id}/redeliver`, { method: 'POST', headers: { cookie: o.cookie } });
    expect(again.status).toBe(200);
    expect(await worker().runUntilIdle()).toBe(1);
    expect(received).toHaveLength(3);
    expect(received[2]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id']);
    const gqlLog = await o.gql('{ webhookEndpoints { deliveries { eventId status attempts responseStatus } } }');
    expect(gqlLog.body.data).toEqual({ webhookEndpoints: [{ deliveries: [{ eventId: log.eventId, status: 'SUCCEEDED', attempts: 3, responseStatus: 200 }] }] });
  });

  it('emit one delivery per subscribed endpoint, none for other events or other users', async () => {
    const o = await owner();
    const sub = async (events: string[]) => ((await o.gql(CREATE, { input: { url: receiverUrl, events } })).body.data as { createWebhookEndpoint: { webhookEndpoint: { id: string } } }).createWebhookEndpoint.webhookEndpoint.id;
    const a = await sub(['SALES_POSTED']);
    const b = await sub(['SALES_POSTED', 'WITHDRAWAL_STATUS_CHANGED']);
    const c = await sub(['WITHDRAWAL_STATUS_CHANGED']);
    const stranger = await buildUser(server.prisma);
    const eventId = await emitWebhookEvent(server.prisma, o.user.id, 'sales.posted', { amountMinor: '100' });
    expect(await emitWebhookEvent(server.prisma, stranger.id, 'sales.posted', {})).toBeNull();
    const rows = await server.prisma.webhookDelivery.findMany({ where: { endpointId: { in: [a, b, c] } } });
    expect(rows.map((r) => r.endpointId).sort()).toEqual([a, b].sort());
    expect(new Set(rows.map((r) => r.eventId))).toEqual(new Set([eventId]));
    await worker().runUntilIdle();
    expect(received.map((r) => r.headers['webhook-id'])).toEqual([eventId, eventId]);
  });

  it('disable an endpoint failing for longer than the limit, and mail its owner', async () => {
    const o = await owner();
    const id = ((await o.gql(CREATE, { input: { url: receiverUrl, events: ['SALES_POSTED'] } })).body.data as { createWebhookEndpoint: { webhookEndpoint: { id: string } } }).createWebhookEndpoint.webhookEndpoint.id;
    const failingSince = new Date(Date.now() - (server.config.partner.webhookDisableAfterHours + 1) * 3_600_000);
    await server.prisma.webhookEndpoint.update({ where: { id }, data: { failingSince } });
    await emitWebhookEvent(server.prisma, o.user.id, 'sales.posted', {});
    answers = [503];
    await worker().runUntilIdle();
    const endpoint = await server.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id } });
    expect(endpoint).toMatchObject({ enabled: false });
    expect(endpoint.disabledReason).toContain('503');
    expect(await server.prisma.outboxEmail.count({ where: { userId: o.user.id, template: 'webhook-disabled' } })).toBe(1);
    const log = await server.prisma.webhookDelivery.findFirstOrThrow({ where: { endpointId: id } });
    expect(log.status).toBe('FAILED');
    // no more events go to it
    expect(await emitWebhookEvent(server.prisma, o.user.id, 'sales.posted', {})).toBeNull();
  });

  it('are another user\'s to read or redeliver: NOT_FOUND, and tokens need webhooks:manage', async () => {
    const o = await owner();
    const id = ((await o.gql(CREATE, { input: { url: receiverUrl, events: ['SALES_POSTED'] } })).body.data as { createWebhookEndpoint: { webhookEndpoint: { id: string } } }).createWebhookEndpoint.webhookEndpoint.id;
    const intruder = await owner();
    expect((await fetch(`${server.url}/api/webhooks/${id}/deliveries`, { headers: { cookie: intruder.cookie } })).status).toBe(404);
    const reader = await bearerFor(server.prisma, o.user.id, ['releases:read']);
    expect((await fetch(`${server.url}/api/webhooks`, { headers: { authorization: reader } })).status).toBe(403);
    const manager = await bearerFor(server.prisma, o.user.id, ['webhooks:manage']);
    const list = await fetch(`${server.url}/api/webhooks`, { headers: { authorization: manager } });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { id: string }[]).map((e) => e.id)).toEqual([id]);
  });
});
