/**
 * Legacy REST paths for the captcha: a picture or a text question (JSON), POST /api/captcha/check
 * {code, type} for either, and the mailed unlock link (request it, then redeem its token).
 */
import { Router, type Response } from 'express';
import { object, optional, string } from 'superstruct';
import { handler } from '../../http/rest-helpers.ts';
import { readCookie } from '../../http/auth.ts';
import type { AppContext } from '../../context.ts';
import { parseBody } from '../users/rest-body.ts';
import { requestUnlockLink, unlockWithLink } from './account-unlock.service.ts';
import { CAPTCHA_COOKIE, CAPTCHA_TTL_MS, createCaptcha, createCaptchaQuestion, parseCaptchaPurpose, solveCaptcha } from './captcha.service.ts';

const CheckBody = object({ code: string(), type: string(), challengeId: optional(string()), username: optional(string()) });
const UnlockLinkBody = object({ username: optional(string()) });
const UnlockBody = object({ token: string() });

/** Remembers the challenge just shown, so POST /captcha/check (or sign-up) may carry only the code. */
function rememberChallenge(ctx: AppContext, res: Response, challengeId: string): void {
  // Path /api rather than /api/captcha: sign-up (POST /api/users) reads it as well.
  res.cookie(CAPTCHA_COOKIE, challengeId, { httpOnly: true, sameSite: 'lax', secure: ctx.config.env.production, path: '/api', maxAge: CAPTCHA_TTL_MS });
}

export function captchaRouter(): Router {
  const r = Router();
  r.get('/captcha/challenge', handler(async (req, res) => {
    const challenge = await createCaptcha(req.ctx, parseCaptchaPurpose(req.query.type ?? 'unlock'));
    rememberChallenge(req.ctx, res, challenge.id);
    return challenge;
  }));
  r.get('/captcha/question', handler(async (req, res) => {
    const question = await createCaptchaQuestion(req.ctx, parseCaptchaPurpose(req.query.type ?? 'unlock'));
    rememberChallenge(req.ctx, res, question.id);
    return question;
  }));
  r.post('/captcha/check', handler(async (req) => {
    const body = parseBody(CheckBody, req.body);
    return solveCaptcha(req.ctx, {
      challengeId: body.challengeId ?? readCookie(req, CAPTCHA_COOKIE),
      code: body.code,
      type: parseCaptchaPurpose(body.type),
      username: body.username,
    });
  }));
  r.post('/captcha/unlock-link', handler(async (req) => {
    await requestUnlockLink(req.ctx, parseBody(UnlockLinkBody, req.body));
    return { success: true };
  }));
  r.post('/captcha/unlock', handler(async (req) => {
    await unlockWithLink(req.ctx, parseBody(UnlockBody, req.body).token);
    return { success: true };
  }));
  return r;
}
