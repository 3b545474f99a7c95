import Bowser from 'bowser';

/** A session's browser as people say it: "Chrome 131 on macOS", "Safari on iOS"; "Unknown browser" without a user agent. */
export function friendlyUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent?.trim()) return 'Unknown browser';
  const { browser, os } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const name = browser.name ? `${browser.name}${major ? ` ${major}` : ''}` : 'Unknown browser';
  return os.name ? `${name} on ${os.name}` : name;
}
