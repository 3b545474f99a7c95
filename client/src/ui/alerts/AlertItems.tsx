import type { Alert } from '@cadence/domain/alerts';
import { SafeHtml } from './SafeHtml';

const LABELS: Record<Alert['type'], string> = { success: 'Success', warning: 'Warning', error: 'Error', dark: 'Notice', info: 'Information' };

/** Each alert with its kind (for screen readers and colour), its sanitised message and a close button. */
export default function AlertItems({ alerts, onClose }: { alerts: readonly Alert[]; onClose: (id: string) => void }) {
  return (
    <ul className="alerts__list">
      {alerts.map((alert) => (
        <li key={alert.id} className={`alert alert--${alert.type}`} role={alert.type === 'error' || alert.type === 'warning' ? 'alert' : undefined}>
          <span className="visually-hidden">{LABELS[alert.type]}: </span>
          <SafeHtml as="span" className="alert__message" html={alert.message} />
          <button type="button" className="alert__close" aria-label={`Close ${LABELS[alert.type].toLowerCase()} alert`} onClick={() => onClose(alert.id)}>
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
