/**
 * Delivery to stores: one ReleaseDelivery row and one durable job per release, store and message
 * (INSERT, UPDATE or TAKEDOWN), and the release status moves that follow, each through the one
 * status function (changeReleaseStatus) with its audit event:
 *   APPROVED -> DELIVERED          when every selected store has the package;
 *   DELIVERED -> LIVE              on or after the release date, once every store acknowledged;
 *   AWAITING_TAKEDOWN -> TAKEDOWN_COMPLETED  when every store that had it got the takedown.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import type { DeliveryKind, DeliveryStatus, PrismaClient } from '../../generated/prisma/client.ts';
import { DomainError } from '../../domain-error.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import type { Logger } from '../../logger.ts';
import { buildNewReleaseMessage } from '../../integrations/ddex/ern.ts';
import type { BatchFile } from '../../integrations/stores/store.ts';
import { simulateStore } from '../../integrations/stores/store-simulator.ts';
import { storageFor } from '../uploads/storage.ts';
import { releaseNotFound, statusName, statusNumber, todayUtc } from '../releases/release-model.ts';
import { changeReleaseStatus, type Tx } from '../releases/release-status.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { ERN_RELEASE_INCLUDE, ErnInputError, planErn } from './ern-input.ts';
import { endpointForDsp, localStoreFolder } from './store-endpoints.service.ts';
import { canAcknowledgeDelivery, canViewDeliveries } from './delivery.policy.ts';
import { emitDeliveryEvent } from '../webhooks/webhooks.service.ts';

/** The job the operations console enqueues when staff approve a release (the contract, by name). */
export const DELIVER_RELEASE_JOB = 'delivery.deliver-release';
/** Sends one ReleaseDelivery (one message to one store). */
export const SEND_DELIVERY_JOB = 'delivery.send';
/** Enqueued when an artist asks for a takedown. */
export const TAKEDOWN_RELEASE_JOB = 'delivery.takedown-release';
/** Reads store acknowledgements (and runs the local store simulator), every minute. */
export const POLL_ACKNOWLEDGEMENTS_JOB = 'delivery.poll-acknowledgements';
/** Daily: delivered and acknowledged releases whose date has come go LIVE. */
export const GO_LIVE_JOB = 'delivery.go-live';

/** Attempts per message before the delivery is FAILED (backoff 5 s, 25 s, 2 min, 10 min, 52 min, then hourly). */
export const SEND_MAX_ATTEMPTS = 8;

export interface DeliveryDeps {
  prisma: PrismaClient;
  config: Config;
  logger: Logger;
}

const SYSTEM = { viewer: null } as const;

/** The batch folder name of a delivery: the same on every attempt, sortable by time. */
export function batchIdOf(delivery: { id: string; createdAt: Date }): string {
  const stamp = delivery.createdAt.toISOString().replace(/[-:TZ.]/g, '');
  return `${stamp}_${delivery.id.replaceAll('-', '').slice(-12)}`;
}

/** A store's or a transport's error in words an artist can read. */
export function humanDeliveryError(err: unknown): string {
  if (err instanceof ErnInputError) return `The release is missing something the store needs: ${err.message}`;
  const e = err as NodeJS.ErrnoException & { level?: string };
  const text = String(e?.message ?? err);
  if (e?.code === 'ECONNREFUSED' || /ECONNREFUSED/.test(text)) return "The store's server refused the connection; we will try again";
  if (e?.code === 'ENOTFOUND' || /ENOTFOUND|getaddrinfo/.test(text)) return "The store's server could not be found; we will try again";
  if (e?.level === 'client-authentication' || /authentication/i.test(text)) return 'The store refused our credentials';
  if (/ECONNRESET|closed|end event|no sftp connection|not connected|timed? ?out|ETIMEDOUT/i.test(text)) return 'The connection to the store was lost during the upload; we will try again';
  if (/ENOSPC/.test(text)) return 'The store has no space left; we will try again';
  return `The delivery failed: ${text.slice(0, 300)}`;
}

/** The stores a release goes to: its selected DSPs that are enabled, or every listed DSP when none is selected. */
async function selectedDspIds(db: Pick<PrismaClient, 'releaseDsp' | 'dsp'>, releaseId: string): Promise<number[]> {
  const selected = await db.releaseDsp.findMany({ where: { releaseId, dsp: { enabled: true } }, select: { dspId: true }, orderBy: { dspId: 'asc' } });
  if (selected.length) return selected.map((s) => s.dspId);
  const all = await db.dsp.findMany({ where: { enabled: true, showInList: true }, select: { id: true }, orderBy: { id: 'asc' } });
  return all.map((d) => d.id);
}

/** Locks the release row for the rest of the transaction, so two finishing deliveries decide its status one after the other. */
async function lockRelease(tx: Tx, id: string) {
  await tx.$queryRawUnsafe('SELECT id FROM releases WHERE id = $1 FOR UPDATE', id);
  return tx.release.findUnique({ where: { id }, select: { id: true, userId: true, status: true, version: true, takedownDate: true, releaseDate: true } });
}

async function createDeliveries(db: Tx, releaseId: string, kind: DeliveryKind, dspIds: number[]): Promise<string[]> {
  const ids: string[] = [];
  for (const dspId of dspIds) {
    const d = await db.releaseDelivery.create({ data: { releaseId, dspId, kind, status: 'PENDING', messageId: `CAD-${randomUUID()}` }, select: { id: true } });
    await enqueueJob(db, SEND_DELIVERY_JOB, { deliveryId: d.id }, { uniqueKey: `${SEND_DELIVERY_JOB}:${d.id}`, maxAttempts: SEND_MAX_ATTEMPTS });
    ids.push(d.id);
  }
  return ids;
}

/**
 * For an APPROVED release: one delivery per selected store, an INSERT where the store never got
 * the release and an UPDATE where it did (a release approved again after a correction). Stores
 * with a delivery of this approval still pending are skipped, so a repeated job adds nothing.
 */
export async function planReleaseDelivery(deps: DeliveryDeps, payload: unknown): Promise<{ created: number; status: string }> {
  const releaseId = (payload as { releaseId?: unknown } | null)?.releaseId;
  if (typeof releaseId !== 'string') throw new Error(`${DELIVER_RELEASE_JOB} needs a releaseId`);
  return deps.prisma.$transaction(async (tx) => {
    const release = await lockRelease(tx, releaseId);
    if (!release || statusName(release.status) !== 'APPROVED') return { created: 0, status: release ? statusName(release.status) : 'MISSING' };
    const dspIds = await selectedDspIds(tx, releaseId);
    const previous = await tx.releaseDelivery.findMany({ where: { releaseId, kind: { in: ['INSERT', 'UPDATE'] } }, orderBy: { createdAt: 'asc' }, select: { dspId: true, status: true, createdAt: true } });
    const approvedAt = (await tx.release.findUniqueOrThrow({ where: { id: releaseId }, select: { statusChangedAt: true } })).statusChangedAt ?? new Date(0);
    const inserts: number[] = [];
    const updates: number[] = [];
    for (const dspId of dspIds) {
      const mine = previous.filter((p) => p.dspId === dspId);
      if (mine.some((p) => p.createdAt >= approvedAt)) continue; // this approval already planned it
      if (mine.some((p) => p.status === 'SENT' || p.status === 'ACKNOWLEDGED')) updates.push(dspId);
      else inserts.push(dspId);
    }
    const created = [...(await createDeliveries(tx, releaseId, 'INSERT', inserts)), ...(await createDeliveries(tx, releaseId, 'UPDATE', updates))];
    if (dspIds.length === 0) {
      // No store to deliver to: nothing can ever arrive, so the release counts as delivered.
      await changeReleaseStatus(tx, SYSTEM, release, { to: 'DELIVERED', actor: 'system' });
    }
    return { created: created.length, status: 'APPROVED' };
  });
}

/** For a release AWAITING_TAKEDOWN: a takedown message to every store that has it (or straight to TAKEDOWN_COMPLETED when none has). */
export async function planTakedown(deps: DeliveryDeps, payload: unknown): Promise<{ created: number }> {
  const releaseId = (payload as { releaseId?: unknown } | null)?.releaseId;
  if (typeof releaseId !== 'string') throw new Error(`${TAKEDOWN_RELEASE_JOB} needs a releaseId`);
  return deps.prisma.$transaction(async (tx) => {
    const release = await lockRelease(tx, releaseId);
    if (!release || statusName(release.status) !== 'AWAITING_TAKEDOWN') return { created: 0 };
    const had = await tx.releaseDelivery.findMany({ where: { releaseId, kind: { in: ['INSERT', 'UPDATE'] }, status: { in: ['SENT', 'ACKNOWLEDGED'] } }, distinct: ['dspId'], select: { dspId: true } });
    const pendingTakedowns = await tx.releaseDelivery.findMany({ where: { releaseId, kind: 'TAKEDOWN', status: 'PENDING' }, select: { dspId: true } });
    const todo = had.map((h) => h.dspId).filter((id) => !pendingTakedowns.some((p) => p.dspId === id));
    const created = await createDeliveries(tx, releaseId, 'TAKEDOWN', todo);
    if (had.length === 0) {
      await changeReleaseStatus(tx, SYSTEM, release, { to: 'TAKEDOWN_COMPLETED', actor: 'system', data: { takedownDate: release.takedownDate ?? new Date() } });
    }
    return { created: created.length };
  });
}

/** The stored ERN message of a delivery (built and kept on the first attempt, so retries send the same bytes). */
async function messageOf(deps: DeliveryDeps, delivery: { id: string; releaseId: string; dspId: number; kind: DeliveryKind; messageId: string | null; packageFileId: string | null; createdAt: Date }, recipient: { dpid: string; name: string }) {
  const storage = storageFor(deps.config);
  const release = await deps.prisma.release.findUniqueOrThrow({ where: { id: delivery.releaseId }, include: ERN_RELEASE_INCLUDE });
  const plan = planErn(release, {
    kind: delivery.kind,
    messageId: delivery.messageId ?? delivery.id,
    threadId: `CAD-${delivery.releaseId}-${delivery.dspId}`,
    createdAt: delivery.createdAt,
    sender: { dpid: deps.config.ddex.senderDpid, name: deps.config.ddex.senderName },
    recipient,
    labelFallback: deps.config.ddex.senderName,
    today: todayUtc(delivery.createdAt),
  });
  let xml: Buffer;
  if (delivery.packageFileId) {
    const file = await deps.prisma.storedFile.findUniqueOrThrow({ where: { id: delivery.packageFileId } });
    xml = Buffer.concat(await (await storage.get(file.storageKey)).toArray());
  } else {
    xml = Buffer.from(buildNewReleaseMessage(plan.input));
    const key = `package/${delivery.createdAt.toISOString().slice(0, 10).replaceAll('-', '/')}/${delivery.id}.xml`;
    const put = await storage.put(key, Readable.from([xml]), { contentType: 'application/xml' });
    const file = await deps.prisma.storedFile.create({
      data: { userId: release.userId, kind: 'DELIVERY_PACKAGE', storageKey: put.key, originalName: `${release.upc}.xml`, mimeType: 'application/xml', sizeBytes: BigInt(put.size), sha256: put.sha256, md5: put.md5 },
    });
    await deps.prisma.releaseDelivery.update({ where: { id: delivery.id }, data: { packageFileId: file.id } });
  }
  return { plan, xml };
}

/** Sends one delivery: builds (or reloads) its message, writes the batch with its marker last, then settles the release's status. */
export async function sendDelivery(deps: DeliveryDeps, payload: unknown, job: { attempts: number; maxAttempts: number }): Promise<{ status: DeliveryStatus; location?: string }> {
  const deliveryId = (payload as { deliveryId?: unknown } | null)?.deliveryId;
  if (typeof deliveryId !== 'string') throw new Error(`${SEND_DELIVERY_JOB} needs a deliveryId`);
  const delivery = await deps.prisma.releaseDelivery.findUnique({ where: { id: deliveryId } });
  if (!delivery) return { status: 'FAILED' };
  if (delivery.status !== 'PENDING') return { status: delivery.status };
  try {
    const endpoint = await endpointForDsp(deps.prisma, deps.config, delivery.dspId);
    const { plan, xml } = await messageOf(deps, delivery, endpoint.recipient);
    const storage = storageFor(deps.config);
    const files: BatchFile[] = [
      { path: plan.messagePath, size: xml.length, open: async () => Readable.from([xml]) },
      ...plan.files.map((f) => ({ path: f.path, size: f.size, open: (): Promise<Readable> => storage.get(f.storageKey) })),
    ];
    const { location } = await endpoint.store.deliver({ id: batchIdOf(delivery), files });
    await deps.prisma.$transaction(async (tx) => {
      await lockRelease(tx, delivery.releaseId);
      await tx.releaseDelivery.update({ where: { id: delivery.id }, data: { status: 'SENT', sentAt: new Date(), error: null, location } });
      await emitDeliveryEvent(tx, delivery.id);
      await settleRelease(tx, delivery.releaseId);
    });
    deps.logger.info('release delivered to a store', { deliveryId, dspId: delivery.dspId, kind: delivery.kind, location });
    return { status: 'SENT', location };
  } catch (err) {
    const reason = humanDeliveryError(err);
    const final = err instanceof ErnInputError || job.attempts >= job.maxAttempts;
    await deps.prisma.releaseDelivery.update({ where: { id: delivery.id }, data: final ? { status: 'FAILED', error: reason } : { error: reason } });
    if (final) await emitDeliveryEvent(deps.prisma, delivery.id);
    if (err instanceof ErnInputError) return { status: 'FAILED' };
    throw err;
  }
}

/** The latest delivery of each store among these kinds. */
function latestPerStore<T extends { dspId: number; createdAt: Date }>(rows: T[]): T[] {
  const byStore = new Map<number, T>();
  for (const r of rows) {
    const seen = byStore.get(r.dspId);
    if (!seen || r.createdAt > seen.createdAt) byStore.set(r.dspId, r);
  }
  return [...byStore.values()];
}

/**
 * Moves the release on once its stores are done: APPROVED -> DELIVERED when every store's latest
 * message is sent; AWAITING_TAKEDOWN -> TAKEDOWN_COMPLETED when every takedown is sent; DELIVERED
 * -> LIVE when every store acknowledged and the release date has come. Call with the release locked.
 */
export async function settleRelease(tx: Tx, releaseId: string, today: string = todayUtc()): Promise<string | null> {
  const release = await tx.release.findUnique({ where: { id: releaseId }, select: { id: true, userId: true, status: true, version: true, takedownDate: true, releaseDate: true } });
  if (!release) return null;
  const status = statusName(release.status);
  const rows = await tx.releaseDelivery.findMany({ where: { releaseId }, select: { dspId: true, kind: true, status: true, createdAt: true } });
  const done = (s: DeliveryStatus) => s === 'SENT' || s === 'ACKNOWLEDGED';
  if (status === 'APPROVED') {
    const latest = latestPerStore(rows.filter((r) => r.kind !== 'TAKEDOWN'));
    if (latest.length && latest.every((r) => done(r.status))) {
      await changeReleaseStatus(tx, SYSTEM, release, { to: 'DELIVERED', actor: 'system' });
      return settleRelease(tx, releaseId, today);
    }
  } else if (status === 'AWAITING_TAKEDOWN') {
    const takedowns = latestPerStore(rows.filter((r) => r.kind === 'TAKEDOWN'));
    if (takedowns.length && takedowns.every((r) => done(r.status))) {
      await changeReleaseStatus(tx, SYSTEM, release, { to: 'TAKEDOWN_COMPLETED', actor: 'system', data: { takedownDate: release.takedownDate ?? new Date() } });
      return 'TAKEDOWN_COMPLETED';
    }
  } else if (status === 'DELIVERED') {
    const latest = latestPerStore(rows.filter((r) => r.kind !== 'TAKEDOWN'));
    const dateCome = !release.releaseDate || release.releaseDate.toISOString().slice(0, 10) <= today;
    if (dateCome && latest.length && latest.every((r) => r.status === 'ACKNOWLEDGED')) {
      await changeReleaseStatus(tx, SYSTEM, release, { to: 'LIVE', actor: 'system' });
      return 'LIVE';
    }
  }
  return status;
}

/** Settles one release in its own transaction (with its row locked). */
async function settle(deps: DeliveryDeps, releaseId: string, today?: string): Promise<string | null> {
  return deps.prisma.$transaction(async (tx) => {
    await lockRelease(tx, releaseId);
    return settleRelease(tx, releaseId, today);
  });
}

/** The daily run: every DELIVERED release whose date has come and whose stores all acknowledged goes LIVE. */
export async function goLiveDue(deps: DeliveryDeps, today: string = todayUtc()): Promise<{ live: number }> {
  const due = await deps.prisma.release.findMany({
    where: { status: statusNumber('DELIVERED'), OR: [{ releaseDate: null }, { releaseDate: { lte: new Date(`${today}T00:00:00Z`) } }] },
    select: { id: true },
  });
  let live = 0;
  for (const r of due) if ((await settle(deps, r.id, today)) === 'LIVE') live++;
  return { live };
}

/**
 * Reads what the stores answered: runs the local store simulator (when on) over the local
 * folders that have deliveries waiting, matches acknowledgements to SENT deliveries by message
 * id, and settles the releases concerned (a release whose date has come goes LIVE at once).
 */
export async function pollAcknowledgements(deps: DeliveryDeps): Promise<{ acknowledged: number; refused: number }> {
  const waiting = await deps.prisma.releaseDelivery.findMany({ where: { status: 'SENT' }, select: { id: true, dspId: true, messageId: true, releaseId: true } });
  let acknowledged = 0;
  let refused = 0;
  const touched = new Set<string>();
  for (const dspId of [...new Set(waiting.map((w) => w.dspId))]) {
    const endpoint = await endpointForDsp(deps.prisma, deps.config, dspId);
    if (!endpoint.store.acknowledgements) continue;
    if (endpoint.kind === 'LOCAL' && deps.config.ddex.storeSimulator) {
      const dsp = await deps.prisma.dsp.findUniqueOrThrow({ where: { id: dspId }, select: { uri: true } });
      await simulateStore(localStoreFolder(deps.config, dsp.uri));
    }
    const acks = new Map((await endpoint.store.acknowledgements()).map((a) => [a.messageId, a]));
    for (const w of waiting.filter((x) => x.dspId === dspId)) {
      const ack = w.messageId ? acks.get(w.messageId) : undefined;
      if (!ack) continue;
      const { count } = await deps.prisma.releaseDelivery.updateMany({
        where: { id: w.id, status: 'SENT' },
        data: ack.ok ? { status: 'ACKNOWLEDGED', acknowledgedAt: new Date() } : { status: 'FAILED', error: `The store refused the release: ${ack.error ?? 'no reason given'}` },
      });
      if (count) {
        await emitDeliveryEvent(deps.prisma, w.id);
        if (ack.ok) acknowledged++;
        else refused++;
        touched.add(w.releaseId);
      }
    }
  }
  for (const id of touched) await settle(deps, id);
  return { acknowledged, refused };
}

type Ctx = Pick<AppContext, 'prisma' | 'viewer' | 'requestId' | 'config' | 'logger'>;

/** Staff mark a sent delivery acknowledged (a store confirmed outside the endpoint); audited, and the release may go LIVE. */
export async function acknowledgeDelivery(ctx: Ctx, deliveryId: string): Promise<DeliveryView> {
  if (!ctx.viewer) throw new DomainError('UNAUTHENTICATED', 'Sign in required');
  if (!canAcknowledgeDelivery(ctx.viewer)) throw new DomainError('FORBIDDEN', 'Only staff can mark a delivery acknowledged');
  const delivery = await ctx.prisma.releaseDelivery.findUnique({ where: { id: deliveryId }, include: { release: { select: { userId: true } } } });
  if (!delivery) throw new DomainError('NOT_FOUND', 'No such delivery');
  if (delivery.status !== 'SENT') throw new DomainError('CONFLICT', `Only a sent delivery can be marked acknowledged (this one is ${delivery.status})`, { key: 'delivery-not-sent' });
  await ctx.prisma.$transaction(async (tx) => {
    await lockRelease(tx, delivery.releaseId);
    await tx.releaseDelivery.update({ where: { id: deliveryId }, data: { status: 'ACKNOWLEDGED', acknowledgedAt: new Date() } });
    await emitDeliveryEvent(tx, deliveryId);
    await recordAudit(ctx, { category: 'DELIVERY', subcategory: 'DELIVERY_ACKNOWLEDGED', userId: delivery.release.userId, entityType: 'ReleaseDelivery', entityId: deliveryId, oldValues: { status: 'SENT' }, newValues: { status: 'ACKNOWLEDGED' } }, tx);
    await settleRelease(tx, delivery.releaseId);
  });
  const [view] = (await deliveriesOf(ctx.prisma, [delivery.releaseId])).get(delivery.releaseId)!.filter((d) => d.id === deliveryId);
  return view!;
}

/** A delivery as the release page shows it. */
export interface DeliveryView {
  id: string;
  dspId: number;
  store: string;
  kind: DeliveryKind;
  status: DeliveryStatus;
  sentAt: Date | null;
  acknowledgedAt: Date | null;
  error: string | null;
  messageUrl: string | null;
  releaseId: string;
}

/** The deliveries of these releases, newest first, by release (one query for a whole page of releases). */
export async function deliveriesOf(prisma: Pick<PrismaClient, 'releaseDelivery'>, releaseIds: readonly string[]): Promise<Map<string, DeliveryView[]>> {
  const rows = await prisma.releaseDelivery.findMany({
    where: { releaseId: { in: [...releaseIds] } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    include: { dsp: { select: { name: true } } },
  });
  const out = new Map<string, DeliveryView[]>(releaseIds.map((id) => [id, []]));
  for (const r of rows) {
    out.get(r.releaseId)!.push({
      id: r.id,
      dspId: r.dspId,
      store: r.dsp.name,
      kind: r.kind,
      status: r.status,
      sentAt: r.sentAt,
      acknowledgedAt: r.acknowledgedAt,
      error: r.error,
      messageUrl: r.packageFileId ? `/api/releases/${r.releaseId}/ddex?delivery=${r.id}` : null,
      releaseId: r.releaseId,
    });
  }
  return out;
}

/**
 * A release's latest ERN message (or the one of `deliveryId`), for its owner and staff; anyone
 * else gets NOT_FOUND, as for every release they do not own.
 */
export async function openDdexMessage(ctx: Pick<AppContext, 'prisma' | 'viewer' | 'config'>, releaseId: string, deliveryId?: string): Promise<{ stream: Readable; size: number; fileName: string }> {
  if (!ctx.viewer) throw new DomainError('UNAUTHENTICATED', 'Sign in required');
  const release = await ctx.prisma.release.findFirst({ where: { id: releaseId, status: { not: statusNumber('DELETED') } }, select: { userId: true } });
  if (!release || !canViewDeliveries(ctx.viewer, release)) throw releaseNotFound();
  const delivery = await ctx.prisma.releaseDelivery.findFirst({
    where: { releaseId, packageFileId: { not: null }, ...(deliveryId ? { id: deliveryId } : {}) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    include: { packageFile: true },
  });
  if (!delivery?.packageFile) throw new DomainError('NOT_FOUND', deliveryId ? 'No such message for this release' : 'This release has no DDEX message yet');
  const stream = await storageFor(ctx.config).get(delivery.packageFile.storageKey);
  return { stream, size: Number(delivery.packageFile.sizeBytes), fileName: `${delivery.kind.toLowerCase()}-${delivery.messageId ?? delivery.id}.xml` };
}
