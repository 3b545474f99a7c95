/** Core §2 and issue 6: which parts of the frame each path shows. `pathname` excludes the query. */

function startsWithSegment(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`) || pathname.startsWith(`${prefix}?`);
}

const NO_NAV_PREFIXES = ['/disabled', '/on-boarding', '/splash'];
const NO_FOOTER_PREFIXES = ['/disabled', '/on-boarding', '/splash'];
/** The visitors' (marketing) menu is also hidden on the sign-up page (issue 6). */
const NO_EXTERNAL_NAV_PREFIXES = [...NO_NAV_PREFIXES, '/single-signup'];

/** The home page ('/' or '/?...') and the pages that must stay free of navigation. */
export function isMainNavHidden(pathname: string): boolean {
  return pathname === '' || pathname === '/' || pathname.startsWith('/?') || NO_NAV_PREFIXES.some((p) => startsWithSegment(pathname, p));
}

export function isExternalNavHidden(pathname: string): boolean {
  return isMainNavHidden(pathname) || NO_EXTERNAL_NAV_PREFIXES.some((p) => startsWithSegment(pathname, p));
}

/** The footer is hidden on paths starting /disabled, /on-boarding or /splash. */
export function isFooterHidden(pathname: string): boolean {
  return NO_FOOTER_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}
