/** The in-app message calls (supporting §7); errors from them are not shown to anyone (§8). */
import { inAppEventPayload, type InAppEventType, type InAppMessage } from '@cadence/domain/in-app-messages';
import { getInAppMessages, postInAppEvent, type RestClient } from '../../lib/rest';
import { isListFresh, markListFresh, readStoredList, storeList } from './in-app-storage';

/**
 * Signed-in people get their own list, fetched again only when the 12-hour marker cookie is gone
 * (otherwise the stored copy is used); visitors get the unauthenticated list.
 */
export async function loadInAppMessages(rest: RestClient, userId: string | null): Promise<InAppMessage[]> {
  if (userId === null) return getInAppMessages(rest, false);
  const stored = readStoredList(userId);
  if (stored && isListFresh()) return stored;
  const fresh = await getInAppMessages(rest, true);
  storeList(userId, fresh);
  markListFresh();
  return fresh;
}

/** Reports that a message was shown (triggered) or clicked/dismissed (clicked). */
export function sendInAppEvent(rest: RestClient, message: InAppMessage, siteLocation: string, type: InAppEventType): void {
  postInAppEvent(rest, inAppEventPayload(message, siteLocation, type)).catch(() => undefined);
}
