/**
 * Fixed-window rate limits kept in RateLimitBucket, so every API process shares one count. The
 * increment is a single INSERT ... ON CONFLICT statement: concurrent requests cannot both slip under.
 */
import { DomainError } from '../../domain-error.ts';
import type { PrismaClient } from '../../generated/prisma/client.ts';

export interface RateLimit {
  /** Attempts allowed per window. */
  limit: number;
  windowMs: number;
}

/**
 * Sign-in attempts per client address; a successful one is given back, so only failures (and
 * attempts still in flight) count. Per account there is no hard limit, which a stranger could use
 * to keep the owner out: the account lock asks for a solved challenge instead (auth.service).
 */
export const SIGN_IN_PER_IP: RateLimit = { limit: 50, windowMs: 15 * 60_000 };
/** Password reset and verification mails per address and per client address. */
export const MAIL_PER_ACCOUNT: RateLimit = { limit: 5, windowMs: 60 * 60_000 };
export const MAIL_PER_IP: RateLimit = { limit: 30, windowMs: 60 * 60_000 };
/** Mail-link tokens redeemed (reset, verification, unlock, ...) per client address. */
export const LINK_PER_IP: RateLimit = { limit: 60, windowMs: 15 * 60_000 };
/** Captcha answers, and challenges issued, per client address. */
export const CAPTCHA_PER_IP: RateLimit = { limit: 60, windowMs: 15 * 60_000 };
export const CAPTCHA_ISSUE_PER_IP: RateLimit = { limit: 60, windowMs: 15 * 60_000 };
/** Sign-ups per client address (a mail is sent to each new account). */
export const SIGN_UP_PER_IP: RateLimit = { limit: 30, windowMs: 60 * 60_000 };

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

/** Counts one attempt against `key`; returns the count in the current window. */
export async function hit(prisma: Pick<PrismaClient, '$queryRaw'>, key: string, rule: RateLimit, now = new Date()): Promise<number> {
  const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
  const expiresAt = new Date(windowStart.getTime() + rule.windowMs);
  const rows = await prisma.$queryRaw<{ count: number }[]>`
    INSERT INTO rate_limit_buckets (key, window_start, count, expires_at)
    VALUES (${key}, ${windowStart}, 1, ${expiresAt})
    ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_buckets.count + 1
    RETURNING count`;
  return Number(rows[0]?.count ?? 1);
}

/**
 * Windows this process has seen pass their limit, by key and window start, until the window ends.
 * Once a key is over, every further attempt in that window is refused anyway: answering those
 * from memory keeps a flood of refused attempts off the database (and its connection pool), so
 * other people's requests are not slowed by it. The database stays the only place that decides a
 * refusal first, so the limit holds across processes and under parallel requests.
 */
const exhaustedByDatabase = new WeakMap<object, Map<string, number>>();
/** Bounds the memory an attacker with many addresses can make this take; past it, the database answers. */
export const EXHAUSTED_WINDOWS_KEPT = 10_000;

function exhaustedIn(prisma: object): Map<string, number> {
  let map = exhaustedByDatabase.get(prisma);
  if (!map) exhaustedByDatabase.set(prisma, (map = new Map()));
  return map;
}

function rememberExhausted(exhausted: Map<string, number>, id: string, endsAt: number, now: number): void {
  if (exhausted.size >= EXHAUSTED_WINDOWS_KEPT) {
    for (const [k, end] of exhausted) if (end <= now) exhausted.delete(k);
    if (exhausted.size >= EXHAUSTED_WINDOWS_KEPT) return;
  }
  exhausted.set(id, endsAt);
}

/** Counts an attempt and refuses it (RATE_LIMITED, HTTP 429) once the window's limit is passed. */
export async function consume(prisma: Pick<PrismaClient, '$queryRaw'>, key: string, rule: RateLimit, now = new Date()): Promise<void> {
  const windowStart = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
  const id = `${key}\u0000${windowStart}`;
  const exhausted = exhaustedIn(prisma);
  const known = exhausted.get(id);
  if (known !== undefined && known > now.getTime()) throw rateLimited(rule);
  const count = await hit(prisma, key, rule, now);
  if (count > rule.limit) {
    rememberExhausted(exhausted, id, windowStart + rule.windowMs, now.getTime());
    throw rateLimited(rule);
  }
}

function rateLimited(rule: RateLimit): DomainError {
  return new DomainError('RATE_LIMITED', RATE_LIMITED_MESSAGE, { retryAfterSeconds: Math.ceil(rule.windowMs / 1000) });
}

/** Gives back one attempt counted by consume() in the same window (e.g. a sign-in that succeeded). */
export async function refund(prisma: Pick<PrismaClient, '$executeRaw'>, key: string, rule: RateLimit, now = new Date()): Promise<void> {
  const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
  await prisma.$executeRaw`UPDATE rate_limit_buckets SET count = GREATEST(count - 1, 0) WHERE key = ${key} AND window_start = ${windowStart}`;
}
