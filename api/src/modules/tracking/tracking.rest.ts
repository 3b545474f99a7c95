/** Legacy REST paths for tracking, web push and client logs. */
import { Router } from 'express';
import { nullable, object, optional, record, string, unknown } from 'superstruct';
import { handler, LISTED, signedIn, validate, pathParam } from '../../http/rest-helpers.ts';
import { clientLog, registerBrowserToken, trackEvent, trackMarketing, trackWebPushClick } from './tracking.service.ts';

export const TrackingBody = object({ campaignId: string(), templateId: optional(nullable(string())) });
export const EventBody = optional(object({ properties: optional(record(string(), unknown())) }));
export const BrowserTokenBody = object({ token: string() });
export const PushClickBody = object({ campaignId: string() });
export const LogBody = object({ message: string(), type: string(), url: optional(nullable(string())) });

export function trackingRouter(): Router {
  const r = Router();
  r.post('/users/tracking', handler(async (req) => {
    await trackMarketing(req.ctx, validate(TrackingBody, req.body, LISTED));
    return { success: true };
  }));
  r.post('/users/track-event/:eventName', handler(async (req) => {
    const body = validate(EventBody, req.body ?? undefined, LISTED);
    await trackEvent(req.ctx, pathParam(req, 'eventName'), body?.properties);
    return { success: true };
  }));
  r.post('/users/registerBrowserToken', signedIn, handler(async (req) => {
    await registerBrowserToken(req.ctx, validate(BrowserTokenBody, req.body, LISTED).token);
    return { success: true };
  }));
  r.post('/trackWebPushClick', handler(async (req) => {
    await trackWebPushClick(req.ctx, validate(PushClickBody, req.body, LISTED).campaignId);
    return { success: true };
  }));
  r.post('/logstash/log', handler(async (req) => {
    await clientLog(req.ctx, validate(LogBody, req.body, LISTED));
    return undefined;
  }));
  return r;
}
