/** Test helpers for deliveries: an approved release with stored audio and cover, and a job runner with every module's handlers. */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ARTIST_ROLE } from '@cadence/domain/constants';
import type { TestServer } from '../../../test/harness.ts';
import { buildUser } from '../../../test/factories.ts';
import { startReleaseServer } from '../../releases/__test-support__/release-kit.ts';
import { JobWorker } from '../../../jobs/job-queue.ts';
import { createLogger } from '../../../logger.ts';
import { jobHandlersOf } from '../../../module.ts';
import { modules } from '../../../server/modules.ts';
import { newObjectKey } from '../../../integrations/storage/storage.ts';
import { storageFor } from '../../uploads/storage.ts';
import { statusNumber } from '../../releases/release-model.ts';
import { DELIVER_RELEASE_JOB } from '../delivery.service.ts';
import { enqueueJob } from '../../../jobs/job-queue.ts';

export type DeliveryServer = TestServer & { storageDir: string; storeDir: string };

/** A test server whose local store folder is a fresh temporary folder (simulator on). */
export async function startDeliveryServer(env: Record<string, string> = {}): Promise<DeliveryServer> {
  const storeDir = await mkdtemp(path.join(os.tmpdir(), 'cadence-stores-'));
  const server = await startReleaseServer({ LOCAL_STORE_DIR: storeDir, STORE_SIMULATOR: 'true', ...env });
  return Object.assign(server, { storeDir });
}

/** Runs every due job with the real handlers of every module; returns how many ran. */
export function runAllJobs(server: TestServer): Promise<number> {
  const logger = createLogger('error');
  return new JobWorker(server.prisma, jobHandlersOf(modules, { prisma: server.prisma, config: server.config, logger, pruneTasks: [] }), logger).runUntilIdle();
}

async function stored(server: TestServer, userId: string, kind: 'TRACK' | 'COVER_IMAGE', bytes: Buffer, name: string, mimeType: string) {
  const put = await storageFor(server.config).put(newObjectKey(kind === 'TRACK' ? 'audio' : 'cover', path.extname(name)), Readable.from([bytes]));
  return server.prisma.storedFile.create({
    data: { userId, kind, storageKey: put.key, originalName: name, mimeType, sizeBytes: BigInt(put.size), sha256: put.sha256, md5: put.md5, ...(kind === 'COVER_IMAGE' ? { width: 3000, height: 3000 } : {}) },
  });
}

export interface ApprovedReleaseOptions {
  tracks?: number;
  releaseDate?: string | null;
  dspIds?: number[];
  featured?: string;
  userId?: string;
}

/** An APPROVED release (as the console leaves it) with stored audio, cover, credits, codes and selected stores. */
export async function approvedRelease(server: TestServer, opts: ApprovedReleaseOptions = {}) {
  const userId = opts.userId ?? (await buildUser(server.prisma)).id;
  const cover = await stored(server, userId, 'COVER_IMAGE', Buffer.from('jpeg-cover-bytes'), 'cover.jpg', 'image/jpeg');
  const genre = await server.prisma.genre.findFirst({ orderBy: { sortOrder: 'asc' } });
  const release = await server.prisma.release.create({
    data: {
      userId,
      title: 'Night Drive',
      genreId: genre?.id ?? null,
      status: statusNumber('APPROVED'),
      statusChangedAt: new Date(Date.now() - 1000),
      upc: '0860000000012',
      labelName: 'Test Records',
      pLine: '2026 Test Records',
      cLine: '2026 Test Records',
      releaseDate: opts.releaseDate === null ? null : new Date(`${opts.releaseDate ?? '2026-01-01'}T00:00:00Z`),
      coverArtFileId: cover.id,
    },
  });
  await server.prisma.artistCredit.create({ data: { releaseId: release.id, userId, artistName: 'Ada Lovelace', artistRelationTypeId: ARTIST_ROLE.PRIMARY } });
  for (let i = 0; i < (opts.tracks ?? 1); i++) {
    const audio = await stored(server, userId, 'TRACK', Buffer.alloc(50_000 + i, i + 1), `track${i + 1}.flac`, 'audio/flac');
    const track = await server.prisma.track.create({
      data: { releaseId: release.id, userId, title: `Track ${i + 1}`, position: i, isrc: `QZCAD26${String(10000 + i).padStart(5, '0')}`, audioFileId: audio.id, fileName: `track${i + 1}.flac`, durationMs: 180_000, sampleRate: 44_100, bitDepth: 16, channels: 2, codec: 'flac' },
    });
    if (opts.featured) await server.prisma.artistCredit.create({ data: { releaseId: release.id, trackId: track.id, userId, artistName: opts.featured, artistRelationTypeId: ARTIST_ROLE.FEATURED } });
  }
  const dspIds = opts.dspIds ?? (await server.prisma.dsp.findMany({ orderBy: { id: 'asc' }, take: 2, select: { id: true } })).map((d) => d.id);
  await server.prisma.releaseDsp.createMany({ data: dspIds.map((dspId) => ({ releaseId: release.id, dspId })) });
  return { releaseId: release.id, userId, dspIds };
}

/** What the console does on approval: enqueue the delivery job by name. */
export function enqueueDelivery(server: TestServer, releaseId: string) {
  return enqueueJob(server.prisma, DELIVER_RELEASE_JOB, { releaseId });
}
