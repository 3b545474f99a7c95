import { GLOBAL_SPINNER_DELAY_MS } from '@cadence/domain/constants';
import { initialSpinnerState, showGlobalSpinner, spinnerReducer } from '@cadence/domain/spinner';
import { useEffect, useReducer } from 'react';
import { onRequestActivity } from './activity';

/** True when the page already shows its own spinner or skeleton (a busy region), so the global one stays away. */
function containerHasSpinner(): boolean {
  return document.querySelector('#main .spinner, #main [aria-busy="true"]') !== null;
}

/**
 * Supporting §4: a request still running after 2000 ms turns the spinner on; it goes off when no
 * request is left (domain `spinnerReducer`).
 */
export function GlobalSpinner() {
  const [state, dispatch] = useReducer(spinnerReducer, initialSpinnerState);
  useEffect(() => {
    const timers = new Map<string, number>();
    const off = onRequestActivity(({ type, id }) => {
      if (type === 'started') {
        dispatch({ type: 'started', id });
        timers.set(id, window.setTimeout(() => dispatch({ type: 'elapsed', id }), GLOBAL_SPINNER_DELAY_MS));
      } else {
        window.clearTimeout(timers.get(id));
        timers.delete(id);
        dispatch({ type: 'finished', id });
      }
    });
    return () => {
      off();
      timers.forEach((t) => window.clearTimeout(t));
    };
  }, []);
  if (!showGlobalSpinner(state, state.active && containerHasSpinner())) return null;
  return (
    <div className="global-spinner" role="status">
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">Loading</span>
    </div>
  );
}
