/** Legacy paths of in-app messages (supporting §7): validate, call the service, present. */
import { Router } from 'express';
import { inAppEventStruct } from '@cadence/domain/in-app-message-input';
import { handler, validate } from '../../http/rest-helpers.ts';
import { listInAppMessagesForViewer, listPublicInAppMessages, presentInAppMessage, recordInAppMessageEvent } from './in-app-messages.service.ts';

export function inAppMessagesRouter(): Router {
  const r = Router();
  r.get('/in-app-messages', handler(async (req) => (await listInAppMessagesForViewer(req.ctx)).map(presentInAppMessage)));
  r.get('/in-app-messages/unauthorized', handler(async (req) => (await listPublicInAppMessages(req.ctx)).map(presentInAppMessage)));
  r.post(
    '/in-app-messages/events',
    handler(async (req) => {
      await recordInAppMessageEvent(req.ctx, validate(inAppEventStruct, req.body));
      return undefined;
    }),
  );
  return r;
}
