import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildUser, sessionCookieFor } from '../../test/factories.ts';
import { clientFor } from '../releases/__test-support__/release-kit.ts';
import { statusName, statusNumber } from '../releases/release-model.ts';
import { ernSchemaErrors } from '../../integrations/ddex/__test-support__/ern-kit.ts';
import { approvedRelease, enqueueDelivery, runAllJobs, startDeliveryServer, type DeliveryServer } from './__test-support__/delivery-kit.ts';
import { goLiveDue, pollAcknowledgements, humanDeliveryError, batchIdOf, planReleaseDelivery, SEND_DELIVERY_JOB } from './delivery.service.ts';
import { JobWorker } from '../../jobs/job-queue.ts';
import { localStoreFolder } from './store-endpoints.service.ts';
import { createLogger } from '../../logger.ts';

let server: DeliveryServer;
const deps = () => ({ prisma: server.prisma, config: server.config, logger: createLogger('error') });

beforeAll(async () => {
  server = await startDeliveryServer();
});
afterAll(async () => {
  await server.close();
});

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
}

async function statusOf(id: string) {
  return statusName((await server.prisma.release.findUniqueOrThrow({ where: { id }, select: { status: true } })).status);
}

async function folderOf(dspId: number) {
  const dsp = await server.prisma.dsp.findUniqueOrThrow({ where: { id: dspId } });
  return localStoreFolder(server.config, dsp.uri);
}

describe('delivery of an approved release to the local-folder stores', () => {
  it('delivers one batch per selected store (XML valid against ERN 4.3, audio, cover, marker last), then DELIVERED with an audit event', async () => {
    const { releaseId, dspIds } = await approvedRelease(server, { tracks: 2, releaseDate: '2030-01-01' });
    await enqueueDelivery(server, releaseId);
    await runAllJobs(server);

    const deliveries = await server.prisma.releaseDelivery.findMany({ where: { releaseId }, orderBy: { dspId: 'asc' } });
    expect(deliveries.map((d) => [d.dspId, d.kind, d.status])).toEqual(dspIds.map((id) => [id, 'INSERT', 'SENT']));
    expect(await statusOf(releaseId)).toBe('DELIVERED');

    const folder = await folderOf(dspIds[0]!);
    const batchId = batchIdOf(deliveries[0]!);
    const files = (await filesUnder(folder)).filter((f) => f.startsWith(batchId));
    expect(files).toEqual([
      `${batchId}/0860000000012/0860000000012.xml`,
      `${batchId}/0860000000012/resources/0860000000012_01_001.flac`,
      `${batchId}/0860000000012/resources/0860000000012_01_002.flac`,
      `${batchId}/0860000000012/resources/0860000000012_cover.jpg`,
      `${batchId}/BatchComplete_${batchId}.xml`,
    ]);
    const xml = await readFile(path.join(folder, batchId, '0860000000012/0860000000012.xml'), 'utf8');
    expect(await ernSchemaErrors(xml)).toEqual([]);
    expect(xml).toContain(`<MessageId>${deliveries[0]!.messageId}</MessageId>`);
    expect(xml).toContain(`<PartyId>${server.config.ddex.senderDpid}</PartyId>`);

    const audit = await server.prisma.auditEvent.findMany({ where: { entityId: releaseId, subcategory: 'STATUS_CHANGE' } });
    expect(audit.map((a) => a.newValues)).toContainEqual({ status: 'DELIVERED' });
    expect(audit.every((a) => a.actorId === null)).toBe(true);

    // Running the approval job again adds nothing.
    await enqueueDelivery(server, releaseId);
    await runAllJobs(server);
    expect(await server.prisma.releaseDelivery.count({ where: { releaseId } })).toBe(dspIds.length);
  });

  it('goes LIVE once the simulator acknowledged every store and the release date has come', async () => {
    const { releaseId } = await approvedRelease(server, { releaseDate: '2030-06-01' });
    await enqueueDelivery(server, releaseId);
    await runAllJobs(server);
    const acks = await pollAcknowledgements(deps());
    expect(acks.acknowledged).toBeGreaterThanOrEqual(2);
    expect((await server.prisma.releaseDelivery.findMany({ where: { releaseId } })).every((d) => d.status === 'ACKNOWLEDGED' && d.acknowledgedAt)).toBe(true);
    // Acknowledged but the date is ahead: still DELIVERED.
    expect(await statusOf(releaseId)).toBe('DELIVERED');
    await goLiveDue(deps(), '2030-05-31');
    expect(await statusOf(releaseId)).toBe('DELIVERED');
    expect((await goLiveDue(deps(), '2030-06-01')).live).toBeGreaterThanOrEqual(1);
    expect(await statusOf(releaseId)).toBe('LIVE');
    const audit = await server.prisma.auditEvent.findMany({ where: { entityId: releaseId, subcategory: 'STATUS_CHANGE' }, orderBy: { createdAt: 'asc' } });
    expect(audit.map((a) => (a.newValues as { status: string }).status)).toEqual(['DELIVERED', 'LIVE']);
  });

  it('a release whose date has passed goes LIVE as soon as the acknowledgements arrive', async () => {
    const { releaseId } = await approvedRelease(server, { releaseDate: '2025-01-01' });
    await enqueueDelivery(server, releaseId);
    await runAllJobs(server);
    await pollAcknowledgements(deps());
    expect(await statusOf(releaseId)).toBe('LIVE');
  });

  it('a store that refuses the message fails the delivery with its reason, and the release does not go live', async () => {
    const { releaseId, dspIds } = await approvedRelease(server, { releaseDate: '2025-01-01' });
    await enqueueDelivery(server, releaseId);
    await runAllJobs(server);
    const refused = await server.prisma.releaseDelivery.findFirstOrThrow({ where: { releaseId, dspId: dspIds[0]! } });
    const { mkdir, writeFile } = await import('node:fs/promises');
    const acks = path.join(await folderOf(dspIds[0]!), 'acknowledgements');
    await mkdir(acks, { recursive: true });
    await writeFile(path.join(acks, `${batchIdOf(refused)}.xml`), `<Acknowledgement><MessageId>${refused.messageId}</MessageId><Status>Error</Status><Reason>Cover art is too small</Reason></Acknowledgement>`);
    await pollAcknowledgements(deps());
    const after = await server.prisma.releaseDelivery.findUniqueOrThrow({ where: { id: refused.id } });
    expect(after).toMatchObject({ status: 'FAILED', error: 'The store refused the release: Cover art is too small' });
    expect(await statusOf(releaseId)).toBe('DELIVERED');
  });

  it('a release missing its UPC fails each delivery at once with a readable reason (no retries)', async () => {
    const { releaseId } = await approvedRelease(server);
    await server.prisma.release.update({ where: { id: releaseId }, data: { upc: null } });
    await enqueueDelivery(server, releaseId);
    await runAllJobs(server);
    const rows = await server.prisma.releaseDelivery.findMany({ where: { releaseId } });
    expect(rows.map((r) => [r.status, r.error])).toEqual(rows.map(() => ['FAILED', 'The release is missing something the store needs: The release has no UPC']));
    expect(await statusOf(releaseId)).toBe('APPROVED');
  });
});

describe('a process killed mid-upload', () => {
  it('leaves a batch without marker; the job is claimed again when its lease runs out and completes the same batch', async () => {
    const { releaseId, dspIds } = await approvedRelease(server, { dspIds: [(await server.prisma.dsp.findFirstOrThrow({ orderBy: { id: 'asc' } })).id] });
    await planReleaseDelivery(deps(), { releaseId });
    const delivery = await server.prisma.releaseDelivery.findFirstOrThrow({ where: { releaseId } });
    // A worker claims the send job and dies after writing part of the audio.
    const dead = new JobWorker(server.prisma, {}, createLogger('error'));
    const claimed = await dead.claim();
    expect(claimed?.name).toBe(SEND_DELIVERY_JOB);
    const batch = path.join(await folderOf(dspIds[0]!), batchIdOf(delivery));
    const { mkdir, writeFile } = await import('node:fs/promises');
    await mkdir(path.join(batch, '0860000000012/resources'), { recursive: true });
    await writeFile(path.join(batch, '0860000000012/resources/0860000000012_01_001.flac.part'), Buffer.alloc(1000));
    expect((await filesUnder(batch)).some((f) => f.includes('BatchComplete'))).toBe(false);
    expect(await pollAcknowledgements(deps())).toEqual({ acknowledged: 0, refused: 0 });

    await server.prisma.job.update({ where: { id: claimed!.id }, data: { lockedUntil: new Date(Date.now() - 1000) } });
    await runAllJobs(server);
    expect(await server.prisma.releaseDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ status: 'SENT' });
    const files = await filesUnder(batch);
    expect(files).toContain(`BatchComplete_${batchIdOf(delivery)}.xml`);
    const audio = await readFile(path.join(batch, '0860000000012/resources/0860000000012_01_001.flac'));
    expect(audio.length).toBe(50_000);
  });
});

describe('updates and takedowns', () => {
  it('a release approved again after a correction sends an UPDATE with the new metadata to the stores that have it', async () => {
    const { releaseId } = await approvedRelease(server);
    await enqueueDelivery(server, releaseId);
    await runAllJobs(server);
    // What the console's correction does: ADMIN_EDIT then APPROVED, here straight in the database.
    await server.prisma.release.update({ where: { id: releaseId }, data: { title: 'Night Drive (Deluxe)', status: statusNumber('APPROVED'), statusChangedAt: new Date() } });
    await enqueueDelivery(server, releaseId);
    await runAllJobs(server);
    const updates = await server.prisma.releaseDelivery.findMany({ where: { releaseId, kind: 'UPDATE' }, include: { dsp: true } });
    expect(updates).toHaveLength(2);
    expect(updates.every((u) => u.status === 'SENT')).toBe(true);
    const folder = localStoreFolder(server.config, updates[0]!.dsp.uri);
    const xml = await readFile(path.join(folder, batchIdOf(updates[0]!), '0860000000012/0860000000012.xml'), 'utf8');
    expect(await ernSchemaErrors(xml)).toEqual([]);
    expect(xml).toContain('Night Drive (Deluxe)');
    expect(await statusOf(releaseId)).toBe('DELIVERED');
  });

  it("the artist's takedown request sends a takedown to every store that has the release, then TAKEDOWN_COMPLETED with its date", async () => {
    const user = await buildUser(server.prisma);
    const { releaseId } = await approvedRelease(server, { userId: user.id, releaseDate: '2025-01-01' });
    await enqueueDelivery(server, releaseId);
    await runAllJobs(server);
    await pollAcknowledgements(deps());
    expect(await statusOf(releaseId)).toBe('LIVE');
    const client = clientFor(server, await sessionCookieFor(server.prisma, user.id));
    expect((await client.rest('POST', `/releases/takedown/${releaseId}`)).status).toBe(200);
    expect(await statusOf(releaseId)).toBe('AWAITING_TAKEDOWN');
    await runAllJobs(server);
    const takedowns = await server.prisma.releaseDelivery.findMany({ where: { releaseId, kind: 'TAKEDOWN' }, include: { dsp: true } });
    expect(takedowns.map((t) => t.status)).toEqual(['SENT', 'SENT']);
    const release = await server.prisma.release.findUniqueOrThrow({ where: { id: releaseId } });
    expect(statusName(release.status)).toBe('TAKEDOWN_COMPLETED');
    expect(release.takedownDate).not.toBeNull();
    const folder = localStoreFolder(server.config, takedowns[0]!.dsp.uri);
    const batch = path.join(folder, batchIdOf(takedowns[0]!));
    expect(await filesUnder(batch)).toEqual(['0860000000012/0860000000012.xml', `BatchComplete_${batchIdOf(takedowns[0]!)}.xml`]);
    const xml = await readFile(path.join(batch, '0860000000012/0860000000012.xml'), 'utf8');
    expect(await ernSchemaErrors(xml)).toEqual([]);
    expect(xml).toContain('<EndDate>');
  });
});

describe('reading deliveries and messages', () => {
  it('GraphQL Release.deliveries for the owner; GET /api/releases/{id}/ddex for the owner and staff, 404 for others, 401 signed out', async () => {
    const owner = await buildUser(server.prisma);
    const { releaseId } = await approvedRelease(server, { userId: owner.id });
    await enqueueDelivery(server, releaseId);
    await runAllJobs(server);
    const ownerClient = clientFor(server, await sessionCookieFor(server.prisma, owner.id));
    const q = await ownerClient.gql('query($id: ID!) { release(id: $id) { deliveries { store status kind sentAt acknowledgedAt error messageUrl } } }', { id: releaseId });
    const deliveries = q.body.data.release.deliveries;
    expect(deliveries).toHaveLength(2);
    expect(deliveries[0]).toMatchObject({ status: 'SENT', kind: 'INSERT', error: null, acknowledgedAt: null });
    expect(deliveries[0].messageUrl).toMatch(new RegExp(`^/api/releases/${releaseId}/ddex\\?delivery=`));

    const latest = await ownerClient.rest('GET', `/releases/${releaseId}/ddex`);
    expect(latest.status).toBe(200);
    expect(latest.headers.get('content-type')).toContain('application/xml');
    expect(await ernSchemaErrors(String(latest.body))).toEqual([]);
    expect((await ownerClient.rest('GET', deliveries[1].messageUrl.replace('/api', ''))).status).toBe(200);

    const support = await buildUser(server.prisma, { role: 'SUPPORT' });
    expect((await clientFor(server, await sessionCookieFor(server.prisma, support.id)).rest('GET', `/releases/${releaseId}/ddex`)).status).toBe(200);
    const actingAs = clientFor(server, await sessionCookieFor(server.prisma, owner.id, support.id));
    expect((await actingAs.rest('GET', `/releases/${releaseId}/ddex`)).status).toBe(200);
    const stranger = await buildUser(server.prisma);
    expect((await clientFor(server, await sessionCookieFor(server.prisma, stranger.id)).rest('GET', `/releases/${releaseId}/ddex`)).status).toBe(404);
    expect((await clientFor(server, '').rest('GET', `/releases/${releaseId}/ddex`)).status).toBe(401);
    expect((await ownerClient.rest('GET', `/releases/${releaseId}/ddex?delivery=nope`)).status).toBe(400);
  });

  it('a release without messages answers 404 with a reason', async () => {
    const owner = await buildUser(server.prisma);
    const { releaseId } = await approvedRelease(server, { userId: owner.id });
    const res = await clientFor(server, await sessionCookieFor(server.prisma, owner.id)).rest('GET', `/releases/${releaseId}/ddex`);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).toContain('no DDEX message yet');
  });
});

describe('humanDeliveryError', () => {
  it.each([
    ['refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:22'), { code: 'ECONNREFUSED' }), "The store's server refused the connection; we will try again"],
    ['bad key', Object.assign(new Error('All configured authentication methods failed'), { level: 'client-authentication' }), 'The store refused our credentials'],
    ['reset', new Error('read ECONNRESET'), 'The connection to the store was lost during the upload; we will try again'],
    ['unknown host', new Error('getaddrinfo ENOTFOUND sftp.nowhere'), "The store's server could not be found; we will try again"],
  ])('%s', (_label, err, text) => expect(humanDeliveryError(err)).toBe(text));
});
