/**
 * Self-hosted captcha (no third-party service): a random text drawn as an SVG, its answer stored
 * hashed with an expiry. Solving one unlocks an account locked by failed sign-ins.
 */
import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { badInput } from '../../domain-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { requestMeta } from '../auth/http-binding.ts';
import { CAPTCHA_PER_IP, consume } from '../rate-limit/rate-limit.service.ts';
import { randomCaptchaText, renderCaptchaSvg } from './captcha-image.ts';

export const CAPTCHA_TTL_MS = 10 * 60_000;
export const CAPTCHA_MAX_ATTEMPTS = 5;
export const CAPTCHA_PURPOSES = ['unlock', 'signup'] as const;
export type CaptchaPurpose = (typeof CAPTCHA_PURPOSES)[number];

export const CAPTCHA_MESSAGES = {
  expired: 'This captcha has expired. Please try a new one.',
  mismatch: 'The characters do not match the image. Please try again.',
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
  const expired = () => badInput(CAPTCHA_MESSAGES.expired, [{ field: 'code', key: 'captcha-expired', message: CAPTCHA_MESSAGES.expired }], 'captcha-expired');
  if (!input.challengeId || !/^[0-9a-f-]{36}$/i.test(input.challengeId)) throw expired();
  const challenge = await ctx.prisma.captchaChallenge.findUnique({ where: { id: input.challengeId } });
  if (!challenge || challenge.solvedAt || challenge.expiresAt <= now || challenge.attempts >= CAPTCHA_MAX_ATTEMPTS || challenge.purpose !== input.type) {
    throw expired();
  }
  if (answerHash(challenge.id, input.code) !== challenge.answerHash) {
    await ctx.prisma.captchaChallenge.update({ where: { id: challenge.id }, data: { attempts: { increment: 1 } } });
    throw badInput(CAPTCHA_MESSAGES.mismatch, [{ field: 'code', key: 'captcha-mismatch', message: CAPTCHA_MESSAGES.mismatch }], 'captcha-mismatch');
  }
  const claimed = await ctx.prisma.captchaChallenge.updateMany({ where: { id: challenge.id, solvedAt: null }, data: { solvedAt: now } });
  if (claimed.count === 0) throw expired();
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

/** Narrows a request's `type` to a captcha purpose. */
export function parseCaptchaPurpose(value: unknown): CaptchaPurpose {
  if (typeof value === 'string' && (CAPTCHA_PURPOSES as readonly string[]).includes(value)) return value as CaptchaPurpose;
  throw badInput('type must be unlock or signup', [{ field: 'type', key: 'invalid', message: 'type must be unlock or signup' }]);
}

