/**
 * The durable job that validates a submitted (OK) release: stored files are readable, audio and
 * artwork meet the delivery rules, metadata passes the check. It ends in VALIDATED, or REJECTED
 * with a rejection comment in the spec's format (track reasons display as 'Track N: reason').
 */
import type { Readable } from 'node:stream';
import { buildRejectionComment, type RejectionRecord } from '@cadence/domain/rejection-comment';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import type { JobHandler } from '../../jobs/job-queue.ts';
import { assertDeliverableAudio, inspectAudio } from '../../integrations/media/audio.ts';
import { assertCoverArt, inspectImage } from '../../integrations/media/image.ts';
import { MediaError } from '../../integrations/media/media-error.ts';
import { ObjectNotFoundError } from '../../integrations/storage/errors.ts';
import { storageFor } from '../uploads/storage.ts';
import { CHECK_INCLUDE, checkLoadedRelease } from '../releases/release-check.ts';
import { statusName, todayUtc } from '../releases/release-model.ts';
import { changeReleaseStatus } from '../releases/release-status.service.ts';
import { VALIDATE_RELEASE_JOB } from '../releases/releases.service.ts';

export interface ReleaseJobDeps {
  prisma: PrismaClient;
  config: Config;
  logger: Logger;
}

/** The job handlers of the release modules, by job name, for a JobWorker. */
export function releaseJobHandlers(deps: ReleaseJobDeps): Record<string, JobHandler> {
  return { [VALIDATE_RELEASE_JOB]: (payload) => validateRelease(deps, payload) };
}

const VALIDATION_INCLUDE = {
  ...CHECK_INCLUDE,
  coverArt: { select: { width: true, height: true, mimeType: true, storageKey: true, sizeBytes: true } },
  tracks: {
    orderBy: { position: 'asc' },
    select: { id: true, title: true, isrc: true, audioFileId: true, isRemix: true, position: true, audioFile: { select: { storageKey: true, sizeBytes: true } } },
  },
} as const;

/** Reads a stored object through an inspector; a missing or damaged file becomes a reason, other errors (storage down) retry the job. */
async function inspectStored<T>(deps: ReleaseJobDeps, key: string, size: bigint, inspect: (s: Readable) => Promise<T>, what: string): Promise<{ info?: T; reason?: string }> {
  const storage = storageFor(deps.config);
  try {
    const head = await storage.head(key);
    if (!head) return { reason: `The ${what} file is missing. Upload it again` };
    if (BigInt(head.size) !== size) return { reason: `The ${what} file is damaged (its size changed). Upload it again` };
    return { info: await inspect(await storage.get(key)) };
  } catch (err) {
    if (err instanceof ObjectNotFoundError) return { reason: `The ${what} file is missing. Upload it again` };
    if (err instanceof MediaError) return { reason: err.reason };
    throw err;
  }
}

/** Validates one submitted release and moves it to VALIDATED or REJECTED (actor: system). */
export async function validateRelease(deps: ReleaseJobDeps, payload: unknown): Promise<{ status: string; reasons?: number }> {
  const releaseId = (payload as { releaseId?: unknown } | null)?.releaseId;
  if (typeof releaseId !== 'string') throw new Error('release.validate needs a releaseId');
  const release = await deps.prisma.release.findUnique({ where: { id: releaseId }, include: VALIDATION_INCLUDE });
  if (!release || statusName(release.status) !== 'OK') return { status: release ? statusName(release.status) : 'MISSING' };

  const records: RejectionRecord[] = [];
  for (const issue of checkLoadedRelease(release, { today: todayUtc(), hideDspSelection: deps.config.env.hideDSPSelection })) {
    records.push(issue.trackId ? { kind: 'track', trackId: issue.trackId, reason: issue.message } : { kind: 'release', reason: issue.message });
  }
  if (release.coverArt) {
    const { info, reason } = await inspectStored(deps, release.coverArt.storageKey, release.coverArt.sizeBytes, (s) => inspectImage(s), 'cover art');
    if (reason) records.push({ kind: 'release', reason });
    else if (info) {
      try {
        assertCoverArt(info);
      } catch (err) {
        if (!(err instanceof MediaError)) throw err;
        records.push({ kind: 'release', reason: err.reason });
      }
    }
  }
  for (const track of release.tracks) {
    if (!track.audioFile) continue;
    const { info, reason } = await inspectStored(deps, track.audioFile.storageKey, track.audioFile.sizeBytes, (s) => inspectAudio(s), 'audio');
    if (reason) records.push({ kind: 'track', trackId: track.id, reason });
    else if (info) {
      try {
        assertDeliverableAudio(info);
      } catch (err) {
        if (!(err instanceof MediaError)) throw err;
        records.push({ kind: 'track', trackId: track.id, reason: err.reason });
      }
    }
  }

  const rejected = records.length > 0;
  await deps.prisma.$transaction(async (tx) => {
    const current = await tx.release.findUniqueOrThrow({ where: { id: releaseId } });
    if (statusName(current.status) !== 'OK') return;
    await changeReleaseStatus(tx, { viewer: null }, current, rejected
      ? { to: 'REJECTED', actor: 'system', data: { comment: buildRejectionComment(records), rejectDate: new Date() } }
      : { to: 'VALIDATED', actor: 'system', data: { comment: null } });
  });
  deps.logger.info('release validated', { releaseId, status: rejected ? 'REJECTED' : 'VALIDATED', reasons: records.length });
  return { status: rejected ? 'REJECTED' : 'VALIDATED', reasons: records.length };
}
