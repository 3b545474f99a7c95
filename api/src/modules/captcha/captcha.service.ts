/**
 * Self-hosted captcha (no third-party service): a random text drawn as an SVG, or for screen-reader
 * users a question in words; the answer is stored hashed with an expiry. Solving an 'unlock'
 * challenge (either format) unlocks an account locked by failed sign-ins.
 */
import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { badInput } from '../../domain-error.ts';
import { requestCookie, requestMeta } from '../auth/http-binding.ts';
import { CAPTCHA_PER_IP, consume } from '../rate-limit/rate-limit.service.ts';
import { clearSignInLock } from './account-unlock.service.ts';
import { randomCaptchaText, renderCaptchaSvg } from './captcha-image.ts';
import { normalizeQuestionAnswer, randomCaptchaQuestion } from './captcha-question.ts';

export const CAPTCHA_TTL_MS = 10 * 60_000;
export const CAPTCHA_MAX_ATTEMPTS = 5;
export const CAPTCHA_PURPOSES = ['unlock', 'signup'] as const;
export type CaptchaPurpose = (typeof CAPTCHA_PURPOSES)[number];
/** 'image': characters drawn as SVG; 'text': a question in words (the accessible alternative). */
export type CaptchaFormat = 'image' | 'text';

/** Remembers the last challenge shown to this browser, so a legacy body with only the code suffices. */
export const CAPTCHA_COOKIE = 'cadence_captcha';

export const CAPTCHA_MESSAGES = {
  expired: 'This captcha has expired. Please try a new one.',
  mismatch: 'The characters do not match the image. Please try again.',
  wrongAnswer: 'That answer is not right. Please try the new question.',
  required: 'Please type the characters you see in the picture.',
} as const;

export interface CaptchaView {
  id: string;
  svg: string;
  expiresAt: Date;
}

export interface CaptchaQuestionView {
  id: string;
  /** Plain text for a screen reader, e.g. "What is seven plus four?". */
  question: string;
  expiresAt: Date;
}

/** A reply in the form its answer was stored: pictures ignore case, questions take digits or words. */
function normalizeAnswer(format: string, reply: string): string {
  return format === 'text' ? normalizeQuestionAnswer(reply) : reply.trim().toUpperCase();
}

function answerHash(challengeId: string, normalizedAnswer: string): string {
  return createHash('sha256').update(`${challengeId}:${normalizedAnswer}`).digest('hex');
}

/** Stores a challenge whose answer is hashed with its own id (so equal answers hash differently). */
async function storeChallenge(ctx: AppContext, purpose: CaptchaPurpose, format: CaptchaFormat, answer: string, now: Date): Promise<{ id: string; expiresAt: Date }> {
  const expiresAt = new Date(now.getTime() + CAPTCHA_TTL_MS);
  const row = await ctx.prisma.captchaChallenge.create({
    data: { purpose, format, answerHash: 'pending', expiresAt, userId: ctx.viewer?.userId ?? null },
    select: { id: true },
  });
  await ctx.prisma.captchaChallenge.update({ where: { id: row.id }, data: { answerHash: answerHash(row.id, normalizeAnswer(format, answer)) } });
  return { id: row.id, expiresAt };
}

/** Issues a new picture challenge; the answer never leaves the server except drawn in the image. */
export async function createCaptcha(ctx: AppContext, purpose: CaptchaPurpose, now = new Date()): Promise<CaptchaView> {
  const text = ctx.config.captchaTestAnswer ?? randomCaptchaText();
  const { id, expiresAt } = await storeChallenge(ctx, purpose, 'image', text, now);
  return { id, svg: renderCaptchaSvg(text), expiresAt };
}

/**
 * Issues a text question, the accessible alternative to the picture, for either purpose: a person
 * who cannot see the picture must be able to sign up too. It is the weaker bot check, so sign-up
 * keeps its other defences (per-address rate limit, email verification); see docs/decisions.md.
 */
export async function createCaptchaQuestion(ctx: AppContext, purpose: CaptchaPurpose, now = new Date()): Promise<CaptchaQuestionView> {
  const { question, answer } = randomCaptchaQuestion();
  const { id, expiresAt } = await storeChallenge(ctx, purpose, 'text', answer, now);
  return { id, question, expiresAt };
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
  const format = await claimChallenge(ctx, input.challengeId, input.code, input.type, 'code', now);
  let unlocked = false;
  if (input.type === 'unlock') {
    const where = ctx.viewer
      ? { id: ctx.viewer.userId }
      : input.username
        ? { emailNormalized: input.username.trim().toLowerCase() }
        : null;
    const user = where && (await ctx.prisma.user.findUnique({ where, select: { id: true } }));
    if (user) unlocked = await clearSignInLock(ctx, user.id, format === 'text' ? 'question' : 'captcha');
  }
  return { solved: true, unlocked: ctx.viewer ? unlocked : false };
}

/**
 * Marks a challenge of `purpose` answered, once, and returns its format: unknown, expired, used,
 * exhausted or other-purpose challenges are 'captcha-expired', a wrong answer 'captcha-mismatch'
 * (and counts an attempt).
 */
async function claimChallenge(ctx: AppContext, challengeId: string | undefined, code: string, purpose: CaptchaPurpose, field: string, now: Date): Promise<string> {
  const expired = () => badInput(CAPTCHA_MESSAGES.expired, [{ field, key: 'captcha-expired', message: CAPTCHA_MESSAGES.expired }], 'captcha-expired');
  if (!challengeId || !/^[0-9a-f-]{36}$/i.test(challengeId)) throw expired();
  const challenge = await ctx.prisma.captchaChallenge.findUnique({ where: { id: challengeId } });
  if (!challenge || challenge.solvedAt || challenge.expiresAt <= now || challenge.attempts >= CAPTCHA_MAX_ATTEMPTS || challenge.purpose !== purpose) {
    throw expired();
  }
  if (answerHash(challenge.id, normalizeAnswer(challenge.format, code)) !== challenge.answerHash) {
    await ctx.prisma.captchaChallenge.update({ where: { id: challenge.id }, data: { attempts: { increment: 1 } } });
    const message = challenge.format === 'text' ? CAPTCHA_MESSAGES.wrongAnswer : CAPTCHA_MESSAGES.mismatch;
    throw badInput(message, [{ field, key: 'captcha-mismatch', message }], 'captcha-mismatch');
  }
  const claimed = await ctx.prisma.captchaChallenge.updateMany({ where: { id: challenge.id, solvedAt: null }, data: { solvedAt: now } });
  if (claimed.count === 0) throw expired();
  return challenge.format;
}

/**
 * Sign-up's bot check when SIGNUP_CAPTCHA is on (and on-boarding's, for accounts made without it):
 * the answer to a 'signup' challenge, picture or question (id from the input, else the
 * cadence_captcha cookie of GET /api/captcha/challenge or /question), each challenge good once.
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

