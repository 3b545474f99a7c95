/** Banner layout above the navigation (core spec §4): the class that makes room for the banners shown. */

const APP_PREFIXES = ['/releases', '/sales', '/trends', '/settings', '/on-boarding'];

/** A marketing page is any path not starting /releases, /sales, /trends, /settings or /on-boarding. */
export function isMarketingPage(path: string): boolean {
  return !APP_PREFIXES.some((prefix) => path.startsWith(prefix));
}

export type BannerLayout = 'all seen' | 'two banners' | 'three banners';

export interface BannersShown {
  path: string;
  alert: boolean;
  blue: boolean;
  email: boolean;
}

/**
 * 'three banners': all three on a non-marketing page; 'two banners': alert plus blue, or the email
 * warning with either on a non-marketing page; 'all seen': no banners, or a marketing page with
 * neither alert nor blue banner; otherwise (a single banner) null.
 */
export function bannerLayout({ path, alert, blue, email }: BannersShown): BannerLayout | null {
  const marketing = isMarketingPage(path);
  if (!marketing && alert && blue && email) return 'three banners';
  if ((alert && blue) || (!marketing && email && (alert || blue))) return 'two banners';
  if ((!alert && !blue && !email) || (marketing && !alert && !blue)) return 'all seen';
  return null;
}
