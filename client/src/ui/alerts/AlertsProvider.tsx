import { autoCloseDelay, type Alert, type AlertKind } from '@cadence/domain/alerts';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export interface NewAlert {
  type: AlertKind;
  /** HTML; sanitised before display. */
  message: string;
  /** Milliseconds before it closes itself; under 10 or not a number: stays until closed. */
  duration?: unknown;
}

export interface AlertsApi {
  alerts: readonly Alert[];
  /** Shows an alert; returns its id. */
  showAlert: (alert: NewAlert) => string;
  closeAlert: (id: string) => void;
}

const AlertsContext = createContext<AlertsApi | null>(null);

/** The alerts list of the frame: any feature shows success, warning, error, dark or info alerts through it. */
export function useAlerts(): AlertsApi {
  const api = useContext(AlertsContext);
  if (!api) throw new Error('useAlerts() needs <AlertsProvider> (the Shell provides it)');
  return api;
}

let nextId = 0;

/** Holds the alerts and closes those whose duration says so (domain `autoCloseDelay`). */
export function AlertsProvider({ children }: { children: ReactNode }) {
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const timers = useRef(new Map<string, number>());

  const closeAlert = useCallback((id: string) => {
    const timer = timers.current.get(id);
    if (timer !== undefined) window.clearTimeout(timer);
    timers.current.delete(id);
    setAlerts((current) => current.filter((a) => a.id !== id));
  }, []);

  const showAlert = useCallback(
    ({ type, message, duration }: NewAlert) => {
      nextId += 1;
      const id = `alert-${nextId}`;
      setAlerts((current) => [...current, { id, type, message, duration }]);
      const delay = autoCloseDelay(duration);
      if (delay !== null) timers.current.set(id, window.setTimeout(() => closeAlert(id), delay));
      return id;
    },
    [closeAlert],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => window.clearTimeout(timer));
  }, []);

  const value = useMemo(() => ({ alerts, showAlert, closeAlert }), [alerts, showAlert, closeAlert]);
  return <AlertsContext.Provider value={value}>{children}</AlertsContext.Provider>;
}
