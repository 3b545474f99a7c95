/** Shell and routing rules (core spec §1, §2, §4, §7): which chrome shows on a path, guards' redirects, brand and cache busting. */

const startsWithAny = (path: string, prefixes: readonly string[]): boolean => prefixes.some((p) => path.startsWith(p));

/** The home page: '/' or a path starting '/?'. */
export function isHomePage(path: string): boolean {
  return path === '/' || path === '' || path.startsWith('/?');
}

/** The main navigation is hidden on the home page and on /disabled, /on-boarding and /splash. */
export function isMainNavHidden(path: string): boolean {
  return isHomePage(path) || startsWithAny(path, ['/disabled', '/on-boarding', '/splash']);
}

/** The footer's support link and copyright line are hidden on paths starting /disabled, /on-boarding or /splash. */
export function isFooterCopyrightHidden(path: string): boolean {
  return startsWithAny(path, ['/disabled', '/on-boarding', '/splash']);
}

/** The signed-in navigation shows on /releases, /sales, /trends and /settings; other pages show the external menu. */
export function isSignedInNavPath(path: string): boolean {
  return startsWithAny(path, ['/releases', '/sales', '/trends', '/settings']);
}

/** The unauthenticated (external) menu is hidden on paths starting /disabled, /splash, /on-boarding, /single-signup. */
export function isExternalMenuHidden(path: string): boolean {
  return startsWithAny(path, ['/disabled', '/splash', '/on-boarding', '/single-signup']);
}

/** A locked user is sent to /captcha from anywhere else (null: stay). */
export function lockedUserRedirect(path: string): string | null {
  return path.startsWith('/captcha') ? null : '/captcha';
}

/** The French brand variant is used when the request country (x-country header) is FR. */
export function brandVariant(countryHeader: string | null | undefined): 'fr' | 'default' {
  return countryHeader?.trim().toUpperCase() === 'FR' ? 'fr' : 'default';
}

/** Placeholder for the brand name in page titles and descriptions. */
export const APP_NAME_PLACEHOLDER = '{appName}';

/** Fills the app-name placeholder of a page title or description with the brand name. */
export function fillAppName(text: string, brandName: string): string {
  return text.replaceAll(APP_NAME_PLACEHOLDER, brandName);
}

/** Every GET gets a timestamp query parameter t to prevent caching, except URLs containing 'svg'. */
export function needsCacheBuster(method: string, url: string): boolean {
  return method.toUpperCase() === 'GET' && !url.includes('svg');
}

/** Appends t={timestamp} to a URL (the caller supplies the time). */
export function withCacheBuster(url: string, timestamp: number): string {
  return `${url}${url.includes('?') ? '&' : '?'}t=${timestamp}`;
}
