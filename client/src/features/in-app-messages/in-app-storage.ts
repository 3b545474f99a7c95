/**
 * Where the browser remembers in-app message state (supporting §4): dismissals per type and id
 * (session storage for isDisplayAlways messages, else local storage), the signed-in list, and the
 * 12-hour marker cookie that says the stored list is fresh.
 */
import { COOKIES, IN_APP_REFRESH_COOKIE_HOURS } from '@cadence/domain/constants';
import { dismissalKey, dismissalStorage, type DismissedKeys, type InAppMessage } from '@cadence/domain/in-app-messages';

const DISMISSAL_PREFIX = 'in-app-message-dismissed:';
/** The signed-in list per user (the spec keeps it in the profile; the profile store is the accounts feature's). */
const LIST_KEY_PREFIX = 'in-app-messages:';

function storageKeys(storage: Storage): Set<string> {
  const keys = new Set<string>();
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(DISMISSAL_PREFIX)) keys.add(key);
  }
  return keys;
}

function safe<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    // Storage can be disabled (private mode, blocked cookies): then nothing is remembered.
    return fallback;
  }
}

/** The dismissal keys remembered in each storage. */
export function readDismissed(): DismissedKeys {
  return {
    session: safe(() => storageKeys(window.sessionStorage), new Set<string>()),
    local: safe(() => storageKeys(window.localStorage), new Set<string>()),
  };
}

/** Remembers that a message was closed or its button clicked. */
export function rememberDismissal(message: InAppMessage): void {
  const storage = dismissalStorage(message) === 'session' ? 'sessionStorage' : 'localStorage';
  safe(() => window[storage].setItem(dismissalKey(message), new Date().toISOString()), undefined);
}

/** True while the marker cookie says the stored signed-in list is less than 12 hours old. */
export function isListFresh(): boolean {
  return document.cookie.split(';').some((part) => part.trim().startsWith(`${COOKIES.inAppMessagesFresh}=`));
}

/** Sets the marker cookie for 12 hours. */
export function markListFresh(): void {
  document.cookie = `${COOKIES.inAppMessagesFresh}=1; Max-Age=${IN_APP_REFRESH_COOKIE_HOURS * 3600}; Path=/; SameSite=Lax`;
}

/** The stored signed-in list of a user, or null when there is none. */
export function readStoredList(userId: string): InAppMessage[] | null {
  return safe(() => {
    const raw = window.localStorage.getItem(LIST_KEY_PREFIX + userId);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return Array.isArray(parsed) ? (parsed as InAppMessage[]) : null;
  }, null);
}

/** Stores the signed-in list of a user. */
export function storeList(userId: string, messages: readonly InAppMessage[]): void {
  safe(() => window.localStorage.setItem(LIST_KEY_PREFIX + userId, JSON.stringify(messages)), undefined);
}
