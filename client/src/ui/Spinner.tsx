export interface SpinnerProps {
  /** What is loading, read by screen readers. */
  label?: string;
  /** Shows the label next to the spinner instead of only to screen readers. */
  showLabel?: boolean;
}

/** A loading indicator announced politely by screen readers (role="status"). */
export function Spinner({ label = 'Loading', showLabel = false }: SpinnerProps) {
  return (
    <div className="spinner" role="status">
      <span className="spinner__circle" aria-hidden="true" />
      <span className={showLabel ? 'spinner__label' : 'visually-hidden'}>{label}</span>
    </div>
  );
}
