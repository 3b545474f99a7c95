import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildUser, sessionCookieFor } from '../../test/factories.ts';
import { clientFor } from '../releases/__test-support__/release-kit.ts';
import { approvedRelease, enqueueDelivery, runAllJobs, startDeliveryServer, type DeliveryServer } from './__test-support__/delivery-kit.ts';
import { statusOrder } from '@cadence/domain/release-status';

let server: DeliveryServer;
beforeAll(async () => {
  server = await startDeliveryServer();
});
afterAll(async () => {
  await server.close();
});

async function as(role: 'USER' | 'SUPPORT' | 'ADMIN') {
  const user = await buildUser(server.prisma, { role });
  return { user, ...clientFor(server, await sessionCookieFor(server.prisma, user.id)) };
}

const SET = `mutation($input: SetStoreEndpointInput!) { setStoreEndpoint(input: $input) { storeEndpoint { dspId kind recipientDpid host port username path hasSecret isDefault } } }`;
const LIST = `{ storeEndpoints { dspId dspName kind isDefault path hasSecret } }`;
const REMOVE = `mutation($input: RemoveStoreEndpointInput!) { removeStoreEndpoint(input: $input) { storeEndpoint { dspId kind isDefault } } }`;
const ACK = `mutation($input: AcknowledgeDeliveryInput!) { acknowledgeDelivery(input: $input) { delivery { id status acknowledgedAt } } }`;

describe('store endpoints (admins only)', () => {
  it('lists every DSP with the local folder as default; admins set an SFTP endpoint (secret never answered) and remove it, each an audit event', async () => {
    const admin = await as('ADMIN');
    const list = await admin.gql(LIST);
    expect(list.body.errors).toBeUndefined();
    const first = list.body.data.storeEndpoints[0];
    expect(first).toMatchObject({ kind: 'LOCAL', isDefault: true, hasSecret: false });
    expect(first.path.startsWith(server.storeDir)).toBe(true);

    const input = { dspId: first.dspId, kind: 'SFTP', recipientDpid: 'PADPIDA2011072101T', recipientName: 'Store', host: 'sftp.store.test', port: 2222, username: 'cadence', path: '/inbox', secret: '-----BEGIN OPENSSH PRIVATE KEY-----\nx\n-----END OPENSSH PRIVATE KEY-----' };
    const set = await admin.gql(SET, { input });
    expect(set.body.errors).toBeUndefined();
    expect(set.body.data.setStoreEndpoint.storeEndpoint).toEqual({ dspId: first.dspId, kind: 'SFTP', recipientDpid: 'PADPIDA2011072101T', host: 'sftp.store.test', port: 2222, username: 'cadence', path: '/inbox', hasSecret: true, isDefault: false });
    expect(JSON.stringify(await admin.gql(LIST))).not.toContain('PRIVATE KEY');
    const audit = await server.prisma.auditEvent.findFirstOrThrow({ where: { subcategory: 'STORE_ENDPOINT_EDITED', entityId: String(first.dspId) } });
    expect(audit.actorId).toBe(admin.user.id);
    expect(JSON.stringify(audit.newValues)).not.toContain('PRIVATE KEY');

    const removed = await admin.gql(REMOVE, { input: { dspId: first.dspId } });
    expect(removed.body.data.removeStoreEndpoint.storeEndpoint).toEqual({ dspId: first.dspId, kind: 'LOCAL', isDefault: true });
    expect(await server.prisma.auditEvent.count({ where: { subcategory: 'STORE_ENDPOINT_EDITED', entityId: String(first.dspId) } })).toBe(2);
  });

  it('takes and answers the SFTP sign-in as the SftpAuth enum, stored as the legacy lower-case word', async () => {
    const admin = await as('ADMIN');
    const dsp = (await admin.gql(LIST)).body.data.storeEndpoints[1];
    const input = { dspId: dsp.dspId, kind: 'SFTP', recipientDpid: 'PADPIDA2011072101T', recipientName: 'Store', host: 'sftp.store.test', port: 22, username: 'cadence', auth: 'PASSWORD', secret: 'pw' };
    const set = await admin.gql(`mutation($input: SetStoreEndpointInput!) { setStoreEndpoint(input: $input) { storeEndpoint { auth } } }`, { input });
    expect(set.body.errors).toBeUndefined();
    expect(set.body.data.setStoreEndpoint.storeEndpoint).toEqual({ auth: 'PASSWORD' });
    const stored = await server.prisma.storeEndpoint.findUniqueOrThrow({ where: { dspId: dsp.dspId } });
    expect((stored.settings as { auth?: string }).auth).toBe('password');
    const wrong = await admin.gql(SET, { input: { ...input, auth: 'password' } });
    expect(wrong.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await admin.gql(REMOVE, { input: { dspId: dsp.dspId } })).body.errors).toBeUndefined();
  });

  it('refuses bad settings with a clear 4xx message', async () => {
    const admin = await as('ADMIN');
    const dsp = await server.prisma.dsp.findFirstOrThrow();
    const bad = await admin.gql(SET, { input: { dspId: dsp.id, kind: 'SFTP', recipientDpid: 'nope', recipientName: 'Store', username: 'x' } });
    expect(bad.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(bad.body.errors[0].message).toContain('recipientDpid must be a DDEX Party Id');
    const noHost = await admin.gql(SET, { input: { dspId: dsp.id, kind: 'SFTP', recipientDpid: 'PADPIDA1', recipientName: 'Store', username: 'x' } });
    expect(noHost.body.errors[0].message).toBe('host is required for a SFTP endpoint');
    const port = await admin.gql(SET, { input: { dspId: dsp.id, kind: 'SFTP', recipientDpid: 'PADPIDA1', recipientName: 'Store', host: 'h', username: 'x', port: 70000 } });
    expect(port.body.errors[0].message).toBe('port must be a whole number from 1 to 65535');
    const unknown = await admin.gql(SET, { input: { dspId: 999_999, kind: 'LOCAL', recipientDpid: 'PADPIDA1', recipientName: 'Store' } });
    expect(unknown.body.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it.each(['USER', 'SUPPORT'] as const)('%s cannot list, set or remove endpoints', async (role) => {
    const caller = await as(role);
    const dsp = await server.prisma.dsp.findFirstOrThrow();
    for (const [query, variables] of [
      [LIST, {}],
      [SET, { input: { dspId: dsp.id, kind: 'LOCAL', recipientDpid: 'PADPIDA1', recipientName: 'S' } }],
      [REMOVE, { input: { dspId: dsp.id } }],
    ] as const) {
      const res = await caller.gql(query, variables);
      expect(res.body.data).toBeNull();
      expect(res.body.errors[0].extensions.code).toBe('FORBIDDEN');
    }
    expect(await server.prisma.storeEndpoint.count({ where: { dspId: dsp.id } })).toBe(0);
  });
});

describe('marking a delivery acknowledged (staff)', () => {
  it('support marks a sent delivery acknowledged, audited with their name; users cannot; only a SENT delivery', async () => {
    const { releaseId } = await approvedRelease(server, { releaseDate: '2025-01-01' });
    await enqueueDelivery(server, releaseId);
    await runAllJobs(server);
    const [a, b] = await server.prisma.releaseDelivery.findMany({ where: { releaseId } });
    const user = await as('USER');
    const refused = await user.gql(ACK, { input: { deliveryId: a!.id } });
    expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');

    const support = await as('SUPPORT');
    const ok = await support.gql(ACK, { input: { deliveryId: a!.id } });
    expect(ok.body.data.acknowledgeDelivery.delivery).toMatchObject({ id: a!.id, status: 'ACKNOWLEDGED' });
    const audit = await server.prisma.auditEvent.findFirstOrThrow({ where: { subcategory: 'DELIVERY_ACKNOWLEDGED', entityId: a!.id } });
    expect(audit.actorId).toBe(support.user.id);
    const again = await support.gql(ACK, { input: { deliveryId: a!.id } });
    expect(again.body.errors[0].extensions.code).toBe('CONFLICT');

    // The second store acknowledged by staff too: the release date has passed, so it goes LIVE.
    await support.gql(ACK, { input: { deliveryId: b!.id } });
    expect((await server.prisma.release.findUniqueOrThrow({ where: { id: releaseId } })).status).toBe(statusOrder('LIVE'));
    const missing = await support.gql(ACK, { input: { deliveryId: '00000000-0000-7000-8000-000000000000' } });
    expect(missing.body.errors[0].extensions.code).toBe('NOT_FOUND');
  });
});

describe('the same operations over REST, for partner tools', () => {
  it('admins list, set and remove endpoints; support and users get 403, signed-out 401; bad bodies 400', async () => {
    const admin = await as('ADMIN');
    const dsp = await server.prisma.dsp.findFirstOrThrow({ orderBy: { id: 'desc' } });
    const listed = await admin.rest('GET', '/admin/store-endpoints');
    expect(listed.status).toBe(200);
    expect(listed.body.storeEndpoints.length).toBeGreaterThan(0);
    const put = await admin.rest('PUT', `/admin/store-endpoints/${dsp.id}`, { kind: 'S3', recipientDpid: 'PADPIDA2011072101T', recipientName: 'Store', settings: { bucket: 'inbox', accessKeyId: 'AK' }, secret: 'SECRET-KEY' });
    expect(put.status).toBe(200);
    expect(put.body.storeEndpoint).toMatchObject({ dspId: dsp.id, kind: 'S3', hasSecret: true, settings: { bucket: 'inbox', accessKeyId: 'AK' } });
    expect(JSON.stringify(put.body)).not.toContain('SECRET-KEY');
    expect((await admin.rest('PUT', `/admin/store-endpoints/${dsp.id}`, { kind: 'FTP', recipientDpid: 'PADPIDA1', recipientName: 'S' })).status).toBe(400);
    expect((await admin.rest('PUT', `/admin/store-endpoints/${dsp.id}`, { kind: 'S3', recipientDpid: 'PADPIDA1', recipientName: 'S', settings: { bucket: 'b' } })).body.message).toBe('accessKeyId is required for a S3 endpoint');
    expect((await admin.rest('PUT', '/admin/store-endpoints/abc', { kind: 'LOCAL', recipientDpid: 'PADPIDA1', recipientName: 'S' })).status).toBe(400);
    expect((await admin.rest('DELETE', '/admin/store-endpoints/1e3')).body).toEqual({ code: 'BAD_USER_INPUT', message: 'dspId must be a whole number', fieldErrors: [{ field: 'dspId', key: 'invalid', message: 'dspId must be a whole number' }] });
    expect((await admin.rest('PUT', `/admin/store-endpoints/${dsp.id}`, { kind: 'LOCAL', recipientDpid: 'PADPIDA1', recipientName: 'S', port: 1 })).body).toMatchObject({ message: 'Unknown field port', fieldErrors: [{ field: 'port', key: 'unknown-field' }] });
    expect((await admin.rest('POST', '/admin/deliveries/not-an-id/acknowledge')).body).toMatchObject({ message: 'id must be an id' });
    for (const role of ['SUPPORT', 'USER'] as const) {
      const caller = await as(role);
      expect((await caller.rest('GET', '/admin/store-endpoints')).status).toBe(403);
      expect((await caller.rest('PUT', `/admin/store-endpoints/${dsp.id}`, { kind: 'LOCAL', recipientDpid: 'PADPIDA1', recipientName: 'S' })).status).toBe(403);
      expect((await caller.rest('DELETE', `/admin/store-endpoints/${dsp.id}`)).status).toBe(403);
    }
    expect((await clientFor(server, '').rest('GET', '/admin/store-endpoints')).status).toBe(401);
    const removed = await admin.rest('DELETE', `/admin/store-endpoints/${dsp.id}`);
    expect(removed.body.storeEndpoint).toMatchObject({ kind: 'LOCAL', isDefault: true });
    expect((await admin.rest('DELETE', `/admin/store-endpoints/${dsp.id}`)).status).toBe(404);
  });

  it('support marks a delivery acknowledged over REST; users get 403', async () => {
    const { releaseId } = await approvedRelease(server, { releaseDate: '2031-01-01' });
    await enqueueDelivery(server, releaseId);
    await runAllJobs(server);
    const [a] = await server.prisma.releaseDelivery.findMany({ where: { releaseId } });
    expect((await (await as('USER')).rest('POST', `/admin/deliveries/${a!.id}/acknowledge`)).status).toBe(403);
    const ok = await (await as('SUPPORT')).rest('POST', `/admin/deliveries/${a!.id}/acknowledge`);
    expect(ok.status).toBe(200);
    expect(ok.body.delivery).toMatchObject({ id: a!.id, status: 'ACKNOWLEDGED' });
  });
});
