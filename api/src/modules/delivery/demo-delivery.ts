/**
 * The demo of the delivery chain on `npm start` (demo data only): the demo artist gets an
 * approved single with real stored audio and cover, and the delivery job is enqueued as the
 * operations console does on approval. Within a minute it lands in DATA_DIR/deliveries, the local
 * store simulator acknowledges it, and the release shows Published with its stores.
 * Runs once per database (a job with a fixed unique key); nothing happens without demo data.
 */
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { ARTIST_ROLE } from '@cadence/domain/constants';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { newObjectKey } from '../../integrations/storage/storage.ts';
import { storageFor } from '../uploads/storage.ts';
import { statusNumber, todayUtc } from '../releases/release-model.ts';
import { changeReleaseStatus } from '../releases/release-status.service.ts';
import { DELIVER_RELEASE_JOB, type DeliveryDeps } from './delivery.service.ts';

export const DEMO_DELIVERY_JOB = 'delivery.demo-release';
/** The seed's demo artist (prisma/seed.ts DEMO_ARTIST_EMAIL). */
const DEMO_ARTIST_EMAIL = 'artist@cadence.test';
const DEMO_UPC = '859700000038';
const SAMPLE_RATE = 44_100;
const SECONDS = 3;

/** Three seconds of a quiet 440 Hz tone as 16-bit stereo PCM WAV. */
function demoWav(): Buffer {
  const frames = SAMPLE_RATE * SECONDS;
  const data = Buffer.alloc(frames * 4);
  for (let i = 0; i < frames; i++) {
    const v = Math.round(Math.sin((2 * Math.PI * 440 * i) / SAMPLE_RATE) * 3000);
    data.writeInt16LE(v, i * 4);
    data.writeInt16LE(v, i * 4 + 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Enqueues the demo once (idempotent: a fixed unique key, whichever process starts first). */
export function scheduleDemoDelivery(deps: DeliveryDeps) {
  if (!deps.config.seedDemo) return Promise.resolve(null);
  return enqueueJob(deps.prisma, DEMO_DELIVERY_JOB, {}, { uniqueKey: DEMO_DELIVERY_JOB, maxAttempts: 3 });
}

/** Creates the approved demo single with its files and enqueues its delivery. */
export async function createDemoDelivery(deps: DeliveryDeps): Promise<{ releaseId: string | null }> {
  const user = await deps.prisma.user.findUnique({ where: { emailNormalized: DEMO_ARTIST_EMAIL }, select: { id: true } });
  if (!user) return { releaseId: null };
  const existing = await deps.prisma.release.findFirst({ where: { userId: user.id, upc: DEMO_UPC }, select: { id: true } });
  if (existing) return { releaseId: existing.id };
  const storage = storageFor(deps.config);
  const cover = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: { r: 32, g: 56, b: 120 } } }).jpeg({ quality: 80 }).toBuffer();
  const audio = demoWav();
  const coverPut = await storage.put(newObjectKey('cover', 'jpg'), Readable.from([cover]), { contentType: 'image/jpeg' });
  const audioPut = await storage.put(newObjectKey('audio', 'wav'), Readable.from([audio]), { contentType: 'audio/wav' });
  const yesterday = new Date(`${todayUtc()}T00:00:00Z`);
  yesterday.setUTCDate(yesterday.getUTCDate() - 1);
  const dsps = await deps.prisma.dsp.findMany({ where: { enabled: true, showInList: true }, orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }], take: 2, select: { id: true } });

  return deps.prisma.$transaction(async (tx) => {
    const coverFile = await tx.storedFile.create({ data: { userId: user.id, kind: 'COVER_IMAGE', storageKey: coverPut.key, originalName: 'morning-tide.jpg', mimeType: 'image/jpeg', sizeBytes: BigInt(coverPut.size), sha256: coverPut.sha256, md5: coverPut.md5, width: 3000, height: 3000 } });
    const audioFile = await tx.storedFile.create({ data: { userId: user.id, kind: 'TRACK', storageKey: audioPut.key, originalName: 'morning-tide.wav', mimeType: 'audio/wav', sizeBytes: BigInt(audioPut.size), sha256: audioPut.sha256, md5: audioPut.md5 } });
    const release = await tx.release.create({
      data: {
        userId: user.id,
        title: 'Morning Tide',
        genreId: (await tx.genre.findFirst({ where: { enabled: true }, orderBy: { sortOrder: 'asc' }, select: { id: true } }))?.id ?? null,
        status: statusNumber('VALIDATED'),
        upc: DEMO_UPC,
        labelName: 'Nova Lane Music',
        pLine: `${yesterday.getUTCFullYear()} Nova Lane Music`,
        cLine: `${yesterday.getUTCFullYear()} Nova Lane Music`,
        releaseDate: yesterday,
        originalReleaseDate: yesterday,
        coverArtFileId: coverFile.id,
        submittedAt: new Date(),
      },
    });
    const track = await tx.track.create({
      data: { releaseId: release.id, userId: user.id, title: 'Morning Tide', position: 0, isrc: 'USCDN2400006', audioFileId: audioFile.id, fileName: 'morning-tide.wav', sampleRate: SAMPLE_RATE, bitDepth: 16, channels: 2, durationMs: SECONDS * 1000, codec: 'pcm' },
    });
    await tx.artistCredit.createMany({
      data: [
        { releaseId: release.id, userId: user.id, artistName: 'Nova Lane', artistRelationTypeId: ARTIST_ROLE.PRIMARY },
        { releaseId: release.id, trackId: track.id, userId: user.id, artistName: 'Nova Lane', artistRelationTypeId: ARTIST_ROLE.PRIMARY },
      ],
    });
    if (dsps.length) await tx.releaseDsp.createMany({ data: dsps.map((d) => ({ releaseId: release.id, dspId: d.id })) });
    // What staff approval does in the operations console: APPROVED, then the delivery job by name.
    await changeReleaseStatus(tx, { viewer: null }, release, { to: 'APPROVED', actor: 'admin' });
    await enqueueJob(tx, DELIVER_RELEASE_JOB, { releaseId: release.id });
    return { releaseId: release.id };
  });
}
