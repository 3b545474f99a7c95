import { SCREEN_SAVER_IDLE_MS } from '@cadence/domain/constants';
import { isActivity, shouldSleep, wakesScreenSaver } from '@cadence/domain/screen-saver';
import { useEffect, useState } from 'react';

const EVENTS = ['mousemove', 'scroll', 'click', 'touchstart', 'keyup'] as const;

/**
 * Core §4: asleep after 5 minutes without activity (mouse move and scroll count); while asleep
 * only click, touch or key-up wakes. One timer, re-armed for the time left when it fires early.
 */
export function useIdle(now: () => number = () => Date.now()): [asleep: boolean, wake: () => void] {
  const [asleep, setAsleep] = useState(false);

  useEffect(() => {
    let lastActivity = now();
    let sleeping = false;
    let timer = 0;
    const arm = (ms: number) => {
      window.clearTimeout(timer);
      timer = window.setTimeout(check, ms);
    };
    function check() {
      const t = now();
      if (shouldSleep(lastActivity, t)) {
        sleeping = true;
        setAsleep(true);
      } else arm(lastActivity + SCREEN_SAVER_IDLE_MS - t);
    }
    const onEvent = (event: Event) => {
      if (!isActivity(event.type)) return;
      lastActivity = now();
      if (sleeping) {
        if (!wakesScreenSaver(event.type)) return;
        sleeping = false;
        setAsleep(false);
        arm(SCREEN_SAVER_IDLE_MS);
      }
    };
    EVENTS.forEach((type) => window.addEventListener(type, onEvent, { capture: true, passive: true }));
    arm(SCREEN_SAVER_IDLE_MS);
    return () => {
      window.clearTimeout(timer);
      EVENTS.forEach((type) => window.removeEventListener(type, onEvent, { capture: true }));
    };
  }, [now]);

  return [asleep, () => setAsleep(false)];
}
