/**
 * Issue 19: the demo artist's releases have real cover art, not empty grey squares. The seed writes
 * rows only; this start-up step draws a cover per demo release that has none (a 1600 px PNG from
 * the title's colours, through the same storage and checks as an upload). Idempotent: a release
 * that has a cover, or got one from another process meanwhile, is left alone.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { ModuleDeps } from '../../module.ts';
import { DEMO_ARTIST_EMAIL } from '../../../../prisma/seed.ts';
import { discardStored, storeCover } from '../uploads/uploads.service.ts';

const SIZE = 1600;

/** A square PNG drawn from the title: two colours from its hash, a gradient and a few soft rings. */
export async function demoCoverPng(title: string): Promise<Buffer> {
  const hash = createHash('sha256').update(title).digest();
  const hue = (hash[0]! * 360) / 256;
  const hue2 = (hue + 40 + (hash[1]! % 80)) % 360;
  const rings = Array.from({ length: 5 }, (_, i) => {
    const r = 180 + i * 150 + (hash[2 + i]! % 60);
    return `<circle cx="${800 + (hash[8]! % 200) - 100}" cy="${900 + (hash[9]! % 200) - 100}" r="${r}" fill="none" stroke="hsl(${hue2} 80% 85%)" stroke-opacity="${0.5 - i * 0.08}" stroke-width="${28 - i * 4}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 65% 38%)"/><stop offset="1" stop-color="hsl(${hue2} 70% 22%)"/></linearGradient></defs>
    <rect width="${SIZE}" height="${SIZE}" fill="url(#g)"/>${rings}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Gives each demo release without cover art a drawn one (only when the demo accounts are seeded). */
export async function giveDemoReleasesCovers({ prisma, config, logger }: ModuleDeps): Promise<void> {
  if (!config.seedDemo) return;
  const releases = await prisma.release.findMany({
    where: { coverArtFileId: null, user: { email: DEMO_ARTIST_EMAIL } },
    select: { id: true, userId: true, title: true },
  });
  for (const release of releases) {
    const stored = await storeCover(config, Readable.from(await demoCoverPng(release.title)));
    try {
      await prisma.$transaction(async (tx) => {
        const file = await tx.storedFile.create({
          data: {
            userId: release.userId,
            kind: 'COVER_IMAGE',
            storageKey: stored.key,
            originalName: 'cover.png',
            mimeType: stored.contentType,
            sizeBytes: BigInt(stored.size),
            sha256: stored.sha256,
            md5: stored.md5,
            width: stored.image.width,
            height: stored.image.height,
          },
        });
        const { count } = await tx.release.updateMany({ where: { id: release.id, coverArtFileId: null }, data: { coverArtFileId: file.id } });
        // Another process gave it a cover meanwhile: keep that one, roll this back.
        if (count === 0) throw new Error('cover already set');
      });
    } catch (err) {
      await discardStored(config, stored.key);
      if ((err as Error).message !== 'cover already set') logger.warn('demo cover not set', { err: err as Error, releaseId: release.id });
    }
  }
}
