import { useCallback, useEffect, useRef } from 'react';

/**
 * Runs the latest task after `delayMs` of quiet (the forms' 100 ms and 500 ms debounces); a pending
 * run is dropped when the component goes away.
 */
export function useDebouncedTask(delayMs: number): (task: () => void) => void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(
    (task: () => void) => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        task();
      }, delayMs);
    },
    [delayMs],
  );
}
