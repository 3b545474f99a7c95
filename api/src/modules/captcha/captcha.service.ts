/**
 * Self-hosted captcha (no third-party service): a random text drawn as an SVG, its answer stored
 * hashed with an expiry. Solving one unlocks an account locked by failed sign-ins.
 */
import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { badInput } from '../../domain-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { requestCookie, requestMeta } from '../auth/http-binding.ts';
import { CAPTCHA_PER_IP, consume } from '../rate-limit/rate-limit.service.ts';
import { randomCaptchaText, renderCaptchaSvg } from './captcha-image.ts';

export const CAPTCHA_TTL_MS = 10 * 60_000;
export const CAPTCHA_MAX_ATTEMPTS = 5;
export const CAPTCHA_PURPOSES = ['unlock', 'signup'] as const;
export type CaptchaPurpose = (typeof CAPTCHA_PURPOSES)[number];

/** Remembers the last challenge shown to this browser, so a legacy body with only the code suffices. */
export const CAPTCHA_COOKIE = 'cadence_captcha';

export const CAPTCHA_MESSAGES = {
  expired: 'This captcha has expired. Please try a new one.',
  mismatch: 'The characters do not match the image. Please try again.',
  required: 'Please type the characters you see in the picture.',
} as const;

export interface CaptchaView {
  id: string;
  svg: string;
  expiresAt: Date;
}

function answerHash(challengeId: string, answer: string): string {
  return createHash('sha256').update(`${challengeId}:${answer.trim().toUpperCase()}`).digest('hex');
}

/** Issues a new challenge; the answer never leaves the server except drawn in the image. */
export async function createCaptcha(ctx: AppContext, purpose: CaptchaPurpose, now = new Date()): Promise<CaptchaView> {
  const text = ctx.config.captchaTestAnswer ?? randomCaptchaText();
  const expiresAt = new Date(now.getTime() + CAPTCHA_TTL_MS);
  const row = await ctx.prisma.captchaChallenge.create({
    data: { purpose, answerHash: 'pending', expiresAt, userId: ctx.viewer?.userId ?? null },
    select: { id: true },
  });
  await ctx.prisma.captchaChallenge.update({ where: { id: row.id }, data: { answerHash: answerHash(row.id, text) } });
  return { id: row.id, svg: renderCaptchaSvg(text), expiresAt };
}

/**
 * Checks an answer. A correct 'unlock' answer clears the lock of the signed-in viewer, or of the
 * account named by `username` (the same answer whether or not that account exists).
 */
export async function solveCaptcha(
  ctx: AppContext,
  input: { challengeId: string | undefined; code: string; type: CaptchaPurpose; username?: string },
  now = new Date(),
): Promise<{ solved: true; unlocked: boolean }> {
  await consume(ctx.prisma, `captcha:ip:${requestMeta(ctx).ip ?? 'unknown'}`, CAPTCHA_PER_IP, now);
  await claimChallenge(ctx, input.challengeId, input.code, input.type, 'code', now);
  let unlocked = false;
  if (input.type === 'unlock') {
    const where = ctx.viewer
      ? { id: ctx.viewer.userId }
      : input.username
        ? { emailNormalized: input.username.trim().toLowerCase() }
        : null;
    if (where) {
      const user = await ctx.prisma.user.findUnique({ where, select: { id: true, isLocked: true, deletedAt: true } });
      if (user && !user.deletedAt && user.isLocked) {
        await ctx.prisma.user.update({ where: { id: user.id }, data: { isLocked: false, lockedAt: null, failedSignInCount: 0 } });
        await recordAudit(ctx, { category: 'ACCOUNT', subcategory: 'ACCOUNT_UNLOCKED', userId: user.id, actorId: ctx.viewer?.userId ?? null, oldValues: { isLocked: true }, newValues: { isLocked: false } });
        unlocked = true;
      }
    }
  }
  return { solved: true, unlocked: ctx.viewer ? unlocked : false };
}

/**
 * Marks a challenge of `purpose` answered, once: unknown, expired, used, exhausted or other-purpose
 * challenges are 'captcha-expired', a wrong answer 'captcha-mismatch' (and counts an attempt).
 */
async function claimChallenge(ctx: AppContext, challengeId: string | undefined, code: string, purpose: CaptchaPurpose, field: string, now: Date): Promise<void> {
  const expired = () => badInput(CAPTCHA_MESSAGES.expired, [{ field, key: 'captcha-expired', message: CAPTCHA_MESSAGES.expired }], 'captcha-expired');
  if (!challengeId || !/^[0-9a-f-]{36}$/i.test(challengeId)) throw expired();
  const challenge = await ctx.prisma.captchaChallenge.findUnique({ where: { id: challengeId } });
  if (!challenge || challenge.solvedAt || challenge.expiresAt <= now || challenge.attempts >= CAPTCHA_MAX_ATTEMPTS || challenge.purpose !== purpose) {
    throw expired();
  }
  if (answerHash(challenge.id, code) !== challenge.answerHash) {
    await ctx.prisma.captchaChallenge.update({ where: { id: challenge.id }, data: { attempts: { increment: 1 } } });
    throw badInput(CAPTCHA_MESSAGES.mismatch, [{ field, key: 'captcha-mismatch', message: CAPTCHA_MESSAGES.mismatch }], 'captcha-mismatch');
  }
  const claimed = await ctx.prisma.captchaChallenge.updateMany({ where: { id: challenge.id, solvedAt: null }, data: { solvedAt: now } });
  if (claimed.count === 0) throw expired();
}

/**
 * Sign-up's bot check when SIGNUP_CAPTCHA is on: the answer to a 'signup' challenge (id from the
 * input, else the cadence_captcha cookie of GET /api/captcha/challenge), each challenge good once.
 */
export async function requireSignupCaptcha(ctx: AppContext, input: { captchaId?: string | null; captchaCode?: string | null }, now = new Date()): Promise<void> {
  if (!ctx.config.signupCaptcha) return;
  const code = input.captchaCode?.trim() ?? '';
  if (code === '') {
    throw badInput(CAPTCHA_MESSAGES.required, [{ field: 'captchaCode', key: 'captcha-required', message: CAPTCHA_MESSAGES.required }], 'captcha-required');
  }
  await claimChallenge(ctx, input.captchaId || requestCookie(ctx, CAPTCHA_COOKIE), code, 'signup', 'captchaCode', now);
}

/** Narrows a request's `type` to a captcha purpose. */
export function parseCaptchaPurpose(value: unknown): CaptchaPurpose {
  if (typeof value === 'string' && (CAPTCHA_PURPOSES as readonly string[]).includes(value)) return value as CaptchaPurpose;
  throw badInput('type must be unlock or signup', [{ field: 'type', key: 'invalid', message: 'type must be unlock or signup' }]);
}

