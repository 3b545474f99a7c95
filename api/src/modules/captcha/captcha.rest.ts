/** Legacy REST paths for the captcha: a challenge (JSON with SVG) and POST /api/captcha/check {code, type}. */
import { Router } from 'express';
import { object, optional, string } from 'superstruct';
import { handler } from '../../http/rest-helpers.ts';
import { readCookie } from '../../http/auth.ts';
import { parseBody } from '../users/rest-body.ts';
import { CAPTCHA_COOKIE, CAPTCHA_TTL_MS, createCaptcha, parseCaptchaPurpose, solveCaptcha } from './captcha.service.ts';

const CheckBody = object({ code: string(), type: string(), challengeId: optional(string()), username: optional(string()) });

export function captchaRouter(): Router {
  const r = Router();
  r.get('/captcha/challenge', handler(async (req, res) => {
    const challenge = await createCaptcha(req.ctx, parseCaptchaPurpose(req.query.type ?? 'unlock'));
    // Path /api rather than /api/captcha: sign-up (POST /api/users) reads it as well.
    res.cookie(CAPTCHA_COOKIE, challenge.id, { httpOnly: true, sameSite: 'lax', secure: req.ctx.config.env.production, path: '/api', maxAge: CAPTCHA_TTL_MS });
    return challenge;
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
  return r;
}
