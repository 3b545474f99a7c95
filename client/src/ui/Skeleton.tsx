import type { ReactNode } from 'react';
import './skeleton.css';

export interface SkeletonPageProps {
  /** What is loading, said to screen readers ("Loading your releases…"). */
  label: string;
  /** The page's own classes (`page releases`), so the stand-in takes the page's measure and padding. */
  className: string;
  /** The page's first screen drawn with its own classes: `Ghost` for text, `skeleton__block` on boxes (`data-ghost` for their words). */
  children: ReactNode;
}

/**
 * A page's stand-in while its code and data load (issue 22). It draws the page's first screen with
 * the page's own classes, text kept invisible on quiet bars, so the page takes exactly its place. For
 * assistive technology it is one busy region with a status line; the drawing is hidden from it and
 * holds no control (no link, button or field: boxes that look like them are plain spans, their
 * words drawn by CSS from `data-ghost` to keep the same width).
 */
export function SkeletonPage({ label, className, children }: SkeletonPageProps) {
  return (
    <div className={`skeleton ${className}`} aria-busy="true">
      <p role="status" className="visually-hidden">
        {label}
      </p>
      <div aria-hidden="true">{children}</div>
    </div>
  );
}

/**
 * Text that keeps its room (the page's words, or a typical length) and shows as a bar. The words are
 * drawn by CSS (`data-ghost`), not written in the page: invisible, they are no content to find,
 * copy or check for contrast.
 */
export function Ghost({ text }: { text: string }) {
  return <span className="skeleton__text" data-ghost={text} />;
}
