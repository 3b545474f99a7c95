import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startFakeSftpServer, type FakeSftpServer } from '../../integrations/stores/__test-support__/fake-sftp-server.ts';
import { ernSchemaErrors } from '../../integrations/ddex/__test-support__/ern-kit.ts';
import { statusName } from '../releases/release-model.ts';
import { approvedRelease, enqueueDelivery, runAllJobs, startDeliveryServer, type DeliveryServer } from './__test-support__/delivery-kit.ts';
import { batchIdOf, SEND_DELIVERY_JOB } from './delivery.service.ts';
import { readFile } from 'node:fs/promises';

let server: DeliveryServer;
let sftp: FakeSftpServer;
let root: string;

beforeAll(async () => {
  server = await startDeliveryServer();
  root = await mkdtemp(path.join(os.tmpdir(), 'cadence-sftp-'));
  await mkdir(path.join(root, 'inbox'), { recursive: true });
  sftp = await startFakeSftpServer(root);
});
afterAll(async () => {
  await sftp.stop();
  await server.close();
});

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
}

/** Points a DSP at the test SFTP server (what an admin configures). */
async function sftpEndpoint(dspId: number, port = sftp.port) {
  await server.prisma.storeEndpoint.upsert({
    where: { dspId },
    create: { dspId, kind: 'SFTP', recipientDpid: 'PADPIDA2011072101T', recipientName: 'Test Store', settings: { host: '127.0.0.1', port, username: sftp.username, path: '/inbox' }, secret: sftp.clientPrivateKey },
    update: { settings: { host: '127.0.0.1', port, username: sftp.username, path: '/inbox' } },
  });
}

describe('delivery over SFTP', () => {
  it('writes a schema-valid ERN, the audio and the cover to the SFTP server, read back from its disk', async () => {
    const dsp = await server.prisma.dsp.findFirstOrThrow({ orderBy: { id: 'asc' } });
    await sftpEndpoint(dsp.id);
    const { releaseId } = await approvedRelease(server, { dspIds: [dsp.id], featured: 'Grace Hopper' });
    await enqueueDelivery(server, releaseId);
    await runAllJobs(server);
    const delivery = await server.prisma.releaseDelivery.findFirstOrThrow({ where: { releaseId } });
    expect(delivery).toMatchObject({ status: 'SENT', error: null });
    expect(delivery.location).toBe(`sftp://store@127.0.0.1:${sftp.port}/inbox/${batchIdOf(delivery)}`);
    const batch = path.join(root, 'inbox', batchIdOf(delivery));
    expect(await filesUnder(batch)).toEqual([
      '0860000000012/0860000000012.xml',
      '0860000000012/resources/0860000000012_01_001.flac',
      '0860000000012/resources/0860000000012_cover.jpg',
      `BatchComplete_${batchIdOf(delivery)}.xml`,
    ]);
    const xml = await readFile(path.join(batch, '0860000000012/0860000000012.xml'), 'utf8');
    expect(await ernSchemaErrors(xml)).toEqual([]);
    expect(xml).toContain('<PartyId>PADPIDA2011072101T</PartyId>');
    expect(xml).toContain('<DisplayArtistRole>FeaturedArtist</DisplayArtistRole>');
    expect(statusName((await server.prisma.release.findUniqueOrThrow({ where: { id: releaseId } })).status)).toBe('DELIVERED');
  });

  it('the SFTP server stopped mid-upload: the job retries with backoff, no marker beside the incomplete batch, then delivered after the restart', async () => {
    const dsp = await server.prisma.dsp.findFirstOrThrow({ orderBy: { id: 'asc' }, skip: 1 });
    await sftpEndpoint(dsp.id);
    const { releaseId } = await approvedRelease(server, { dspIds: [dsp.id] });
    sftp.dieAfterBytes(20_000);
    await enqueueDelivery(server, releaseId);
    await runAllJobs(server);

    const delivery = await server.prisma.releaseDelivery.findFirstOrThrow({ where: { releaseId } });
    expect(delivery.status).toBe('PENDING');
    expect(delivery.error).toBe('The connection to the store was lost during the upload; we will try again');
    const job = await server.prisma.job.findFirstOrThrow({ where: { name: SEND_DELIVERY_JOB, uniqueKey: `${SEND_DELIVERY_JOB}:${delivery.id}` } });
    expect(job).toMatchObject({ status: 'QUEUED', attempts: 1 });
    expect(job.runAt.getTime()).toBeGreaterThan(Date.now());
    const batch = path.join(root, 'inbox', batchIdOf(delivery));
    const partial = await filesUnder(batch);
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.some((f) => f.startsWith('BatchComplete'))).toBe(false);
    expect(statusName((await server.prisma.release.findUniqueOrThrow({ where: { id: releaseId } })).status)).toBe('APPROVED');

    // The store is back; the backoff has passed.
    await sftp.restart();
    await server.prisma.job.update({ where: { id: job.id }, data: { runAt: new Date() } });
    await runAllJobs(server);
    expect(await server.prisma.releaseDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ status: 'SENT', error: null });
    expect((await filesUnder(batch)).filter((f) => f.startsWith('BatchComplete'))).toEqual([`BatchComplete_${batchIdOf(delivery)}.xml`]);
    expect(statusName((await server.prisma.release.findUniqueOrThrow({ where: { id: releaseId } })).status)).toBe('DELIVERED');
  });

  it('a store that stays unreachable: FAILED with a human reason after the last attempt', async () => {
    const dsp = await server.prisma.dsp.findFirstOrThrow({ orderBy: { id: 'asc' }, skip: 2 });
    const closed = await startFakeSftpServer(root);
    const port = closed.port;
    await closed.stop();
    await sftpEndpoint(dsp.id, port);
    const { releaseId } = await approvedRelease(server, { dspIds: [dsp.id] });
    await enqueueDelivery(server, releaseId);
    await runAllJobs(server); // plans the delivery and makes the first attempt
    const delivery = await server.prisma.releaseDelivery.findFirstOrThrow({ where: { releaseId } });
    await server.prisma.job.updateMany({ where: { uniqueKey: `${SEND_DELIVERY_JOB}:${delivery.id}` }, data: { maxAttempts: 2, runAt: new Date() } });
    await runAllJobs(server);
    expect(await server.prisma.releaseDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      status: 'FAILED',
      error: "The store's server refused the connection; we will try again",
    });
    expect((await server.prisma.job.findFirstOrThrow({ where: { uniqueKey: `${SEND_DELIVERY_JOB}:${delivery.id}` } })).status).toBe('DEAD');
  });
});
