/**
 * Plays the ALTCHA widget's part in component tests (jsdom cannot run its WebCrypto workers): the
 * widget announces each state with a `statechange` event, and its payload once verified.
 */
import { act } from '@testing-library/react';

/** The `<altcha-widget>` elements on the page, in document order. */
export function altchaWidgets(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('altcha-widget')];
}

/** The widget reports a state (and, for 'verified', the solved challenge). */
export async function widgetState(state: 'verifying' | 'verified' | 'expired' | 'error' | 'unverified', payload?: string, index = 0): Promise<void> {
  const widget = altchaWidgets()[index];
  if (!widget) throw new Error('no <altcha-widget> on the page');
  await act(async () => {
    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state, payload } }));
  });
}
