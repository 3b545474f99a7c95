/**
 * The global spinner (supporting spec §4) as a small state machine: each request starts a 2000 ms
 * timer; a timer that fires while its request still runs turns the spinner on; a finished request
 * cancels its timer; when no requests remain the spinner goes off. The caller owns the real timers.
 */

export interface SpinnerState {
  /** Requests whose timers are running or have fired and that have not finished. */
  pending: ReadonlySet<string>;
  active: boolean;
}

export type SpinnerEvent =
  | { type: 'started'; id: string }
  | { type: 'elapsed'; id: string }
  | { type: 'finished'; id: string };

export const initialSpinnerState: SpinnerState = { pending: new Set(), active: false };

/** Applies a request event to the spinner state. */
export function spinnerReducer(state: SpinnerState, event: SpinnerEvent): SpinnerState {
  switch (event.type) {
    case 'started':
      return { ...state, pending: new Set(state.pending).add(event.id) };
    case 'elapsed':
      return state.pending.has(event.id) ? { ...state, active: true } : state;
    case 'finished': {
      const pending = new Set(state.pending);
      pending.delete(event.id);
      return { pending, active: pending.size > 0 && state.active };
    }
  }
}

/** The global spinner is not shown when the surrounding container already holds its own spinner. */
export function showGlobalSpinner(state: SpinnerState, containerHasSpinner: boolean): boolean {
  return state.active && !containerHasSpinner;
}
