import { lazy, Suspense } from 'react';
import { useInAppMessages } from './InAppMessagesProvider';

// The displays (and DOMPurify) load only once a message is due, keeping them out of the first load.
const Overlays = lazy(() => import('./InAppDisplays').then((m) => ({ default: m.InAppOverlayDisplays })));
const Banners = lazy(() => import('./InAppDisplays').then((m) => ({ default: m.InAppBannerDisplays })));

const isOverlay = (type: string) => type === 'popup-modal' || type === 'sticky-bar';

/** The popup and sticky bar, when one is due. */
export function InAppOverlays() {
  const { shown, dismiss } = useInAppMessages();
  if (!shown.some((m) => isOverlay(m.type))) return null;
  return (
    <Suspense fallback={null}>
      <Overlays shown={shown} onDismiss={dismiss} />
    </Suspense>
  );
}

/** The in-app blue and alert banners, when one is due (placed in the banners area). */
export function InAppBanners() {
  const { shown, dismiss } = useInAppMessages();
  if (!shown.some((m) => !isOverlay(m.type))) return null;
  return (
    <Suspense fallback={null}>
      <Banners shown={shown} onDismiss={dismiss} />
    </Suspense>
  );
}
