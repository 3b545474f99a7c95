import { lazy, Suspense } from 'react';
import { useAlerts } from './AlertsProvider';

const AlertItems = lazy(() => import('./AlertItems'));

/**
 * The in-app alerts area. The live region is always in the page so screen readers announce alerts
 * added later; the items (and the sanitiser) load with the first alert.
 */
export function AlertsList() {
  const { alerts, closeAlert } = useAlerts();
  return (
    <div className="alerts" aria-live="polite" aria-relevant="additions">
      {alerts.length > 0 && (
        <Suspense fallback={null}>
          <AlertItems alerts={alerts} onClose={closeAlert} />
        </Suspense>
      )}
    </div>
  );
}
