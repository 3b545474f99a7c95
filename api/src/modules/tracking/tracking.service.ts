/** Marketing attribution, product events, web push registration and client log lines. */
import type { AppContext } from '../../context.ts';
import { badInput, DomainError } from '../../domain-error.ts';
import { LOG_LEVELS, LOG_TYPE_GLOBAL_ERROR } from '@cadence/domain/constants';
import { requestMeta } from '../auth/http-binding.ts';
import { consume } from '../rate-limit/rate-limit.service.ts';
import { requireViewer } from '../users/users.policy.ts';
import { TEXT_LIMITS } from '@cadence/domain/text-limits';
import { assertWithinLimits } from '../../input-limits.ts';

const ID_PATTERN = new RegExp(`^[A-Za-z0-9_.:-]{1,${TEXT_LIMITS.label}}$`);
// A browser reports a few errors per page at most; more from one address is a flood (429).
const LOGS_PER_IP = { limit: 60, windowMs: 60_000 };
export const CLIENT_LOG_MAX_CHARS = TEXT_LIMITS.logMessage;

function id(value: unknown, field: string): string {
  if (typeof value !== 'string' || !ID_PATTERN.test(value)) {
    throw badInput(`${field} must be 1-100 letters, digits or _.:-`, [{ field, key: 'invalid', message: `${field} must be 1-100 letters, digits or _.:-` }]);
  }
  return value;
}

/** Records the campaign and template a visitor came from (signed in or not). */
export async function trackMarketing(ctx: AppContext, input: { campaignId: string; templateId?: string | null }): Promise<void> {
  await ctx.prisma.marketingTracking.create({
    data: { userId: ctx.viewer?.userId ?? null, campaignId: id(input.campaignId, 'campaignId'), templateId: input.templateId ? id(input.templateId, 'templateId') : null, source: 'tracking' },
  });
}

/** Records a named product event for the viewer. */
export async function trackEvent(ctx: AppContext, eventName: string, properties?: Record<string, unknown>): Promise<void> {
  const viewer = requireViewer(ctx.viewer);
  if (properties !== undefined && properties !== null) assertWithinLimits({ properties: JSON.stringify(properties) }, { properties: TEXT_LIMITS.eventProperties });
  await ctx.prisma.trackedEvent.create({ data: { userId: viewer.userId, eventName: id(eventName, 'eventName'), properties: (properties ?? undefined) as never } });
}

/** Registers the browser's web push token for the viewer (a token moves to whoever registers it last). */
export async function registerBrowserToken(ctx: AppContext, token: string): Promise<void> {
  const viewer = requireViewer(ctx.viewer);
  if (typeof token === 'string') assertWithinLimits({ token }, { token: TEXT_LIMITS.token });
  if (typeof token !== 'string' || token.trim() === '') {
    throw badInput('token is required', [{ field: 'token', key: 'required', message: 'token is required' }]);
  }
  const userAgent = requestMeta(ctx).userAgent?.slice(0, 500) ?? null;
  await ctx.prisma.webPushToken.upsert({
    where: { token },
    create: { token, userId: viewer.userId, userAgent },
    update: { userId: viewer.userId, userAgent, lastSeenAt: new Date() },
  });
}

/** Counts a click on a web push notification. */
export async function trackWebPushClick(ctx: AppContext, campaignId: string): Promise<void> {
  await ctx.prisma.webPushClick.create({ data: { campaignId: id(campaignId, 'campaignId'), userId: ctx.viewer?.userId ?? null } });
}

/** Stores a browser log line (error, warn, info or a tag such as GLOBAL_ERROR); rate-limited per address. */
export async function clientLog(ctx: AppContext, input: { message: string; type: string; url?: string | null }): Promise<void> {
  const meta = requestMeta(ctx);
  await consume(ctx.prisma, `clientlog:ip:${meta.ip ?? 'unknown'}`, LOGS_PER_IP);
  const type = input.type;
  if (typeof type !== 'string' || !((LOG_LEVELS as readonly string[]).includes(type) || type === LOG_TYPE_GLOBAL_ERROR || /^[A-Z_]{1,40}$/.test(type))) {
    throw badInput('type must be error, warn, info or an upper-case tag', [{ field: 'type', key: 'invalid', message: 'type must be error, warn, info or an upper-case tag' }]);
  }
  if (typeof input.message !== 'string' || input.message.trim() === '') {
    throw badInput('message is required', [{ field: 'message', key: 'required', message: 'message is required' }]);
  }
  if (input.message.length > CLIENT_LOG_MAX_CHARS) {
    throw new DomainError('PAYLOAD_TOO_LARGE', `A log message may have at most ${CLIENT_LOG_MAX_CHARS} characters`, { key: 'log-too-large' });
  }
  await ctx.prisma.clientLog.create({
    data: { type, message: input.message.slice(0, CLIENT_LOG_MAX_CHARS), userId: ctx.viewer?.userId ?? null, userAgent: meta.userAgent?.slice(0, 500) ?? null, url: input.url?.slice(0, TEXT_LIMITS.url) ?? null },
  });
}
