import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { MESSAGE_HTML_ATTRIBUTES, MESSAGE_HTML_TAGS, MESSAGE_URI_PATTERN } from '@cadence/domain/message-html';

/** Tags, attributes and link schemes messages may use (the server's list); everything else is removed before display. */
const CONFIG = {
  ALLOWED_TAGS: [...MESSAGE_HTML_TAGS],
  ALLOWED_ATTR: [...new Set(Object.values(MESSAGE_HTML_ATTRIBUTES).flat())],
  ALLOWED_URI_REGEXP: MESSAGE_URI_PATTERN,
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
