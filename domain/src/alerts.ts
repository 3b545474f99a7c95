/** Alerts list (core spec §2, §9): kinds and the auto-close rule. */

export const ALERT_KINDS = ['success', 'warning', 'error', 'dark', 'info'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export interface Alert {
  id: string;
  type: AlertKind;
  /** Sanitized HTML. */
  message: string;
  /** Milliseconds before the alert closes itself; under 10 or not a number means never. */
  duration?: unknown;
}

/** True for a known alert kind. */
export function isAlertKind(value: unknown): value is AlertKind {
  return (ALERT_KINDS as readonly unknown[]).includes(value);
}

/** Alerts with a duration under 10 or that is not a (finite) number never close by themselves. */
export function neverAutoCloses(duration: unknown): boolean {
  return typeof duration !== 'number' || !Number.isFinite(duration) || duration < 10;
}

/** The delay after which an alert closes itself, or null when it stays until closed. */
export function autoCloseDelay(duration: unknown): number | null {
  return neverAutoCloses(duration) ? null : (duration as number);
}
