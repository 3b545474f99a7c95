/** Cover art: upload (replacing the previous image) and reading it back for its owner. */
import type { Readable } from 'node:stream';
import { isEditable } from '@cadence/domain/release-rules';
import { DomainError } from '../../domain-error.ts';
import { cleanFileName, discardStored, storeCover } from '../uploads/uploads.service.ts';
import { storageFor } from '../uploads/storage.ts';
import { releaseNotFound, requireViewer, statusName } from './release-model.ts';
import { assertExpectedVersion } from './release-status.service.ts';
import { getRelease, lockOwnedRelease, ownedReleaseWhere, prepareEdit, touchRelease, type ReleaseCtx } from './releases.service.ts';
import { auditCatalogEdit } from '../audit/audit.service.ts';

/**
 * Streams a cover image to storage (type by bytes, the spec's size and square rules, the
 * decompression-bomb guard) and makes it the release's cover; the old image is removed afterwards.
 * `expectedVersion` is the release's version the caller last read: a stale one is CONFLICT, before
 * the upload (fast) and again when the cover is set; none (legacy REST) means last write wins.
 */
export async function uploadCoverArt(ctx: ReleaseCtx, releaseId: string, file: { stream: Readable; fileName: string }, expectedVersion?: number | null): Promise<{ id: string }> {
  const viewer = requireViewer(ctx);
  const current = await getRelease(ctx, releaseId, { select: { status: true, version: true } });
  if (!isEditable(statusName(current.status))) throw new DomainError('CONFLICT', 'This release can no longer be edited', { key: 'release-not-editable' });
  assertExpectedVersion(current, expectedVersion);
  const stored = await storeCover(ctx.config, file.stream);
  let oldKey: string | undefined;
  try {
    await ctx.prisma.$transaction(async (tx) => {
      const release = await lockOwnedRelease(tx, ctx, releaseId);
      assertExpectedVersion(release, expectedVersion);
      const { version } = await prepareEdit(tx, ctx, release);
      const storedFile = await tx.storedFile.create({
        data: {
          userId: viewer.userId,
          kind: 'COVER_IMAGE',
          storageKey: stored.key,
          originalName: cleanFileName(file.fileName, `cover.${stored.format === 'jpeg' ? 'jpg' : 'png'}`),
          mimeType: stored.contentType,
          sizeBytes: BigInt(stored.size),
          sha256: stored.sha256,
          md5: stored.md5,
          width: stored.image.width,
          height: stored.image.height,
        },
      });
      await tx.release.update({ where: { id: releaseId }, data: { coverArtFileId: storedFile.id } });
      if (release.coverArtFileId) {
        const old = await tx.storedFile.delete({ where: { id: release.coverArtFileId }, select: { storageKey: true } });
        oldKey = old.storageKey;
      }
      await touchRelease(tx, { id: releaseId, version });
      await auditCatalogEdit(ctx, tx, { subcategory: 'COVER_EDITED', userId: release.userId, entityType: 'Cover', entityId: releaseId, before: { coverArtFileId: release.coverArtFileId }, after: { coverArtFileId: storedFile.id, fileName: storedFile.originalName, width: storedFile.width, height: storedFile.height } });
    });
  } catch (err) {
    await discardStored(ctx.config, stored.key);
    throw err;
  }
  if (oldKey) await discardStored(ctx.config, oldKey);
  return { id: releaseId };
}

/** The stored cover of one of the viewer's releases, for streaming back. */
export async function openCoverArt(ctx: ReleaseCtx, releaseId: string): Promise<{ stream: Readable; mimeType: string; size: number; fileName: string }> {
  const release = await ctx.prisma.release.findFirst({
    where: ownedReleaseWhere(ctx, releaseId),
    select: { coverArt: { select: { storageKey: true, mimeType: true, sizeBytes: true, originalName: true } } },
  });
  if (!release) throw releaseNotFound();
  if (!release.coverArt) throw new DomainError('NOT_FOUND', 'This release has no cover art', { key: 'cover-not-found' });
  const stream = await storageFor(ctx.config).get(release.coverArt.storageKey);
  return { stream, mimeType: release.coverArt.mimeType, size: Number(release.coverArt.sizeBytes), fileName: release.coverArt.originalName ?? 'cover' };
}
