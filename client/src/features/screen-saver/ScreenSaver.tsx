import { lazy, Suspense } from 'react';
import { useShellServices } from '../../lib/shell-services';
import { useIdle } from './useIdle';

const ScreenSaverOverlay = lazy(() => import('./ScreenSaverOverlay'));

/** Watches for inactivity and shows the screen saver overlay (loaded only when it is needed). */
export function ScreenSaver() {
  const { random, now } = useShellServices();
  const [asleep] = useIdle(now);
  if (!asleep) return null;
  return (
    <Suspense fallback={null}>
      <ScreenSaverOverlay random={random} now={now} />
    </Suspense>
  );
}
