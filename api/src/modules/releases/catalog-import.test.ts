import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { completeUpc } from '@cadence/domain/upc';
import { wav } from '../../integrations/media/__test-support__/media-fixtures.ts';
import { buildUser, sessionCookieFor } from '../../test/factories.ts';
import { signedInUser, startReleaseServer, type Json } from './__test-support__/release-kit.ts';
import { catalogCsv, makeZip, runImportJobs, type CsvRow } from './__test-support__/catalog-kit.ts';
import { statusOrder } from '@cadence/domain/release-status';

const SAMPLE = readFileSync(path.join(import.meta.dirname, '../../integrations/ddex/xsd/sample-audio-album.xml'), 'utf8');

let server: Awaited<ReturnType<typeof startReleaseServer>>;
beforeAll(async () => {
  server = await startReleaseServer();
});
afterAll(async () => {
  await server.close();
});

type Part = { field: string; name: string; data: Buffer | string };
async function upload(cookie: string, parts: Part[], fields: Record<string, string> = {}, url = '/releases/import') {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const p of parts) form.append(p.field, new Blob([typeof p.data === 'string' ? p.data : new Uint8Array(p.data)]), p.name);
  const res = await fetch(`${server.url}/api${url}`, { method: 'POST', headers: { cookie, 'x-requested-with': 'XMLHttpRequest' }, body: form });
  return { status: res.status, body: (await res.json()) as Json['body'] };
}

async function imported(cookie: string, parts: Part[], fields: Record<string, string> = {}) {
  const res = await upload(cookie, parts, fields);
  expect([200, 202]).toContain(res.status);
  await runImportJobs(server);
  const got = await fetch(`${server.url}/api/releases/import/${res.body.id}`, { headers: { cookie } });
  return { upload: res, job: (await got.json()) as Json['body'] };
}

let n = 0;
function upc(): string {
  n += 1;
  return completeUpc(`07${String(Date.now() % 1_000_000).padStart(6, '0')}${String(n).padStart(3, '0')}`);
}
const RUN = String(Date.now() % 1000).padStart(3, '0');
const isrc = (i: number) => `GBAYE25${RUN}${String(i).padStart(2, '0')}`;

describe('DDEX ERN import', () => {
  it("imports DDEX's sample album as one IMPORTING release with all its tracks, both scripts, ISRCs and ICPN; the same file again changes nothing", async () => {
    const label = await signedInUser(server);
    const first = await imported(label.cookie, [{ field: 'file', name: 'sample-audio-album.xml', data: SAMPLE }], { previousDistributor: 'EMI' });
    expect(first.upload.status).toBe(202);
    expect(first.job).toMatchObject({ status: 'SUCCEEDED', format: 'ERN43', totalReleases: 1, doneReleases: 1 });
    expect(first.job.releaseIds).toHaveLength(1);
    expect(first.job.awaitingAudio).toHaveLength(21);
    const release = await server.prisma.release.findUniqueOrThrow({ where: { id: first.job.releaseIds[0] }, include: { tracks: { orderBy: { position: 'asc' } }, transfer: true, artistCredits: true } });
    expect(release).toMatchObject({ status: statusOrder('IMPORTING'), title: 'Yume no Hajmari', upc: '0094631432057', userId: label.user.id, transfer: { previousDistributor: 'EMI', review: 'PENDING' } });
    expect(release.altTitles).toEqual([{ languageAndScript: 'ja-Jpan', title: '夢のはじまり' }, { languageAndScript: 'ja-Kana', title: 'ﾕﾒﾉﾊｼﾞﾏﾘ' }]);
    expect(release.tracks).toHaveLength(21);
    expect(release.tracks[0]).toMatchObject({ title: 'Yume no Lullaby', isrc: 'JPTO09404900', altTitles: [{ languageAndScript: 'ja-Jpan', title: '夢のララバイ' }], awaitedAudio: '0094631432057_01_001.wav', audioFileId: null });
    expect(release.tracks[2]).toMatchObject({ title: '-Haru- Soushunfu', isrc: 'JPTO09404920' });
    expect(release.artistCredits.some((c) => c.artistName === 'Saeko Shu' && c.trackId === null)).toBe(true);

    const again = await upload(label.cookie, [{ field: 'file', name: 'again.xml', data: SAMPLE }]);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.job.id);
    expect(await server.prisma.release.count({ where: { userId: label.user.id } })).toBe(1);

    // The audio arrives later: the waiting track takes it.
    const late = await upload(label.cookie, [{ field: 'files', name: '0094631432057_01_001.wav', data: wav({ frames: 44_100 }) }], {}, `/releases/import/${first.job.id}/files`);
    expect(late.status).toBe(200);
    expect(late.body.attached).toEqual(['0094631432057_01_001.wav']);
    expect(late.body.import.awaitingAudio).toHaveLength(20);
    expect(await server.prisma.track.findFirstOrThrow({ where: { releaseId: release.id, position: 0 } })).toMatchObject({ awaitedAudio: null, sampleRate: 44_100 });

    // Over GraphQL too, and only for its owner.
    const q = await label.gql(`query($id: ID!) { catalogImport(id: $id) { status totalReleases doneReleases releaseIds errors { message } } }`, { id: first.job.id });
    expect(q.body.data.catalogImport).toMatchObject({ status: 'SUCCEEDED', totalReleases: 1, doneReleases: 1 });
    const stranger = await signedInUser(server);
    expect((await stranger.rest('GET', `/releases/import/${first.job.id}`)).status).toBe(404);
  });

  it('refuses malformed and schema-invalid XML whole, with the line', async () => {
    const label = await signedInUser(server);
    const broken = await imported(label.cookie, [{ field: 'file', name: 'bad.xml', data: SAMPLE.replace('</MessageHeader>', '') }]);
    expect(broken.job.status).toBe('FAILED');
    expect(broken.job.errors[0].message).toMatch(/malformed/);
    expect(broken.job.errors[0].line).toEqual(expect.any(Number));
    const invalid = await imported(label.cookie, [{ field: 'file', name: 'invalid.xml', data: SAMPLE.replace('<MessageId>Test1.1</MessageId>', '<MessageId>Test1.1</MessageId><Surprise/>') }]);
    expect(invalid.job.status).toBe('FAILED');
    expect(invalid.job.errors[0].message).toMatch(/^Schema: .*Surprise/);
    expect(invalid.job.errors[0].line).toBe(8);
    expect(await server.prisma.release.count({ where: { userId: label.user.id } })).toBe(0);
  });

  it('reads ERN 3.8.2 (required elements checked by hand)', async () => {
    const label = await signedInUser(server);
    const code = upc();
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/382" MessageSchemaVersionId="ern/382">
  <MessageHeader><MessageId>M1</MessageId></MessageHeader>
  <ResourceList>
    <SoundRecording><SoundRecordingId><ISRC>${isrc(71)}</ISRC></SoundRecordingId><ResourceReference>A1</ResourceReference><ReferenceTitle><TitleText>Old Song</TitleText></ReferenceTitle>
      <SoundRecordingDetailsByTerritory><TerritoryCode>Worldwide</TerritoryCode><DisplayArtist><PartyName><FullName>Band</FullName></PartyName><ArtistRole>MainArtist</ArtistRole></DisplayArtist>
      <ParentalWarningType>Explicit</ParentalWarningType><TechnicalSoundRecordingDetails><File><FileName>old.wav</FileName></File></TechnicalSoundRecordingDetails></SoundRecordingDetailsByTerritory></SoundRecording>
  </ResourceList>
  <ReleaseList><Release><ReleaseId><ICPN>${code}</ICPN></ReleaseId><ReleaseReference>R0</ReleaseReference><ReferenceTitle><TitleText>Old Album</TitleText></ReferenceTitle>
    <ReleaseResourceReferenceList><ReleaseResourceReference>A1</ReleaseResourceReference></ReleaseResourceReferenceList><ReleaseType>Album</ReleaseType>
    <ReleaseDetailsByTerritory><TerritoryCode>Worldwide</TerritoryCode><DisplayArtistName>Band</DisplayArtistName><LabelName>Old Label</LabelName></ReleaseDetailsByTerritory>
    <GlobalOriginalReleaseDate>2001-03-04</GlobalOriginalReleaseDate></Release></ReleaseList>
</ern:NewReleaseMessage>`;
    const out = await imported(label.cookie, [{ field: 'file', name: 'old.xml', data: xml }, { field: 'media', name: 'media.zip', data: makeZip([{ name: 'audio/old.wav', data: wav({ frames: 44_100 }) }]) }]);
    expect(out.job).toMatchObject({ status: 'SUCCEEDED', format: 'ERN382', awaitingAudio: [] });
    const r = await server.prisma.release.findFirstOrThrow({ where: { userId: label.user.id }, include: { tracks: true } });
    expect(r).toMatchObject({ title: 'Old Album', upc: code, labelName: 'Old Label', status: statusOrder('IMPORTING') });
    expect(r.originalReleaseDate?.toISOString().slice(0, 10)).toBe('2001-03-04');
    expect(r.tracks[0]).toMatchObject({ title: 'Old Song', explicitLyrics: true, awaitedAudio: null, sampleRate: 44_100 });
    const missing = await imported(label.cookie, [{ field: 'file', name: 'm.xml', data: xml.replace(/<ResourceList>[\s\S]*<\/ResourceList>/, '') }]);
    expect(missing.job).toMatchObject({ status: 'FAILED', errors: [expect.objectContaining({ message: 'ERN 3.8.2: the required element ResourceList is missing' })] });
  });
});

describe('CSV import', () => {
  const row = (u: string, i: number, extra: CsvRow = {}): CsvRow => ({
    upc: u, release_title: `Album ${u}`, release_date: '2024-01-05', original_release_date: '2010-01-05', isrc: isrc(i), track_title: `Song ${i}`,
    artists: 'Nova Lane (primary); Guest (featured)', genre: 'Pop', explicit: 'no', audio_file: `t${i}.wav`, ...extra,
  });

  it('creates each release atomically, refuses bad rows with their line numbers and imports the rest', async () => {
    const label = await signedInUser(server);
    const good = upc();
    const badDigit = `${good.slice(0, 11)}${(Number(good[11]) + 1) % 10}`;
    const dupA = upc();
    const noAudio = upc();
    const csv = catalogCsv([
      row(good, 1), row(good, 2),
      row(badDigit, 3),
      row(dupA, 4), row(dupA, 5, { isrc: isrc(4) }),
      row(noAudio, 6, { audio_file: '' }),
    ]);
    const zip = makeZip([1, 2, 3, 4, 5, 6].map((i) => ({ name: `t${i}.wav`, data: wav({ frames: 22_050 }) })));
    const before = await server.prisma.storedFile.count();
    const out = await imported(label.cookie, [{ field: 'file', name: 'cat.csv', data: csv }, { field: 'media', name: 'media.zip', data: zip }]);
    expect(out.job.status).toBe('PARTIAL');
    expect(out.job.releaseIds).toHaveLength(1);
    const lines = (out.job.errors as { line: number; message: string }[]).map((e) => `${e.line}: ${e.message}`);
    expect(lines).toEqual(expect.arrayContaining([
      expect.stringMatching(/^4: UPC .*check digit is wrong/),
      expect.stringMatching(/^5: ISRC .* appears twice in this file/),
      expect.stringMatching(/^6: ISRC .* appears twice in this file/),
      expect.stringMatching(/^7: Track 1 .* names no audio file/),
    ]));
    const made = await server.prisma.release.findMany({ where: { userId: label.user.id }, include: { tracks: { orderBy: { position: 'asc' } }, artistCredits: true } });
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ upc: good, status: statusOrder('IMPORTING'), tracks: [{ title: 'Song 1', awaitedAudio: null }, { title: 'Song 2' }] });
    expect(made[0]?.artistCredits.filter((c) => c.trackId === made[0]?.tracks[0]?.id).map((c) => c.artistName).sort()).toEqual(['Guest', 'Nova Lane']);
    // Nothing half-made: only the good release's two audio files were kept.
    expect(await server.prisma.storedFile.count()).toBe(before + 2);
  });

  it('refuses wrong columns, zips with ../ entries and zip bombs whole', async () => {
    const label = await signedInUser(server);
    const wrong = await imported(label.cookie, [{ field: 'file', name: 'w.csv', data: catalogCsv([row(upc(), 80)], ['upc', 'title', 'isrc']) }]);
    expect(wrong.job).toMatchObject({ status: 'FAILED', errors: [expect.objectContaining({ line: 1, message: expect.stringMatching(/^Wrong CSV columns.*missing release_title/) })] });
    const u = upc();
    const traversal = await imported(label.cookie, [{ field: 'file', name: 't.csv', data: catalogCsv([row(u, 81)]) }, { field: 'media', name: 'm.zip', data: makeZip([{ name: '../../etc/t81.wav', data: wav() }]) }]);
    expect(traversal.job.status).toBe('FAILED');
    expect(traversal.job.errors[0].message).toMatch(/relative path|outside the folder/);
    const bomb = await imported(label.cookie, [
      { field: 'file', name: 'b.csv', data: catalogCsv([row(upc(), 82)]) },
      { field: 'media', name: 'bomb.zip', data: makeZip([{ name: 't82.wav', data: Buffer.alloc(20 * 1024 * 1024) }]) },
    ]);
    expect(bomb.job.status).toBe('FAILED');
    expect(bomb.job.errors[0].message).toMatch(/zip bomb/);
    expect(await server.prisma.release.count({ where: { userId: label.user.id } })).toBe(0);
  });

  it('lets staff import into an account, and refuses it to others', async () => {
    const owner = await buildUser(server.prisma);
    const staffCookie = await sessionCookieFor(server.prisma, (await buildUser(server.prisma, { role: 'SUPPORT' })).id);
    const out = await imported(staffCookie, [{ field: 'file', name: 's.csv', data: catalogCsv([row(upc(), 90)]) }, { field: 'files', name: 't90.wav', data: wav() }], { ownerId: owner.id });
    expect(out.job.status).toBe('SUCCEEDED');
    expect(await server.prisma.release.count({ where: { userId: owner.id, status: statusOrder('IMPORTING') } })).toBe(1);
    const user = await signedInUser(server);
    const refused = await upload(user.cookie, [{ field: 'file', name: 's2.csv', data: catalogCsv([row(upc(), 91)]) }], { ownerId: owner.id });
    expect(refused.status).toBe(403);
  });
});
