/** Legacy paths of in-app messages (supporting §7): parse, call the service, present. */
import { Router } from 'express';
import { handler } from '../../http/rest-helpers.ts';
import { badInput } from '../../domain-error.ts';
import {
  listInAppMessagesForViewer,
  listPublicInAppMessages,
  presentInAppMessage,
  recordInAppMessageEvent,
  type InAppEventTypeValue,
} from './in-app-messages.service.ts';

const EVENT_TYPES: Record<string, InAppEventTypeValue> = { clicked: 'CLICKED', triggered: 'TRIGGERED' };

function parseEvent(body: unknown) {
  if (body === null || typeof body !== 'object') throw badInput('A JSON body is required');
  const b = body as Record<string, unknown>;
  const type = typeof b.type === 'string' ? EVENT_TYPES[b.type.toLowerCase()] : undefined;
  if (!type) throw badInput('type must be clicked or triggered', [{ field: 'type', key: 'invalid', message: 'type must be clicked or triggered' }]);
  return {
    messageId: typeof b.messageId === 'number' ? String(b.messageId) : (b.messageId as string),
    destinationUrl: (b.destinationUrl ?? '') as string,
    siteLocation: b.siteLocation as string,
    type,
  };
}

export function inAppMessagesRouter(): Router {
  const r = Router();
  r.get('/in-app-messages', handler(async (req) => (await listInAppMessagesForViewer(req.ctx)).map(presentInAppMessage)));
  r.get('/in-app-messages/unauthorized', handler(async (req) => (await listPublicInAppMessages(req.ctx)).map(presentInAppMessage)));
  r.post(
    '/in-app-messages/events',
    handler(async (req) => {
      await recordInAppMessageEvent(req.ctx, parseEvent(req.body));
      return undefined;
    }),
  );
  return r;
}
