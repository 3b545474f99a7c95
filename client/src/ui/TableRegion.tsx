import type { ReactNode } from 'react';

/**
 * WCAG 1.4.10 (reflow): a table wider than the screen scrolls sideways inside this labelled,
 * focusable region (so keyboards can scroll it too), never the whole page.
 */
export function TableRegion({ label, labelledBy, children }: { label?: string; labelledBy?: string; children: ReactNode }) {
  // "(table)" keeps the region's name apart from a section named like the table's caption.
  return (
    <div className="table-region" role="region" aria-label={labelledBy || label === undefined ? undefined : `${label} (table)`} aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  );
}
