import { selectInAppMessages, type InAppMessage } from '@cadence/domain/in-app-messages';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useShellServices } from '../../lib/shell-services';
import { useShellViewer } from '../../lib/data-layer';
import { loadInAppMessages, sendInAppEvent } from './in-app-api';
import { readDismissed, rememberDismissal } from './in-app-storage';

export interface InAppMessagesState {
  /** Messages whose delay has passed on this page, in the order they appeared. */
  shown: readonly InAppMessage[];
  /** Close button: remembers the dismissal, reports a click, hides the message. */
  dismiss: (message: InAppMessage) => void;
}

const InAppMessagesContext = createContext<InAppMessagesState>({ shown: [], dismiss: () => undefined });

/** The in-app messages showing now (banners, popup, sticky bar read this). */
export function useInAppMessages(): InAppMessagesState {
  return useContext(InAppMessagesContext);
}

/**
 * Supporting §4: on every route change everything showing and every pending timer is cleared,
 * then the messages for the new page are chosen (domain `selectInAppMessages`) and each appears
 * after its delay, reporting a triggered event when it does.
 */
export function InAppMessagesProvider({ children }: { children: ReactNode }) {
  const { rest } = useShellServices();
  const viewer = useShellViewer();
  const location = useLocation();
  const [messages, setMessages] = useState<InAppMessage[] | null>(null);
  const [shown, setShown] = useState<InAppMessage[]>([]);
  const siteLocation = location.pathname + location.search;
  const siteLocationRef = useRef(siteLocation);
  siteLocationRef.current = siteLocation;

  const userId = viewer.status === 'signed-in' ? viewer.viewer.id : null;
  useEffect(() => {
    if (viewer.status === 'loading') return undefined;
    let live = true;
    loadInAppMessages(rest, userId)
      .then((list) => {
        if (live) setMessages(Array.isArray(list) ? list : []);
      })
      .catch(() => {
        if (live) setMessages([]);
      });
    return () => {
      live = false;
    };
  }, [rest, userId, viewer.status]);

  useEffect(() => {
    setShown([]);
    if (!messages || messages.length === 0) return undefined;
    const selected = selectInAppMessages({ messages, path: siteLocation, windowWidth: window.innerWidth, dismissed: readDismissed() });
    const timers = selected.map(({ message, delayMs }) =>
      window.setTimeout(() => {
        setShown((current) => [...current, message]);
        sendInAppEvent(rest, message, siteLocation, 'triggered');
      }, delayMs),
    );
    return () => timers.forEach((timer) => window.clearTimeout(timer));
    // location.key: navigating to the same URL is a route change too.
  }, [messages, siteLocation, location.key, rest]);

  const dismiss = useCallback(
    (message: InAppMessage) => {
      rememberDismissal(message);
      sendInAppEvent(rest, message, siteLocationRef.current, 'clicked');
      setShown((current) => current.filter((m) => m !== message));
    },
    [rest],
  );

  const value = useMemo(() => ({ shown, dismiss }), [shown, dismiss]);
  return <InAppMessagesContext.Provider value={value}>{children}</InAppMessagesContext.Provider>;
}
