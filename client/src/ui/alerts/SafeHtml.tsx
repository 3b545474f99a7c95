import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Tags and attributes messages may use; everything else is removed before display. */
const CONFIG = {
  ALLOWED_TAGS: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'span', 'h2', 'h3', 'h4', 'blockquote'],
  ALLOWED_ATTR: ['href', 'target', 'rel', 'title'],
};

/** Sanitises HTML for display (DOMPurify); links opening a new tab get rel="noopener noreferrer". */
export function sanitizeForDisplay(html: string): string {
  const clean = DOMPurify.sanitize(html, { ...CONFIG, RETURN_TRUSTED_TYPE: false });
  return clean.replace(/<a ([^>]*target="_blank"[^>]*)>/g, (tag, attrs: string) =>
    attrs.includes('rel=') ? tag : `<a ${attrs} rel="noopener noreferrer">`,
  );
}

export interface SafeHtmlProps {
  html: string;
  className?: string;
  as?: 'div' | 'span';
}

/** Server-provided HTML (alerts, in-app messages), sanitised before it reaches the DOM. */
export function SafeHtml({ html, className, as: Tag = 'div' }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeForDisplay(html), [html]);
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
