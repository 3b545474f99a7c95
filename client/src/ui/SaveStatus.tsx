import './ui.css';

export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

/** The inline status beside an autosaved field or form: "Saving…", "Saved", or why it was not saved. Announced politely. */
export function SaveStatus({ state, error }: { state: SaveState; error?: string }) {
  const text = state === 'saving' ? 'Saving…' : state === 'saved' ? 'Saved' : state === 'error' ? (error ?? 'Not saved') : '';
  return (
    <span className={`save-status save-status--${state}`} role="status" aria-live="polite">
      {state === 'saved' && <span aria-hidden="true">✓ </span>}
      {text}
    </span>
  );
}
