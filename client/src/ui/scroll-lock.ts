import { useEffect } from 'react';

let locks = 0;

/**
 * Core §2: page scrolling is locked while the mobile menu, the auth dialog or the screen saver
 * shows. Several can be open at once, so locks are counted and the last one out unlocks.
 */
export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return undefined;
    locks += 1;
    document.body.style.overflow = 'hidden';
    return () => {
      locks -= 1;
      if (locks === 0) document.body.style.overflow = '';
    };
  }, [active]);
}
