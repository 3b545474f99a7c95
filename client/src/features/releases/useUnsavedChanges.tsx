import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * Guards typed work that is not saved yet. Each form of the page reports whether it is dirty; while
 * one is, leaving the page (a link, Back, or closing the tab) asks first: react-router's blocker
 * for moves inside the app, the browser's own question (beforeunload) for the rest.
 */
export function useUnsavedChanges(): { report: (key: string, dirty: boolean) => void; prompt: ReactNode } {
  const dirty = useRef(new Set<string>());
  const report = useCallback((key: string, isDirty: boolean) => {
    if (isDirty) dirty.current.add(key);
    else dirty.current.delete(key);
  }, []);
  const shouldBlock = useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => dirty.current.size > 0 && currentLocation.pathname !== nextLocation.pathname, []);
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (dirty.current.size === 0) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const prompt =
    blocker.state === 'blocked' ? (
      <ConfirmDialog title="Leave without saving?" confirmLabel="Leave" cancelLabel="Stay" danger onConfirm={() => blocker.proceed()} onCancel={() => blocker.reset()}>
        <p>You have changes that are not saved yet. If you leave now, they are lost.</p>
      </ConfirmDialog>
    ) : null;
  return { report, prompt };
}
