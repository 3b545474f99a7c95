/**
 * What the browser remembers about the session outside the server cookie: the URL a visitor wanted
 * before signing in, the lock marker and username for /captcha, and cookies the server sets for
 * the client to read (core §4, §9).
 */
import { COOKIES, STORAGE_KEYS } from '@cadence/domain/constants';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Remembers where a signed-out visitor wanted to go, so sign-in can take them there. */
export function rememberWantedUrl(url: string): void {
  storage()?.setItem(STORAGE_KEYS.authRedirectUrl, url);
}

/** The remembered URL (once: it is forgotten as it is read). */
export function takeWantedUrl(): string | null {
  const store = storage();
  const url = store?.getItem(STORAGE_KEYS.authRedirectUrl) ?? null;
  store?.removeItem(STORAGE_KEYS.authRedirectUrl);
  return url !== null && url.startsWith('/') && !url.startsWith('//') ? url : null;
}

/** Marks the browser as locked out after a LOCKED answer: every route leads to /captcha until solved. */
export function rememberLock(username: string, wantedUrl: string): void {
  storage()?.setItem(STORAGE_KEYS.lockRedirectUrl, wantedUrl);
  storage()?.setItem(STORAGE_KEYS.usernameFormData, username);
}

/** True while a lock marker is stored. */
export function isLockRemembered(): boolean {
  return storage()?.getItem(STORAGE_KEYS.lockRedirectUrl) != null;
}

/** The username the captcha unlocks (the account that was locked while signed out). */
export function lockedUsername(): string | null {
  return storage()?.getItem(STORAGE_KEYS.usernameFormData) ?? null;
}

/** Forgets the lock after a solved captcha and returns where to go next. */
export function clearLock(): string {
  const store = storage();
  const url = store?.getItem(STORAGE_KEYS.lockRedirectUrl) ?? null;
  store?.removeItem(STORAGE_KEYS.lockRedirectUrl);
  store?.removeItem(STORAGE_KEYS.usernameFormData);
  return url !== null && url.startsWith('/') && !url.startsWith('//') ? url : '/?login=login';
}

/** Core §4: sign-out and a failed sign-in clear what the browser stored about the person. */
export function clearLocalAccountData(): void {
  const store = storage();
  store?.removeItem(STORAGE_KEYS.userProfile);
  store?.removeItem(STORAGE_KEYS.shortProfileDraft);
}

/** Reads one cookie visible to scripts. */
export function readCookie(name: string, source: string = typeof document === 'undefined' ? '' : document.cookie): string | null {
  for (const part of source.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

/** Deletes a cookie on the whole site. */
export function deleteCookie(name: string): void {
  document.cookie = `${name}=; path=/; max-age=0; SameSite=Lax`;
}

export const FORCE_LOGIN_COOKIE = COOKIES.forceLogin;
export const AGE_RESTRICTED_COOKIE = COOKIES.ageRestricted;

/** Full-page navigation: a new sign-in state starts from a clean cache and a fresh viewer. */
export function reloadAt(url: string): void {
  window.location.assign(url);
}
