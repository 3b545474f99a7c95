/**
 * Legacy REST paths for the captcha: GET /api/captcha/challenge (the ALTCHA widget's challenge
 * URL), POST /api/captcha/check {code, type} with the widget's payload as code, and the mailed
 * unlock link (request it, then redeem its token).
 */
import { Router } from 'express';
import { object, optional, string } from 'superstruct';
import { handler } from '../../http/rest-helpers.ts';
import { parseBody } from '../../http/rest-body.ts';
import { requestUnlockLink, unlockWithLink } from './account-unlock.service.ts';
import { issueCaptchaChallenge, parseCaptchaPurpose, solveCaptcha } from './captcha.service.ts';

export const CheckBody = object({ code: string(), type: string() });
export const UnlockLinkBody = object({ username: optional(string()) });
export const UnlockBody = object({ token: string() });

export function captchaRouter(): Router {
  const r = Router();
  r.get('/captcha/challenge', handler(async (req, res) => {
    // Each challenge is new and single use: never from a cache.
    res.set('Cache-Control', 'no-store');
    return issueCaptchaChallenge(req.ctx, parseCaptchaPurpose(req.query.type ?? 'unlock'));
  }));
  r.post('/captcha/check', handler(async (req) => {
    const body = parseBody(CheckBody, req.body);
    return solveCaptcha(req.ctx, { code: body.code, type: parseCaptchaPurpose(body.type) });
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
