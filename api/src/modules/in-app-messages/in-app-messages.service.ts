/**
 * In-app messages (supporting spec §3, §4): support staff write them; signed-in people and visitors
 * each read the list meant for them; the browser reports when a message was shown or clicked.
 */
import { PAGE_IDS, type InAppMessageType as WireType } from '@cadence/domain/in-app-messages';
import { DEVICES } from '@cadence/domain/breakpoints';
import type { AppContext } from '../../context.ts';
import { DomainError, badInput, type FieldError } from '../../domain-error.ts';
import type { InAppMessage, Prisma } from '../../generated/prisma/client.ts';
import { canManageInAppMessages, visibleAudiences } from './in-app-messages.policy.ts';
import { changedValues, recordAudit } from '../audit/audit.service.ts';
import { isSafeMessageUrl } from '@cadence/domain/message-html';
import { sanitizeHtml } from './sanitize-html.ts';
import { LIST_LIMITS, PAGE_SIZE_MAX, TEXT_LIMITS, textLimitErrors } from '@cadence/domain/text-limits';

type Ctx = Pick<AppContext, 'prisma' | 'viewer' | 'requestId'>;
type Query = { select?: Prisma.InAppMessageSelect; include?: Prisma.InAppMessageInclude };

export type InAppMessageTypeValue = 'POPUP_MODAL' | 'ALERT_BANNER' | 'STICKY_BAR' | 'BLUE_BANNER';
export type InAppAudienceValue = 'ALL' | 'SIGNED_IN' | 'VISITORS';
export type InAppEventTypeValue = 'CLICKED' | 'TRIGGERED';

/** The spec's wire names ('popup-modal') of the stored enum values. */
export const TYPE_WIRE_NAMES: Record<InAppMessageTypeValue, WireType> = {
  POPUP_MODAL: 'popup-modal',
  ALERT_BANNER: 'alert-banner',
  STICKY_BAR: 'sticky-bar',
  BLUE_BANNER: 'blue-banner',
};

export interface InAppMessageInput {
  type?: InAppMessageTypeValue | null;
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
  audience?: InAppAudienceValue | null;
}

export interface InAppEventInput {
  messageId: string;
  destinationUrl?: string | null;
  siteLocation: string;
  type: InAppEventTypeValue;
}

const HEADLINE_MAX = TEXT_LIMITS.headline;
const BODY_MAX = TEXT_LIMITS.richText;
const CTA_TEXT_MAX = TEXT_LIMITS.label;
const URL_MAX = TEXT_LIMITS.url;
const DELAY_MAX_SECONDS = 3_600;
const PAGE_ID_SET = new Set(['all', ...PAGE_IDS.map((p) => p.id)]);

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

function text(value: string | null | undefined, field: string, max: number, errors: FieldError[]): string | null | undefined {
  if (value === undefined || value === null) return value;
  const trimmed = value.trim();
  if (trimmed.length > max) errors.push({ field, key: 'maxLength', message: `${field} must be at most ${max} characters` });
  return trimmed === '' ? null : trimmed;
}

/** Checks and normalises an input; `creating` requires the fields a new message needs. */
function toData(input: InAppMessageInput, creating: boolean) {
  const errors: FieldError[] = [];
  const data: Prisma.InAppMessageUncheckedUpdateInput = {};
  if (input.type !== undefined) {
    if (input.type === null || !(input.type in TYPE_WIRE_NAMES)) errors.push({ field: 'type', key: 'invalid', message: 'Unknown message type' });
    else data.type = input.type;
  } else if (creating) errors.push({ field: 'type', key: 'required', message: 'Type is required' });

  if (input.bodyText !== undefined) {
    const raw = input.bodyText ?? '';
    if (raw.length > BODY_MAX) errors.push({ field: 'bodyText', key: 'maxLength', message: `bodyText must be at most ${BODY_MAX} characters` });
    const clean = sanitizeHtml(raw).trim();
    if (clean === '') errors.push({ field: 'bodyText', key: 'required', message: 'Body text is required' });
    data.bodyText = clean;
  } else if (creating) errors.push({ field: 'bodyText', key: 'required', message: 'Body text is required' });

  const headline = text(input.headline, 'headline', HEADLINE_MAX, errors);
  if (headline !== undefined) data.headline = headline;
  const ctaText = text(input.ctaText, 'ctaText', CTA_TEXT_MAX, errors);
  if (ctaText !== undefined) data.ctaText = ctaText;
  const ctaUrl = text(input.ctaUrl, 'ctaUrl', URL_MAX, errors);
  if (ctaUrl !== undefined) {
    if (ctaUrl !== null && !isSafeMessageUrl(ctaUrl)) errors.push({ field: 'ctaUrl', key: 'invalid', message: 'The button address must be http(s), mailto or a path on this site' });
    data.ctaUrl = ctaUrl;
  }
  if (input.delay !== undefined && input.delay !== null) {
    if (!Number.isInteger(input.delay) || input.delay < 0 || input.delay > DELAY_MAX_SECONDS)
      errors.push({ field: 'delay', key: 'invalid', message: `Delay must be whole seconds from 0 to ${DELAY_MAX_SECONDS}` });
    else data.delay = input.delay;
  }
  errors.push(...textLimitErrors(input, { pages: { each: TEXT_LIMITS.label, items: LIST_LIMITS.pages }, devices: { each: TEXT_LIMITS.label, items: LIST_LIMITS.pages } }));
  if (input.pages !== undefined && input.pages !== null && !errors.some((e) => e.field === 'pages')) {
    const unknown = input.pages.filter((p) => !PAGE_ID_SET.has(p));
    if (input.pages.length === 0 || unknown.length > 0)
      errors.push({ field: 'pages', key: 'invalid', message: `Pages must be 'all' or known page ids${unknown.length ? ` (unknown: ${unknown.join(', ')})` : ''}` });
    else data.pages = [...new Set(input.pages)];
  }
  if (input.devices !== undefined && input.devices !== null && !errors.some((e) => e.field === 'devices')) {
    const ok = input.devices.length > 0 && input.devices.every((d) => (DEVICES as readonly string[]).includes(d));
    if (!ok) errors.push({ field: 'devices', key: 'invalid', message: 'Devices must be some of desktop, mobile, tablet' });
    else data.devices = [...new Set(input.devices)];
  }
  if (input.audience !== undefined && input.audience !== null) {
    if (!['ALL', 'SIGNED_IN', 'VISITORS'].includes(input.audience)) errors.push({ field: 'audience', key: 'invalid', message: 'Unknown audience' });
    else data.audience = input.audience;
  }
  for (const flag of ['ctaNewTab', 'disableCloseBtn', 'force', 'isStandAlone', 'isDisplayAlways'] as const) {
    if (input[flag] !== undefined && input[flag] !== null) data[flag] = input[flag];
  }
  if (input.startDate) data.startDate = input.startDate;
  if (input.endDate !== undefined) data.endDate = input.endDate;
  if (errors.length > 0) throw badInput(errors[0]!.message, errors);
  return data;
}

function checkDates(start: Date, end: Date | null | undefined): void {
  if (end && end <= start) throw badInput('The end date must be after the start date', [{ field: 'endDate', key: 'invalid', message: 'The end date must be after the start date' }]);
}

/** Support staff write a message; its body is sanitised before it is stored. */
export async function createInAppMessage(ctx: Ctx, input: InAppMessageInput, query: Query = {}) {
  assertManager(ctx);
  const data = toData(input, true) as Prisma.InAppMessageUncheckedCreateInput;
  checkDates((data.startDate as Date | undefined) ?? new Date(), data.endDate as Date | null | undefined);
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
  const data = toData(input, false);
  checkDates((data.startDate as Date | undefined) ?? existing.startDate, data.endDate === undefined ? existing.endDate : (data.endDate as Date | null));
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

/** Records that a message was shown (triggered) or clicked/dismissed; only for messages the caller may see. */
export async function recordInAppMessageEvent(ctx: Ctx, input: InAppEventInput, now = new Date()): Promise<void> {
  const errors: FieldError[] = [];
  if (typeof input.messageId !== 'string' || input.messageId === '') errors.push({ field: 'messageId', key: 'required', message: 'messageId is required' });
  if (input.type !== 'CLICKED' && input.type !== 'TRIGGERED') errors.push({ field: 'type', key: 'invalid', message: 'type must be clicked or triggered' });
  if (typeof input.siteLocation !== 'string' || input.siteLocation.length > URL_MAX) errors.push({ field: 'siteLocation', key: 'invalid', message: 'siteLocation must be a string' });
  const destinationUrl = input.destinationUrl ?? '';
  if (typeof destinationUrl !== 'string' || destinationUrl.length > URL_MAX) errors.push({ field: 'destinationUrl', key: 'invalid', message: 'destinationUrl must be a string' });
  if (errors.length > 0) throw badInput(errors[0]!.message, errors);
  const visible = await ctx.prisma.inAppMessage.findFirst({ where: { id: input.messageId, ...liveFor(ctx, now) }, select: { id: true } });
  if (!visible) throw new DomainError('NOT_FOUND', 'No such in-app message');
  await ctx.prisma.inAppMessageEvent.create({
    data: { messageId: input.messageId, userId: ctx.viewer?.userId ?? null, type: input.type, destinationUrl, siteLocation: input.siteLocation },
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
    type: TYPE_WIRE_NAMES[m.type],
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
