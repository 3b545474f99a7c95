/**
 * Benchmark (issue 23): a generated CSV catalogue of BENCH_TRACKS tracks (default 1,000; 10 tracks
 * per release) with small WAV files in a media zip, imported end to end (upload, CSV parse, zip
 * checks, audio checks and storage, one transaction per release, code claims). The baseline, in the
 * same run: the same audio files stored through the upload pipeline alone, without the import.
 * Prints tracks/s of both and this process's memory growth.
 *
 *   npx tsx bench/catalog-import.ts            (embedded PGlite)
 */
import { Readable } from 'node:stream';
import { completeUpc } from '@cadence/domain/upc';
import { wav } from '../api/src/integrations/media/__test-support__/media-fixtures.ts';
import { startReleaseServer } from '../api/src/modules/releases/__test-support__/release-kit.ts';
import { catalogCsv, makeZip, runImportJobs, type CsvRow } from '../api/src/modules/releases/__test-support__/catalog-kit.ts';
import { buildUser, sessionCookieFor } from '../api/src/test/factories.ts';
import { storeAudio } from '../api/src/modules/uploads/uploads.service.ts';

const TRACKS = Number(process.env.BENCH_TRACKS ?? 1_000);
const PER_RELEASE = 10;

const server = await startReleaseServer();
try {
  const audio = wav({ frames: 4_410 });
  const rows: CsvRow[] = Array.from({ length: TRACKS }, (_, i) => {
    const r = Math.floor(i / PER_RELEASE);
    return {
      upc: completeUpc(`0${String(r).padStart(10, '0')}`),
      release_title: `Bench Album ${r}`,
      release_date: '2024-01-01',
      original_release_date: '2015-01-01',
      isrc: `USBEN25${String(i).padStart(5, '0')}`,
      track_title: `Track ${i}`,
      artists: 'Bench Artist (primary)',
      genre: 'Pop',
      explicit: 'no',
      audio_file: `t${i}.wav`,
    };
  });
  const zip = makeZip(rows.map((r) => ({ name: r.audio_file as string, data: audio })));

  const t0 = performance.now();
  for (let i = 0; i < TRACKS; i++) await storeAudio(server.config, Readable.from([audio]));
  const baselineSeconds = (performance.now() - t0) / 1000;

  const user = await buildUser(server.prisma);
  const cookie = await sessionCookieFor(server.prisma, user.id);
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const t1 = performance.now();
  const form = new FormData();
  form.append('file', new Blob([catalogCsv(rows)]), 'catalog.csv');
  form.append('media', new Blob([new Uint8Array(zip)]), 'media.zip');
  const res = await fetch(`${server.url}/api/releases/import`, { method: 'POST', headers: { cookie, 'x-requested-with': 'XMLHttpRequest' }, body: form });
  if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  await runImportJobs(server);
  const seconds = (performance.now() - t1) / 1000;
  const rssAfter = process.memoryUsage().rss;
  const tracks = await server.prisma.track.count({ where: { userId: user.id, audioFileId: { not: null } } });
  if (tracks !== TRACKS) throw new Error(`imported ${tracks} of ${TRACKS} tracks`);
  console.log(`catalogue import: ${TRACKS} tracks in ${seconds.toFixed(1)} s = ${(TRACKS / seconds).toFixed(1)} tracks/s`);
  console.log(`baseline (audio stored without the import): ${(TRACKS / baselineSeconds).toFixed(1)} tracks/s; import at ${((baselineSeconds / seconds) * 100).toFixed(0)}% of it`);
  console.log(`memory growth during the import: ${((rssAfter - rssBefore) / 1024 / 1024).toFixed(1)} MB (zip ${(zip.length / 1024 / 1024).toFixed(1)} MB)`);
} finally {
  await server.close();
}
