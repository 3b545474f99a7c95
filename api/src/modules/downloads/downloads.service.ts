/**
 * Downloads of original files: a time-limited link per eligible release, and an archive of the whole
 * account (download-all). Link codes are random and stored only as hashes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { isDownloadEligible } from '@cadence/domain/release-rules';
import { DomainError } from '../../domain-error.ts';
import { releaseNotFound, requireViewer, toReleaseLike } from '../releases/release-model.ts';
import { ownedReleaseWhere, type ReleaseCtx } from '../releases/releases.service.ts';
import { storageFor } from '../uploads/storage.ts';
import type { TarEntry } from './tar.ts';

/** A release link lasts 15 minutes; an account archive link a day. */
export const RELEASE_LINK_TTL_MS = 15 * 60_000;
export const ACCOUNT_LINK_TTL_MS = 24 * 60 * 60_000;
/** Without skipTimeLimit, a new account archive is refused within this time of the previous one. */
export const DOWNLOAD_ALL_COOLDOWN_MS = 10 * 60_000;

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

export interface DownloadLinkInfo {
  code: string;
  url: string;
  expiresAt: Date;
}

const RELEASE_FILES = {
  id: true,
  title: true,
  status: true,
  comment: true,
  releaseDate: true,
  takedownDate: true,
  rejectDate: true,
  coverArt: { select: { storageKey: true, sizeBytes: true, mimeType: true } },
  tracks: { orderBy: { position: 'asc' }, select: { title: true, position: true, fileName: true, audioFile: { select: { storageKey: true, sizeBytes: true } } } },
} as const;

/** Makes a time-limited download link for one of the viewer's download-eligible releases. */
export async function createDownloadLink(ctx: ReleaseCtx, releaseId: string): Promise<DownloadLinkInfo> {
  const viewer = requireViewer(ctx);
  const release = await ctx.prisma.release.findFirst({ where: ownedReleaseWhere(ctx, releaseId), select: RELEASE_FILES });
  if (!release) throw releaseNotFound();
  if (!isDownloadEligible(toReleaseLike(release), ctx.config.env.sunsetDate)) {
    throw new DomainError('FORBIDDEN', 'This release cannot be downloaded in its current status', { key: 'not-download-eligible' });
  }
  const code = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + RELEASE_LINK_TTL_MS);
  await ctx.prisma.downloadLink.create({ data: { codeHash: hashCode(code), userId: viewer.userId, releaseId, expiresAt } });
  return { code, url: `/api/releases/download-link/${code}`, expiresAt };
}

/** Starts an archive of every download-eligible release of the account; audited as a catalogue export request. */
export async function requestDownloadAll(ctx: ReleaseCtx, opts: { skipTimeLimit?: boolean } = {}): Promise<DownloadLinkInfo & { releaseCount: number }> {
  const viewer = requireViewer(ctx);
  if (!opts.skipTimeLimit) {
    const recent = await ctx.prisma.catalogExport.findFirst({ where: { userId: viewer.userId, createdAt: { gt: new Date(Date.now() - DOWNLOAD_ALL_COOLDOWN_MS) } } });
    if (recent) throw new DomainError('RATE_LIMITED', 'An archive of your catalogue was requested a few minutes ago. Use that link, or try again later', { key: 'download-all-too-soon' });
  }
  const releases = await eligibleReleases(ctx);
  const code = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + ACCOUNT_LINK_TTL_MS);
  await ctx.prisma.$transaction([
    ctx.prisma.catalogExport.create({ data: { userId: viewer.userId } }),
    ctx.prisma.downloadLink.create({ data: { codeHash: hashCode(code), userId: viewer.userId, releaseId: null, expiresAt } }),
    ctx.prisma.auditEvent.create({
      data: { category: 'CATALOG_EXPORT', subcategory: 'CATALOG_EXPORT_REQUESTED', userId: viewer.userId, actorId: viewer.userId, impersonatorId: viewer.impersonatorId ?? null, requestId: ctx.requestId },
    }),
  ]);
  return { code, url: `/api/releases/download-link/${code}`, expiresAt, releaseCount: releases.length };
}

async function eligibleReleases(ctx: ReleaseCtx) {
  const rows = await ctx.prisma.release.findMany({ where: ownedReleaseWhere(ctx), select: RELEASE_FILES, orderBy: { id: 'asc' } });
  return rows.filter((r) => isDownloadEligible(toReleaseLike(r), ctx.config.env.sunsetDate));
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what must not reach a file name
const safe = (s: string) => s.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').trim().slice(0, 80) || 'untitled';

/**
 * Resolves a link for its owner: the archive's file name and entries (original audio and cover).
 * Expired, unknown or someone else's codes are all NOT_FOUND.
 */
export async function openDownloadLink(ctx: ReleaseCtx, code: string): Promise<{ archiveName: string; entries: TarEntry[] }> {
  const viewer = requireViewer(ctx);
  const link = await ctx.prisma.downloadLink.findUnique({ where: { codeHash: hashCode(code) } });
  if (!link || link.userId !== viewer.userId || link.expiresAt <= new Date()) {
    throw new DomainError('NOT_FOUND', 'This download link is unknown or has expired', { key: 'download-link-expired' });
  }
  let releases;
  if (link.releaseId) {
    const release = await ctx.prisma.release.findFirst({ where: ownedReleaseWhere(ctx, link.releaseId), select: RELEASE_FILES });
    if (!release || !isDownloadEligible(toReleaseLike(release), ctx.config.env.sunsetDate)) throw releaseNotFound();
    releases = [release];
  } else {
    releases = await eligibleReleases(ctx);
    await ctx.prisma.auditEvent.create({
      data: { category: 'CATALOG_EXPORT', subcategory: 'CATALOG_EXPORT_STARTED', userId: viewer.userId, actorId: viewer.userId, impersonatorId: viewer.impersonatorId ?? null, requestId: ctx.requestId },
    });
  }
  await ctx.prisma.downloadLink.update({ where: { id: link.id }, data: { usedAt: new Date() } });
  const storage = storageFor(ctx.config);
  const entries: TarEntry[] = [];
  for (const r of releases) {
    const folder = `${safe(r.title)}-${r.id.slice(-8)}`;
    if (r.coverArt) {
      const key = r.coverArt.storageKey;
      entries.push({ name: `${folder}/cover.${r.coverArt.mimeType === 'image/png' ? 'png' : 'jpg'}`, size: Number(r.coverArt.sizeBytes), open: () => storage.get(key) });
    }
    for (const t of r.tracks) {
      if (!t.audioFile) continue;
      const key = t.audioFile.storageKey;
      const ext = (t.fileName ?? '').match(/\.([A-Za-z0-9]{1,5})$/)?.[1] ?? 'wav';
      entries.push({ name: `${folder}/${String(t.position + 1).padStart(2, '0')} - ${safe(t.title)}.${ext}`, size: Number(t.audioFile.sizeBytes), open: () => storage.get(key) });
    }
  }
  const archiveName = link.releaseId && releases[0] ? `${safe(releases[0].title)}.tar` : 'catalogue.tar';
  return { archiveName, entries };
}
