import type { ReactNode } from 'react';
import './ui.css';

/** What a list shows when it has nothing yet: a heading, a sentence, and the way to start. */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty-state">
      <h2 className="empty-state__title">{title}</h2>
      {children}
      {action && <div className="empty-state__action">{action}</div>}
    </div>
  );
}
