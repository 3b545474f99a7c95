/**
 * Webhooks (issue 18): partners register endpoints (URL, events, secret); other services report
 * events with one call to `emitWebhookEvent`, in their own transaction, and each (event, endpoint)
 * pair becomes a delivery row and a durable job. A delivery is signed the Standard Webhooks way
 * (docs/webhooks.md): `webhook-id` (the event id, the same on every retry and redelivery),
 * `webhook-timestamp` and `webhook-signature: v1,<base64 HMAC-SHA256(secret, id.timestamp.body)>`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import type { AppContext } from '../../context.ts';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import { badInput, DomainError } from '../../domain-error.ts';
import { enqueueJob, type ClaimedJob } from '../../jobs/job-queue.ts';
import type { ModuleDeps } from '../../module.ts';
import { requireViewer } from '../users/users.policy.ts';
import { refuseWhileActing } from '../support/impersonation.policy.ts';
import { sendMail } from '../mail/mail.service.ts';
import { assertPublicUrl, publicOnlyLookup, UnsafeUrlError } from './url-guard.ts';

/** The events a partner can subscribe to. */
export const WEBHOOK_EVENTS = ['release.status_changed', 'delivery.status_changed', 'sales.posted', 'withdrawal.status_changed'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'release.status_changed': 'A release moved to another status (submitted, approved, live, taken down...).',
  'delivery.status_changed': 'A delivery to a store was sent, acknowledged or failed.',
  'sales.posted': 'A sales batch was posted to the account.',
  'withdrawal.status_changed': 'A withdrawal was requested, approved, paid or rejected.',
};

export const MAX_ENDPOINTS = 10;
export const URL_MAX = 2_000;
export const DESCRIPTION_MAX = 200;
/** Attempts per delivery (the job queue waits 5 s, 25 s, 2 min, 10 min, 50 min, then hourly between them). */
export const DELIVERY_ATTEMPTS = 10;
export const DELIVERY_TIMEOUT_MS = 10_000;
export const DELIVER_JOB = 'webhooks.deliver';
const RESPONSE_KEPT = 1_000;

type Db = Pick<PrismaClient, 'webhookEndpoint' | 'webhookDelivery' | 'job'> | Prisma.TransactionClient;

export interface WebhookEndpointView {
  id: string;
  url: string;
  events: string[];
  description: string;
  enabled: boolean;
  disabledAt: Date | null;
  disabledReason: string | null;
  failingSince: Date | null;
  createdAt: Date;
}

/** Where one delivery stands (the column is text; these are the only words written to it). */
export type WebhookDeliveryStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED';

export interface WebhookDeliveryView {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  payload: unknown;
  status: string;
  attempts: number;
  responseStatus: number | null;
  error: string | null;
  createdAt: Date;
  lastAttemptAt: Date | null;
  deliveredAt: Date | null;
}

const ENDPOINT = { id: true, url: true, events: true, description: true, enabled: true, disabledAt: true, disabledReason: true, failingSince: true, createdAt: true } as const;
const DELIVERY = { id: true, endpointId: true, eventId: true, eventType: true, payload: true, status: true, attempts: true, responseStatus: true, error: true, createdAt: true, lastAttemptAt: true, deliveredAt: true } as const;

/**
 * Reports an event for a user's endpoints: one delivery per subscribed, enabled endpoint, queued
 * as a durable job. Call it inside the transaction that made the change, so both or neither hold.
 */
export async function emitWebhookEvent(db: Db, userId: string, type: WebhookEventType, data: Record<string, unknown>, now = new Date()): Promise<string | null> {
  const endpoints = await db.webhookEndpoint.findMany({ where: { userId, enabled: true, events: { has: type } }, select: { id: true } });
  if (endpoints.length === 0) return null;
  const eventId = `evt_${randomUUID()}`;
  const payload = { type, timestamp: now.toISOString(), data } as Prisma.InputJsonValue;
  for (const e of endpoints) {
    const d = await db.webhookDelivery.create({ data: { endpointId: e.id, eventId, eventType: type, payload }, select: { id: true } });
    await enqueueJob(db, DELIVER_JOB, { deliveryId: d.id }, { queue: 'default', maxAttempts: DELIVERY_ATTEMPTS, uniqueKey: `webhook:${d.id}:0` });
  }
  return eventId;
}

/** Of `userIds`, those with an enabled endpoint for `type` (one query: emit only for them). */
export async function usersListeningTo(db: Db, userIds: readonly string[], type: WebhookEventType): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const rows = await db.webhookEndpoint.findMany({ where: { userId: { in: [...userIds] }, enabled: true, events: { has: type } }, select: { userId: true }, distinct: ['userId'] });
  return new Set(rows.map((r) => r.userId));
}

// ---- endpoints ---------------------------------------------------------------

export interface EndpointInput {
  url?: string | null;
  events?: readonly string[] | null;
  description?: string | null;
  enabled?: boolean | null;
}

function owner(ctx: AppContext) {
  const viewer = requireViewer(ctx.viewer);
  refuseWhileActing(viewer, 'api-tokens');
  return viewer;
}

async function checkedUrl(ctx: AppContext, raw: string): Promise<string> {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badInput('Enter a full URL starting with https://', [{ field: 'url', key: 'invalid', message: 'Enter a full URL starting with https://' }]);
  }
  if (text.length > URL_MAX) throw badInput(`The URL is too long (at most ${URL_MAX} characters)`, [{ field: 'url', key: 'maxlength', message: `The URL is too long (at most ${URL_MAX} characters)` }]);
  const allowPrivate = ctx.config.partner.webhookAllowPrivateUrls;
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    throw badInput('Webhook URLs must use https://', [{ field: 'url', key: 'invalid', message: 'Webhook URLs must use https://' }]);
  }
  if (url.username || url.password) throw badInput('Webhook URLs cannot carry a user name or password', [{ field: 'url', key: 'invalid', message: 'Webhook URLs cannot carry a user name or password' }]);
  try {
    await assertPublicUrl(url, allowPrivate);
  } catch (err) {
    if (err instanceof UnsafeUrlError) throw badInput(err.message, [{ field: 'url', key: 'unsafe-url', message: err.message }], 'unsafe-url');
    throw err;
  }
  return url.toString();
}

function checkedEvents(events: readonly string[]): string[] {
  const list = [...new Set(events)];
  const unknown = list.filter((e) => !(WEBHOOK_EVENTS as readonly string[]).includes(e));
  if (list.length === 0 || unknown.length) {
    const message = list.length === 0 ? 'Choose at least one event' : `Unknown event: ${unknown.join(', ')}`;
    throw badInput(message, [{ field: 'events', key: list.length === 0 ? 'required' : 'invalid', message }]);
  }
  return list;
}

function checkedDescription(text: string): string {
  const t = text.trim();
  if (t.length > DESCRIPTION_MAX) throw badInput(`The description is too long (at most ${DESCRIPTION_MAX} characters)`, [{ field: 'description', key: 'maxlength', message: `The description is too long (at most ${DESCRIPTION_MAX} characters)` }]);
  return t;
}

/** A new signing secret, Standard Webhooks style: whsec_ and 32 random bytes in base64. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** Registers an endpoint for the viewer; the secret is returned only here. */
export async function createWebhookEndpoint(ctx: AppContext, input: EndpointInput): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
  const viewer = owner(ctx);
  if (!input.url) throw badInput('The URL is required', [{ field: 'url', key: 'required', message: 'The URL is required' }]);
  const url = await checkedUrl(ctx, input.url);
  const events = checkedEvents(input.events ?? []);
  const description = checkedDescription(input.description ?? '');
  const secret = newSecret();
  const endpoint = await ctx.prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${viewer.userId} FOR UPDATE`;
    const count = await tx.webhookEndpoint.count({ where: { userId: viewer.userId } });
    if (count >= MAX_ENDPOINTS) throw new DomainError('CONFLICT', `At most ${MAX_ENDPOINTS} webhook endpoints; remove one first`, { key: 'too-many-endpoints' });
    return tx.webhookEndpoint.create({ data: { userId: viewer.userId, url, events, description, secret }, select: ENDPOINT });
  });
  return { endpoint, secret };
}

async function ownEndpoint(ctx: AppContext, id: string) {
  const viewer = owner(ctx);
  const row = await ctx.prisma.webhookEndpoint.findFirst({ where: { id, userId: viewer.userId }, select: ENDPOINT });
  if (!row) throw new DomainError('NOT_FOUND', 'No such webhook endpoint');
  return row;
}

/** Changes an endpoint's URL, events, description or state; enabling it again clears its failure record. */
export async function updateWebhookEndpoint(ctx: AppContext, id: string, input: EndpointInput): Promise<WebhookEndpointView> {
  const row = await ownEndpoint(ctx, id);
  const data: Prisma.WebhookEndpointUpdateInput = {};
  if (input.url != null) data.url = await checkedUrl(ctx, input.url);
  if (input.events != null) data.events = checkedEvents(input.events);
  if (input.description != null) data.description = checkedDescription(input.description);
  if (input.enabled != null) {
    data.enabled = input.enabled;
    if (input.enabled && !row.enabled) Object.assign(data, { disabledAt: null, disabledReason: null, failingSince: null });
    if (!input.enabled && row.enabled) Object.assign(data, { disabledAt: new Date(), disabledReason: 'Disabled by the owner' });
  }
  return ctx.prisma.webhookEndpoint.update({ where: { id: row.id }, data, select: ENDPOINT });
}

/** Removes an endpoint and its delivery log. */
export async function deleteWebhookEndpoint(ctx: AppContext, id: string): Promise<WebhookEndpointView> {
  const row = await ownEndpoint(ctx, id);
  await ctx.prisma.webhookEndpoint.delete({ where: { id: row.id } });
  return row;
}

/** The viewer's endpoints, oldest first. */
export async function listWebhookEndpoints(ctx: AppContext): Promise<WebhookEndpointView[]> {
  const viewer = requireViewer(ctx.viewer);
  return ctx.prisma.webhookEndpoint.findMany({ where: { userId: viewer.userId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], select: ENDPOINT });
}

/** The newest deliveries of one of the viewer's endpoints. */
export async function listWebhookDeliveries(ctx: AppContext, endpointId: string, limit = 50): Promise<WebhookDeliveryView[]> {
  const row = await ownEndpoint(ctx, endpointId);
  return ctx.prisma.webhookDelivery.findMany({ where: { endpointId: row.id }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: Math.min(Math.max(limit, 1), 200), select: DELIVERY });
}

/** Sends a delivery again now, with the same event id (receivers dedupe on it). */
export async function redeliverWebhook(ctx: AppContext, deliveryId: string): Promise<WebhookDeliveryView> {
  const viewer = owner(ctx);
  const d = await ctx.prisma.webhookDelivery.findFirst({ where: { id: deliveryId, endpoint: { userId: viewer.userId } }, select: { ...DELIVERY, endpoint: { select: { enabled: true } } } });
  if (!d) throw new DomainError('NOT_FOUND', 'No such webhook delivery');
  if (!d.endpoint.enabled) throw new DomainError('CONFLICT', 'Enable the endpoint before redelivering', { key: 'endpoint-disabled' });
  const { endpoint: _e, ...view } = d;
  await ctx.prisma.$transaction(async (tx) => {
    await tx.webhookDelivery.update({ where: { id: d.id }, data: { status: 'PENDING' } });
    await enqueueJob(tx, DELIVER_JOB, { deliveryId: d.id }, { maxAttempts: DELIVERY_ATTEMPTS, uniqueKey: `webhook:${d.id}:${randomUUID()}` });
  });
  return { ...view, status: 'PENDING' };
}

// ---- delivery ----------------------------------------------------------------

export interface DeliveryResult {
  status: number;
  body: string;
}

/** POSTs a signed body; resolves with the answer, rejects on network errors and timeouts. */
export function postSigned(url: string, headers: Record<string, string>, body: string, allowPrivate: boolean): Promise<DeliveryResult> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const request = (target.protocol === 'https:' ? https : http).request(
      target,
      { method: 'POST', headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'Cadence-Webhooks/1' }, lookup: publicOnlyLookup(allowPrivate), timeout: DELIVERY_TIMEOUT_MS },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < RESPONSE_KEPT) text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text.slice(0, RESPONSE_KEPT) }));
        res.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`)));
    request.on('error', reject);
    request.end(body);
  });
}

/** The Standard Webhooks headers for one attempt. */
export function signedHeaders(secret: string, eventId: string, body: string, at: Date): Record<string, string> {
  const signature = new Webhook(secret).sign(eventId, at, body);
  return { 'webhook-id': eventId, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature };
}

/**
 * The job: one attempt at one delivery. A 2xx answer settles it; anything else is logged and
 * thrown, so the job queue retries with exponential backoff. An endpoint failing longer than the
 * configured hours is disabled and its owner mailed.
 */
export async function deliverWebhook(deps: Pick<ModuleDeps, 'prisma' | 'config' | 'logger'>, payload: unknown, job: Pick<ClaimedJob, 'attempts' | 'maxAttempts'>, now: () => Date = () => new Date()): Promise<{ status: string }> {
  const deliveryId = (payload as { deliveryId?: string } | null)?.deliveryId ?? '';
  const d = await deps.prisma.webhookDelivery.findUnique({ where: { id: deliveryId }, include: { endpoint: { include: { user: { select: { email: true } } } } } });
  if (!d) return { status: 'GONE' };
  if (d.status === 'SUCCEEDED') return { status: 'SUCCEEDED' };
  if (!d.endpoint.enabled) {
    await deps.prisma.webhookDelivery.update({ where: { id: d.id }, data: { status: 'FAILED', error: 'The endpoint is disabled' } });
    return { status: 'FAILED' };
  }
  const body = JSON.stringify({ id: d.eventId, ...(d.payload as object) });
  const at = now();
  let result: DeliveryResult | null = null;
  let error: string | null = null;
  try {
    result = await postSigned(d.endpoint.url, signedHeaders(d.endpoint.secret, d.eventId, body, at), body, deps.config.partner.webhookAllowPrivateUrls);
    if (result.status < 200 || result.status >= 300) error = `The endpoint answered ${result.status}`;
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  const log = { attempts: { increment: 1 }, lastAttemptAt: at, responseStatus: result?.status ?? null, responseBody: result?.body ?? null, error };
  if (!error) {
    await deps.prisma.$transaction([
      deps.prisma.webhookDelivery.update({ where: { id: d.id }, data: { ...log, status: 'SUCCEEDED', deliveredAt: at } }),
      deps.prisma.webhookEndpoint.update({ where: { id: d.endpointId }, data: { failingSince: null } }),
    ]);
    return { status: 'SUCCEEDED' };
  }
  const failingSince = d.endpoint.failingSince ?? at;
  const disable = at.getTime() - failingSince.getTime() >= deps.config.partner.webhookDisableAfterHours * 3_600_000;
  const last = job.attempts >= job.maxAttempts;
  await deps.prisma.webhookDelivery.update({ where: { id: d.id }, data: { ...log, status: disable || last ? 'FAILED' : 'PENDING' } });
  if (disable) {
    const reason = `Deliveries failed for more than ${deps.config.partner.webhookDisableAfterHours} hours (last: ${error})`;
    const { count } = await deps.prisma.webhookEndpoint.updateMany({ where: { id: d.endpointId, enabled: true }, data: { enabled: false, disabledAt: at, disabledReason: reason } });
    if (count) {
      const ctx = { prisma: deps.prisma, config: deps.config, logger: deps.logger, viewer: null, requestId: `webhook-${d.id}`, brandId: 'default' } as unknown as AppContext;
      await sendMail(ctx, { to: d.endpoint.user.email, userId: d.endpoint.userId, template: 'webhook-disabled', link: `/settings#webhooks`, subject: d.endpoint.url });
    }
    return { status: 'DISABLED' };
  }
  if (!d.endpoint.failingSince) await deps.prisma.webhookEndpoint.update({ where: { id: d.endpointId }, data: { failingSince } });
  throw new Error(error);
}

// ---- one-line emitters for other services ------------------------------------

/** Reports a store delivery's current status to its release owner's endpoints. */
export async function emitDeliveryEvent(db: Db & Pick<PrismaClient, 'releaseDelivery'>, deliveryId: string): Promise<void> {
  const d = await db.releaseDelivery.findUnique({ where: { id: deliveryId }, select: { id: true, releaseId: true, dspId: true, kind: true, status: true, error: true, release: { select: { userId: true } } } });
  if (d) await emitWebhookEvent(db, d.release.userId, 'delivery.status_changed', { deliveryId: d.id, releaseId: d.releaseId, dspId: d.dspId, kind: d.kind, status: d.status, error: d.error });
}

/** Reports a withdrawal's current status to its owner's endpoints. */
export async function emitWithdrawalEvent(db: Db & Pick<PrismaClient, 'withdrawal'>, withdrawalId: string): Promise<void> {
  const w = await db.withdrawal.findUnique({ where: { id: withdrawalId }, select: { id: true, userId: true, status: true, amountMinor: true, currency: true, errorCode: true } });
  if (w?.userId) await emitWebhookEvent(db, w.userId, 'withdrawal.status_changed', { withdrawalId: w.id, status: w.status, amountMinor: w.amountMinor.toString(), currency: w.currency, errorCode: w.errorCode });
}
