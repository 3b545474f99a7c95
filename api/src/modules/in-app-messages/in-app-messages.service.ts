/**
 * In-app messages (supporting spec §3, §4): support staff write them; signed-in people and visitors
 * each read the list meant for them; the browser reports when a message was shown or clicked.
 * What a message and an event may hold is domain/in-app-message-input.ts, the support form's rules too.
 */
import {
  BODY_REQUIRED,
  inAppEventStruct,
  inAppMessageStruct,
  wireTypeOf,
  type InAppAudience,
  type InAppEventInput,
  type InAppMessageTypeName,
} from '@cadence/domain/in-app-message-input';
import { validateShape } from '@cadence/domain/validators';
import type { AppContext } from '../../context.ts';
import { DomainError, badInput, peopleMessage, type FieldError } from '../../domain-error.ts';
import type { InAppMessage, Prisma } from '../../generated/prisma/client.ts';
import { canManageInAppMessages, visibleAudiences } from './in-app-messages.policy.ts';
import { changedValues, recordAudit } from '../audit/audit.service.ts';
import { sanitizeHtml } from './sanitize-html.ts';
import { PAGE_SIZE_MAX } from '@cadence/domain/text-limits';

type Ctx = Pick<AppContext, 'prisma' | 'viewer' | 'requestId'>;
type Query = { select?: Prisma.InAppMessageSelect; include?: Prisma.InAppMessageInclude };

/** A new message, or the changes to one: absent fields are not given; null clears the clearable ones (headline, button, end date). */
export interface InAppMessageInput {
  type?: InAppMessageTypeName | null;
  headline?: string | null;
  bodyText?: string | null;
  ctaText?: string | null;
  ctaUrl?: string | null;
  ctaNewTab?: boolean | null;
  disableCloseBtn?: boolean | null;
  delay?: number | null;
  pages?: string[] | null;
  devices?: string[] | null;
  startDate?: Date | null;
  endDate?: Date | null;
  force?: boolean | null;
  isStandAlone?: boolean | null;
  isDisplayAlways?: boolean | null;
  audience?: InAppAudience | null;
}

function assertManager(ctx: Ctx): void {
  if (!ctx.viewer) throw new DomainError('UNAUTHENTICATED', 'Sign in required');
  if (!canManageInAppMessages(ctx.viewer)) throw new DomainError('FORBIDDEN', 'Only support staff manage in-app messages');
}

/** Messages live now: started, not ended, not deleted, for the caller's audience. */
function liveFor(ctx: Ctx, now: Date): Prisma.InAppMessageWhereInput {
  return {
    archivedAt: null,
    audience: { in: visibleAudiences(ctx.viewer) },
    startDate: { lte: now },
    OR: [{ endDate: null }, { endDate: { gt: now } }],
  };
}

function listLive(ctx: Ctx, query: Query, now: Date) {
  return ctx.prisma.inAppMessage.findMany({ ...query, where: liveFor(ctx, now), orderBy: [{ startDate: 'desc' }, { id: 'desc' }], take: PAGE_SIZE_MAX });
}

/** The signed-in person's list (GET /api/in-app-messages); visitors are refused. */
export async function listInAppMessagesForViewer(ctx: Ctx, query: Query = {}, now = new Date()) {
  if (!ctx.viewer) throw new DomainError('UNAUTHENTICATED', 'Sign in required');
  return listLive(ctx, query, now);
}

/** The visitors' list (GET /api/in-app-messages/unauthorized): never a signed-in-only message, whoever asks. */
export async function listPublicInAppMessages(ctx: Ctx, query: Query = {}, now = new Date()) {
  return listLive({ ...ctx, viewer: null }, query, now);
}

/** Every message not archived (future, live and ended ones) for the support area; archived ones keep their statistics. */
export async function listAllInAppMessages(ctx: Ctx, query: Query = {}) {
  assertManager(ctx);
  return ctx.prisma.inAppMessage.findMany({ ...query, where: { archivedAt: null }, orderBy: [{ startDate: 'desc' }, { id: 'desc' }], take: PAGE_SIZE_MAX });
}

/** Fields that null clears; null anywhere else means "not given", as it always has. */
const CLEARABLE = new Set<keyof InAppMessageInput>(['type', 'headline', 'bodyText', 'ctaText', 'ctaUrl', 'endDate']);

/** The message the input would make: the stored one (if any) with the given fields applied. */
function resulting(input: InAppMessageInput, stored?: InAppMessage): Record<string, unknown> {
  const given = Object.entries(input).filter(([key, value]) => value !== undefined && (value !== null || CLEARABLE.has(key as keyof InAppMessageInput)));
  return { ...stored, ...Object.fromEntries(given) };
}

const trimmedOrNull = (value: string | null | undefined) => (value ?? '').trim() || null;

/**
 * Checks the message the input makes against the domain's rules (a change is checked with the
 * stored fields it leaves, so a popup keeps needing its headline), sanitises a given body (a body
 * the sanitiser empties is refused too) and returns the columns to write: only the given fields.
 */
function toData(input: InAppMessageInput, stored?: InAppMessage) {
  const shape = validateShape(inAppMessageStruct(), resulting(input, stored));
  const errors: FieldError[] = shape.ok ? [] : Object.entries(shape.errors).map(([field, e]) => ({ field, ...e }));
  const data: Prisma.InAppMessageUncheckedUpdateInput = {};
  if (typeof input.bodyText === 'string') {
    data.bodyText = sanitizeHtml(input.bodyText).trim();
    if (data.bodyText === '' && !errors.some((e) => e.field === 'bodyText')) errors.push({ field: 'bodyText', key: 'required', message: BODY_REQUIRED });
  }
  if (errors.length > 0) throw badInput(peopleMessage(errors), errors, errors[0]!.key);
  const given = resulting(input) as InAppMessageInput;
  if (given.type) data.type = given.type;
  for (const field of ['headline', 'ctaText', 'ctaUrl'] as const) if (field in given) data[field] = trimmedOrNull(given[field]);
  if (given.delay !== undefined) data.delay = given.delay!;
  if (given.pages) data.pages = [...new Set(given.pages)];
  if (given.devices) data.devices = [...new Set(given.devices)];
  if (given.audience) data.audience = given.audience;
  for (const flag of ['ctaNewTab', 'disableCloseBtn', 'force', 'isStandAlone', 'isDisplayAlways'] as const) if (given[flag] !== undefined) data[flag] = given[flag]!;
  if (given.startDate) data.startDate = given.startDate;
  if ('endDate' in given) data.endDate = given.endDate;
  return data;
}

/** Support staff write a message; its body is sanitised before it is stored. */
export async function createInAppMessage(ctx: Ctx, input: InAppMessageInput, query: Query = {}) {
  assertManager(ctx);
  const data = toData(input) as Prisma.InAppMessageUncheckedCreateInput;
  const created = await ctx.prisma.inAppMessage.create({ ...query, data: { ...data, createdById: ctx.viewer!.userId } });
  await auditMessage(ctx, created.id, 'created', undefined, changedValues({}, data as Record<string, unknown>)?.newValues);
  return created;
}

/** Staff writes to messages are audit events naming the staff member (issue 14). */
async function auditMessage(ctx: Ctx, id: string, action: 'created' | 'updated' | 'archived', oldValues?: Prisma.InputJsonObject, newValues?: Prisma.InputJsonObject): Promise<void> {
  await recordAudit(ctx, { category: 'SUPPORT', subcategory: 'IN_APP_MESSAGE_CHANGED', userId: null, entityType: 'InAppMessage', entityId: id, oldValues, newValues: { action, ...newValues } });
}

async function findManaged(ctx: Ctx, id: string) {
  const message = await ctx.prisma.inAppMessage.findFirst({ where: { id, archivedAt: null } });
  if (!message) throw new DomainError('NOT_FOUND', 'No such in-app message');
  return message;
}

/** Support staff change a message; only the fields given change. */
export async function updateInAppMessage(ctx: Ctx, id: string, input: InAppMessageInput, query: Query = {}) {
  assertManager(ctx);
  const existing = await findManaged(ctx, id);
  const data = toData(input, existing);
  const updated = await ctx.prisma.inAppMessage.update({ ...query, where: { id }, data });
  const changes = changedValues(existing, data as Record<string, unknown>);
  await auditMessage(ctx, id, 'updated', changes?.oldValues, changes?.newValues);
  return updated;
}

/** Support staff remove a message; it is archived so its statistics stay. */
export async function deleteInAppMessage(ctx: Ctx, id: string): Promise<string> {
  assertManager(ctx);
  await findManaged(ctx, id);
  await ctx.prisma.inAppMessage.update({ where: { id }, data: { archivedAt: new Date() } });
  await auditMessage(ctx, id, 'archived');
  return id;
}

/**
 * Records that a message was shown (triggered) or clicked/dismissed; only for messages the caller
 * may see. The event is checked here against the domain's struct, whichever transport brought it.
 */
export async function recordInAppMessageEvent(ctx: Ctx, raw: InAppEventInput | Record<string, unknown>, now = new Date()): Promise<void> {
  const shape = validateShape(inAppEventStruct, raw);
  if (!shape.ok) {
    const errors = Object.entries(shape.errors).map(([field, e]) => ({ field, ...e }));
    throw badInput(peopleMessage(errors), errors, errors[0]!.key);
  }
  const input = shape.value;
  const visible = await ctx.prisma.inAppMessage.findFirst({ where: { id: input.messageId, ...liveFor(ctx, now) }, select: { id: true } });
  if (!visible) throw new DomainError('NOT_FOUND', 'No such in-app message');
  await ctx.prisma.inAppMessageEvent.create({
    data: {
      messageId: input.messageId,
      userId: ctx.viewer?.userId ?? null,
      type: input.type === 'clicked' ? 'CLICKED' : 'TRIGGERED',
      destinationUrl: input.destinationUrl ?? '',
      siteLocation: input.siteLocation,
    },
  });
}

export interface InAppMessageStat {
  messageId: string;
  triggered: number;
  clicked: number;
}

/** Events counted per message, for support staff deciding whether a message works. */
export async function inAppMessageStats(ctx: Ctx): Promise<InAppMessageStat[]> {
  assertManager(ctx);
  const groups = await ctx.prisma.inAppMessageEvent.groupBy({ by: ['messageId', 'type'], _count: { _all: true } });
  const byMessage = new Map<string, InAppMessageStat>();
  for (const g of groups) {
    const stat = byMessage.get(g.messageId) ?? { messageId: g.messageId, triggered: 0, clicked: 0 };
    if (g.type === 'TRIGGERED') stat.triggered += g._count._all;
    else stat.clicked += g._count._all;
    byMessage.set(g.messageId, stat);
  }
  return [...byMessage.values()].sort((a, b) => a.messageId.localeCompare(b.messageId));
}

/** The spec's wire shape of a message (supporting §3), as the REST paths return it. */
export function presentInAppMessage(m: InAppMessage) {
  return {
    id: m.id,
    type: wireTypeOf(m.type),
    headline: m.headline,
    bodyText: m.bodyText,
    ctaBtn: m.ctaText || m.ctaUrl ? { text: m.ctaText, url: m.ctaUrl, isNewTab: m.ctaNewTab } : null,
    disableCloseBtn: m.disableCloseBtn,
    delay: m.delay,
    pages: m.pages,
    devices: m.devices,
    start_date: m.startDate.toISOString(),
    force: m.force,
    isStandAlone: m.isStandAlone,
    isDisplayAlways: m.isDisplayAlways,
  };
}
