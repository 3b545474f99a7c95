import { lazy, Suspense, useEffect, useState } from 'react';

// Almost nobody needs it, so the dialog loads only for Internet Explorer.
const BrowserNoticeDialog = lazy(() => import('./BrowserNoticeDialog'));

/** Internet Explorer (any version) identifies itself with MSIE or Trident. */
export function isInternetExplorer(userAgent: string): boolean {
  return /MSIE |Trident\//.test(userAgent);
}

/** Core §2: after a short delay, Internet Explorer users are asked to use Chrome. */
export const BROWSER_NOTICE_DELAY_MS = 1000;

export function BrowserNotice({ userAgent }: { userAgent?: string }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!isInternetExplorer(userAgent ?? navigator.userAgent)) return undefined;
    const timer = window.setTimeout(() => setOpen(true), BROWSER_NOTICE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [userAgent]);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <BrowserNoticeDialog onClose={() => setOpen(false)} />
    </Suspense>
  );
}
