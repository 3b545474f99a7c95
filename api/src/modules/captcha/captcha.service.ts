/**
 * The captcha is a proof of work (ALTCHA, self-hosted): the browser spends about a second of CPU
 * finding a number, with nothing to read, hear or type, so it is the same for everyone and a script
 * pays the same price per challenge. Challenges are stateless (signed by the server, nothing stored
 * when issued); a solved one is recorded until it expires, so each solution is taken once.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { AppContext } from '../../context.ts';
import { badInput } from '../../domain-error.ts';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { requestMeta } from '../auth/http-binding.ts';
import { CAPTCHA_ISSUE_PER_IP, CAPTCHA_PER_IP, consume } from '../rate-limit/rate-limit.service.ts';
import { clearSignInLock } from './account-unlock.service.ts';

export const CAPTCHA_TTL_MS = 10 * 60_000;
export const CAPTCHA_PURPOSES = ['unlock', 'signup'] as const;
export type CaptchaPurpose = (typeof CAPTCHA_PURPOSES)[number];
/** PBKDF2 runs natively in every browser (WebCrypto) and in Node, so neither side needs WASM. */
export const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256';
/**
 * The solver tries counters from 0 until it meets the secret one, drawn in this range: the work is
 * about 1,500 x cost PBKDF2 rounds (measured: docs/decisions.md, Hardening (hard-auth)).
 */
export const CAPTCHA_COUNTER_RANGE = [1_000, 2_000] as const;
/** A payload is a few hundred bytes of base64 JSON; anything far larger is not one. */
const MAX_PAYLOAD_LENGTH = 4_000;

export const CAPTCHA_MESSAGES = {
  expired: 'This verification has expired or was already used. Please verify again.',
  invalid: 'The verification failed. Please verify again.',
  required: "Please confirm you're not a robot.",
} as const;

/** The signing secrets: one per database, made on first use, so every API process shares them (exported for tests). */
const secrets = new WeakMap<object, Promise<{ signature: string; key: string }>>();

export function captchaSecrets(prisma: Pick<PrismaClient, '$executeRaw' | '$queryRaw'>): Promise<{ signature: string; key: string }> {
  let found = secrets.get(prisma);
  if (!found) {
    found = (async () => {
      await prisma.$executeRaw`INSERT INTO server_secrets (name, value) VALUES ('captcha', ${randomBytes(32).toString('hex')}) ON CONFLICT (name) DO NOTHING`;
      const rows = await prisma.$queryRaw<{ value: string }[]>`SELECT value FROM server_secrets WHERE name = 'captcha'`;
      const master = rows[0]!.value;
      const derive = (label: string) => createHmac('sha256', master).update(label).digest('hex');
      return { signature: derive('altcha-challenge'), key: derive('altcha-derived-key') };
    })();
    found.catch(() => secrets.delete(prisma));
    secrets.set(prisma, found);
  }
  return found;
}

/**
 * Issues a signed challenge for the ALTCHA widget (its `challenge` URL answers this JSON). Nothing
 * is stored; issuing is limited per client address, since each one costs the server a key derivation.
 */
export async function issueCaptchaChallenge(ctx: AppContext, purpose: CaptchaPurpose, now = new Date()): Promise<Challenge> {
  await consume(ctx.prisma, `captcha-issue:ip:${requestMeta(ctx).ip ?? 'unknown'}`, CAPTCHA_ISSUE_PER_IP, now);
  const { signature, key } = await captchaSecrets(ctx.prisma);
  return createChallenge({
    algorithm: CAPTCHA_ALGORITHM,
    cost: ctx.config.captchaCost,
    counter: randomInt(CAPTCHA_COUNTER_RANGE[0], CAPTCHA_COUNTER_RANGE[1]),
    deriveKey,
    data: { purpose },
    expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
    hmacSignatureSecret: signature,
    hmacKeySignatureSecret: key,
  });
}

function refusal(kind: 'expired' | 'invalid', field: string) {
  const message = CAPTCHA_MESSAGES[kind];
  const key = kind === 'expired' ? 'captcha-expired' : 'captcha-mismatch';
  return badInput(message, [{ field, key, message }], key);
}

/** The widget's payload: base64 of JSON {challenge, solution}; anything else is null. */
function parsePayload(code: string): Payload | null {
  if (code.length > MAX_PAYLOAD_LENGTH) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(code, 'base64').toString('utf8'));
    if (typeof value !== 'object' || value === null) return null;
    const { challenge, solution } = value as Partial<Payload>;
    if (typeof challenge !== 'object' || challenge === null || typeof challenge.parameters !== 'object' || challenge.parameters === null) return null;
    if (typeof solution !== 'object' || solution === null) return null;
    return { challenge, solution };
  } catch {
    return null;
  }
}

/**
 * Takes a solved challenge of `purpose`, once: a forged, unsolved or other-purpose payload is
 * 'captcha-mismatch'; an expired or already used one 'captcha-expired'. Answers are limited per
 * client address.
 */
export async function verifyCaptcha(ctx: AppContext, code: string, purpose: CaptchaPurpose, field: string, now = new Date()): Promise<void> {
  await consume(ctx.prisma, `captcha:ip:${requestMeta(ctx).ip ?? 'unknown'}`, CAPTCHA_PER_IP, now);
  const payload = parsePayload(code.trim());
  if (!payload) throw refusal('invalid', field);
  const { signature, key } = await captchaSecrets(ctx.prisma);
  let result;
  try {
    result = await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, hmacSignatureSecret: signature, hmacKeySignatureSecret: key });
  } catch {
    throw refusal('invalid', field);
  }
  const { parameters } = payload.challenge;
  if (result.expired || (parameters.expiresAt ?? 0) * 1000 <= now.getTime()) throw refusal('expired', field);
  if (!result.verified || parameters.data?.purpose !== purpose) throw refusal('invalid', field);
  // The nonce is covered by the signature; one row per solved challenge, the second taker loses.
  const taken = await ctx.prisma.$executeRaw`
    INSERT INTO used_captcha_challenges (nonce, purpose, expires_at)
    VALUES (${parameters.nonce}, ${purpose}, ${new Date(parameters.expiresAt! * 1000)})
    ON CONFLICT (nonce) DO NOTHING`;
  if (taken === 0) throw refusal('expired', field);
}

/**
 * POST /api/captcha/check and solveCaptcha: checks a solved challenge. A solved 'unlock' challenge
 * unlocks the signed-in viewer (the session proves who it is). Signed out, it unlocks nothing:
 * there the owner signs in with the password and a solved challenge, or uses the mailed link, so a
 * stranger who pays for a challenge cannot reset an account's lock and go on guessing.
 */
export async function solveCaptcha(ctx: AppContext, input: { code: string; type: CaptchaPurpose }, now = new Date()): Promise<{ solved: true; unlocked: boolean }> {
  await verifyCaptcha(ctx, input.code, input.type, 'code', now);
  const unlocked = input.type === 'unlock' && ctx.viewer ? await clearSignInLock(ctx, ctx.viewer.userId, 'captcha') : false;
  return { solved: true, unlocked };
}

/**
 * Sign-up's bot check when SIGNUP_CAPTCHA is on (and on-boarding's, for accounts made without it):
 * a solved 'signup' challenge in captchaCode, each good once.
 */
export async function requireSignupCaptcha(ctx: AppContext, input: { captchaCode?: string | null }, now = new Date()): Promise<void> {
  if (!ctx.config.signupCaptcha) return;
  const code = input.captchaCode?.trim() ?? '';
  if (code === '') {
    throw badInput(CAPTCHA_MESSAGES.required, [{ field: 'captchaCode', key: 'captcha-required', message: CAPTCHA_MESSAGES.required }], 'captcha-required');
  }
  await verifyCaptcha(ctx, code, 'signup', 'captchaCode', now);
}

/** Narrows a request's `type` to a captcha purpose. */
export function parseCaptchaPurpose(value: unknown): CaptchaPurpose {
  if (typeof value === 'string' && (CAPTCHA_PURPOSES as readonly string[]).includes(value)) return value as CaptchaPurpose;
  throw badInput('type must be unlock or signup', [{ field: 'type', key: 'invalid', message: 'type must be unlock or signup' }]);
}
