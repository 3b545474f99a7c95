import type { ReactNode } from 'react';

/**
 * WCAG 1.4.10 (reflow): a table wider than the screen scrolls sideways inside this labelled,
 * focusable region (so keyboards can scroll it too), never the whole page.
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-region" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
