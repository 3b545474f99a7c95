/** The benchmarks' data: one user with 20 LIVE releases of 3 tracks, each track with 2 credits. */
import type { PrismaClient } from '../api/src/generated/prisma/client.ts';
import { seed } from '../prisma/seed.ts';
import { hashPassword } from '../api/src/modules/auth/password.ts';
import { buildUser } from '../api/src/test/factories.ts';
import { statusOrder } from '@cadence/domain/release-status';

export async function seedReleases(prisma: PrismaClient): Promise<{ userId: string }> {
  await seed(prisma, { demo: false, hashPassword });
  const user = await buildUser(prisma);
  for (let r = 0; r < 20; r++) {
    const release = await prisma.release.create({
      data: { userId: user.id, title: `Release ${r + 1}`, status: statusOrder('LIVE'), releaseDate: new Date('2026-01-15T00:00:00Z'), genreId: '2751', languageId: 'EN' },
    });
    for (let t = 0; t < 3; t++) {
      const track = await prisma.track.create({
        data: { releaseId: release.id, userId: user.id, title: `Track ${t + 1}`, position: t + 1, isrc: `QZCAD26${String(r * 10 + t).padStart(5, '0')}` },
      });
      await prisma.artistCredit.createMany({
        data: [
          { releaseId: release.id, trackId: track.id, userId: user.id, artistName: 'Nova Lane', artistRelationTypeId: 1 },
          { releaseId: release.id, trackId: track.id, userId: user.id, artistName: 'Kai Moreno', artistRelationTypeId: 4 },
        ],
      });
    }
  }
  return { userId: user.id };
}
