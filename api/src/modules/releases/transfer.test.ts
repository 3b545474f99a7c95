import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { completeUpc } from '@cadence/domain/upc';
import { TRANSFER_KEEP_LIVE_NOTICE } from '@cadence/domain/transfer';
import { buildUser, sessionCookieFor } from '../../test/factories.ts';
import { png, wav } from '../../integrations/media/__test-support__/media-fixtures.ts';
import { clientFor, daysFromToday, signedInUser, startReleaseServer } from './__test-support__/release-kit.ts';
import { DELIVER_RELEASE_JOB } from './release-review.service.ts';
import { statusOrder } from '@cadence/domain/release-status';

let server: Awaited<ReturnType<typeof startReleaseServer>>;
beforeAll(async () => {
  server = await startReleaseServer();
});
afterAll(async () => {
  await server.close();
});

let seq = 0;
/** A fresh valid UPC-A (check digit computed) and ISRCs that no other test uses. */
function codes(tracks = 1) {
  seq += 1;
  const n = String(process.hrtime.bigint() % 100_000n).padStart(5, '0');
  return {
    upc: completeUpc(`0${String(seq).padStart(2, '0')}${n}123`.slice(0, 11)),
    isrcs: Array.from({ length: tracks }, (_, i) => `USX${String(seq).padStart(2, '0')}25${n.slice(0, 3)}${String(i).padStart(2, '0')}`),
  };
}

/** A complete draft (genre, date, store, cover, tracks) of a new artist, ready to submit. */
async function completeDraft(trackCount = 1) {
  const client = await signedInUser(server);
  await server.prisma.user.update({ where: { id: client.user.id }, data: { primaryArtists: ['Transfer Artist'] } });
  const dsp = await server.prisma.dsp.findFirstOrThrow({ where: { enabled: true } });
  const created = await client.rest('POST', '/releases', { title: 'Old Single', genreId: '2751', releaseDate: daysFromToday(10), outletUris: [dsp.uri] });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const { ARTIST_ROLE } = await import('@cadence/domain/constants');
  await server.prisma.artistCredit.create({ data: { releaseId: id, userId: client.user.id, artistName: 'Transfer Artist', artistRelationTypeId: ARTIST_ROLE.PRIMARY } }).catch(() => undefined);
  const trackIds: string[] = [];
  for (let i = 0; i < trackCount; i++) {
    const up = await client.upload('/track/upload', { releaseId: id }, { data: wav({ frames: 44_100 }), name: `Song ${i + 1}.wav` });
    expect(up.status).toBe(201);
    trackIds.push(up.body.id as string);
  }
  const cover = await client.upload('/releases/cover-upload', { releaseId: id }, { data: await png(1600, 1600), name: 'cover.png', type: 'image/png' });
  expect(cover.status).toBe(200);
  return { client, id, trackIds };
}

const SUBMIT = `mutation($input: SubmitTransferInput!) { submitTransfer(input: $input) { release { id status displayStatus upc transfer { previousDistributor liveStores review notice conflicts { kind code reason otherUserId } } tracks { id isrc } } } }`;

describe('one release transfer', () => {
  it('refuses a wrong check digit and a bad ISRC per field, then submits as IMPORTING with the codes locked', async () => {
    const { client, id, trackIds } = await completeDraft(1);
    const c = codes(1);
    const wrongDigit = `${c.upc.slice(0, 11)}${(Number(c.upc[11]) + 1) % 10}`;
    const bad = await client.rest('POST', `/releases/${id}/transfer`, { upc: wrongDigit, originalReleaseDate: '2019-05-01', previousDistributor: 'OldCo', tracks: [{ trackId: trackIds[0], isrc: 'US-XX' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.map((e: { field: string; key: string }) => `${e.field}:${e.key}`)).toEqual(['upc:bad-upc-check-digit', 'tracks.0.isrc:bad-isrc-format']);
    expect((await server.prisma.release.findUniqueOrThrow({ where: { id } })).status).toBe(statusOrder('NOT_COMPLETED'));

    const res = await client.gql(SUBMIT, { input: { releaseId: id, upc: c.upc, originalReleaseDate: '2019-05-01', previousDistributor: 'OldCo', liveStores: ['Spotify', 'Apple Music'], tracks: [{ trackId: trackIds[0], isrc: c.isrcs[0] }] } });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.submitTransfer.release).toMatchObject({
      status: 'IMPORTING',
      displayStatus: 'Importing',
      upc: c.upc,
      transfer: { previousDistributor: 'OldCo', liveStores: ['Spotify', 'Apple Music'], review: 'PENDING', notice: TRANSFER_KEEP_LIVE_NOTICE, conflicts: [] },
      tracks: [{ isrc: c.isrcs[0] }],
    });
    expect(await server.prisma.auditEvent.count({ where: { entityId: id, subcategory: 'TRANSFER_SUBMITTED' } })).toBe(1);
    // Locked: the codes cannot be edited any more.
    const edit = await client.rest('PUT', `/releases/${id}`, { upc: codes().upc });
    expect(edit.status).toBe(409);
    // Submitting again changes nothing.
    const again = await client.rest('POST', `/releases/${id}/transfer`, { upc: c.upc, originalReleaseDate: '2019-05-01', previousDistributor: 'OldCo', tracks: [{ trackId: trackIds[0], isrc: c.isrcs[0] }] });
    expect(again.status).toBe(200);
    expect(again.body.transfer.review).toBe('PENDING');
  });

  it('puts a code another account uses, or one of our own ISRCs, in front of staff with both accounts named', async () => {
    const other = await buildUser(server.prisma);
    const c = codes(1);
    await server.prisma.release.create({ data: { userId: other.id, title: 'Theirs', status: statusOrder('LIVE'), upc: c.upc } });
    const { client, id, trackIds } = await completeDraft(1);
    const res = await client.rest('POST', `/releases/${id}/transfer`, { upc: c.upc, originalReleaseDate: '2020-01-01', previousDistributor: 'X', tracks: [{ trackId: trackIds[0], isrc: 'QZ-CAD-24-00001' }] });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('IMPORTING');
    expect(res.body.transfer.review).toBe('CODE_CONFLICT');
    expect(res.body.transfer.conflicts).toEqual([
      { kind: 'UPC', code: c.upc, reason: 'in-use', otherUserId: other.id, otherReleaseId: expect.any(String) },
      { kind: 'ISRC', code: 'QZCAD2400001', reason: 'own-prefix', otherUserId: null, otherReleaseId: null },
    ]);
    const audits = await server.prisma.auditEvent.findMany({ where: { entityId: id, subcategory: 'TRANSFER_CODE_CONFLICT' }, orderBy: { createdAt: 'asc' } });
    expect(audits.map((a) => a.newValues)).toEqual([
      expect.objectContaining({ code: c.upc, userId: client.user.id, otherUserId: other.id }),
      expect.objectContaining({ code: 'QZCAD2400001', reason: 'own-prefix' }),
    ]);
  });

  it('lets exactly one of two parallel transfers of one code win it', async () => {
    const [a, b] = await Promise.all([completeDraft(1), completeDraft(1)]);
    const c = codes(2);
    const submit = (d: typeof a, isrc: string) => d.client.rest('POST', `/releases/${d.id}/transfer`, { upc: c.upc, originalReleaseDate: '2018-02-02', previousDistributor: 'Race', tracks: [{ trackId: d.trackIds[0], isrc }] });
    const results = await Promise.all([submit(a, c.isrcs[0] as string), submit(b, c.isrcs[1] as string)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results.map((r) => r.body.transfer.review).sort()).toEqual(['CODE_CONFLICT', 'PENDING']);
    const claims = await server.prisma.catalogCodeClaim.findMany({ where: { kind: 'UPC', code: c.upc } });
    expect(claims).toHaveLength(1);
    const loser = results.find((r) => r.body.transfer.review === 'CODE_CONFLICT');
    expect(loser?.body.transfer.conflicts).toEqual([expect.objectContaining({ kind: 'UPC', reason: 'claimed', otherReleaseId: claims[0]?.releaseId })]);

    // Staff approve the winner (delivery queued with the original codes); the loser cannot be approved.
    const support = clientFor(server, await sessionCookieFor(server.prisma, (await buildUser(server.prisma, { role: 'SUPPORT' })).id));
    const queue = await support.gql(`query { reviewQueue(input: {status: IMPORTING, first: 100}) { releases { id transfer { previousDistributor review conflicts { code reason } } } } }`);
    expect(queue.body.errors).toBeUndefined();
    const rows = queue.body.data.reviewQueue.releases as { id: string; transfer: { previousDistributor: string; review: string } }[];
    const winnerId = claims[0]?.releaseId as string;
    expect(rows.find((r) => r.id === winnerId)?.transfer).toMatchObject({ previousDistributor: 'Race', review: 'PENDING' });
    const approve = `mutation($i: ApproveReleaseInput!) { approveRelease(input: $i) { release { id status } } }`;
    const ok = await support.gql(approve, { i: { releaseId: winnerId } });
    expect(ok.body.errors).toBeUndefined();
    const winner = await server.prisma.release.findUniqueOrThrow({ where: { id: winnerId }, include: { tracks: true, transfer: true } });
    expect(winner).toMatchObject({ status: statusOrder('APPROVED'), upc: c.upc, transfer: { review: 'APPROVED' } });
    expect(await server.prisma.job.count({ where: { name: DELIVER_RELEASE_JOB, payload: { equals: { releaseId: winnerId } } } })).toBe(1);
    const loserId = loser?.body.id as string;
    const refused = await support.gql(approve, { i: { releaseId: loserId } });
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect((await server.prisma.release.findUniqueOrThrow({ where: { id: loserId } })).status).toBe(statusOrder('IMPORTING'));
  });
});
