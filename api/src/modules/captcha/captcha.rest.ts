/**
 * Legacy REST paths for the captcha: GET /api/captcha/challenge (the ALTCHA widget's challenge
 * URL), POST /api/captcha/check {code, type} with the widget's payload as code, and the mailed
 * unlock link (request it, then redeem its token).
 */
import { Router } from 'express';
import { defaulted, enums, object, optional, string, type } from 'superstruct';
import { handler, LISTED, validate, worded } from '../../http/rest-helpers.ts';
import { requestUnlockLink, unlockWithLink } from './account-unlock.service.ts';
import { CAPTCHA_PURPOSES, issueCaptchaChallenge, parseCaptchaPurpose, solveCaptcha } from './captcha.service.ts';

/** GET /api/captcha/challenge?type=unlock|signup (unlock when absent). */
const ChallengeQuery = type({ type: worded(defaulted(enums(CAPTCHA_PURPOSES), 'unlock'), 'invalid', 'type must be unlock or signup') });

export const CheckBody = object({ code: string(), type: string() });
export const UnlockLinkBody = object({ username: optional(string()) });
export const UnlockBody = object({ token: string() });

export function captchaRouter(): Router {
  const r = Router();
  r.get('/captcha/challenge', handler(async (req, res) => {
    // Each challenge is new and single use: never from a cache.
    res.set('Cache-Control', 'no-store');
    return issueCaptchaChallenge(req.ctx, validate(ChallengeQuery, req.query, { noKey: ['type'] }).type);
  }));
  r.post('/captcha/check', handler(async (req) => {
    const body = validate(CheckBody, req.body, LISTED);
    return solveCaptcha(req.ctx, { code: body.code, type: parseCaptchaPurpose(body.type) });
  }));
  r.post('/captcha/unlock-link', handler(async (req) => {
    await requestUnlockLink(req.ctx, validate(UnlockLinkBody, req.body, LISTED));
    return { success: true };
  }));
  r.post('/captcha/unlock', handler(async (req) => {
    await unlockWithLink(req.ctx, validate(UnlockBody, req.body, LISTED).token);
    return { success: true };
  }));
  return r;
}
