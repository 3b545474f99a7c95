import type { ReactNode } from 'react';

/** An error announced to screen readers as soon as it appears (role="alert"). */
export function ErrorMessage({ children }: { children: ReactNode }) {
  return (
    <div className="error-message" role="alert">
      {children}
    </div>
  );
}
