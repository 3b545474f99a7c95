/**
 * The HTML allowed in message bodies written by support staff (in-app messages, alerts): one
 * allow-list, used by the server's sanitiser (sanitize-html) and the browser's (DOMPurify).
 */

export const MESSAGE_HTML_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'span', 'h2', 'h3', 'h4', 'blockquote'] as const;

/** Attributes per tag; every other attribute is removed. */
export const MESSAGE_HTML_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = { a: ['href', 'target', 'rel', 'title'] };

/** Link schemes a message may use; relative addresses (a path, a fragment) on this site are allowed too. */
export const MESSAGE_URL_SCHEMES = ['http', 'https', 'mailto'] as const;

/** Link targets kept; a `_blank` link also gets rel="noopener noreferrer". */
export const MESSAGE_LINK_TARGETS = ['_blank', '_self'] as const;

/** Elements removed with their content (never text a reader should see). */
export const MESSAGE_HTML_DROPPED_WITH_CONTENT = ['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'svg', 'math', 'textarea', 'select', 'title', 'head'] as const;

/** DOMPurify's ALLOWED_URI_REGEXP for the schemes above: a scheme on the list, or no scheme at all. */
export const MESSAGE_URI_PATTERN = new RegExp(`^(?:(?:${MESSAGE_URL_SCHEMES.join('|')}):|[^a-z]|[a-z+.-]+(?:[^a-z+.:-]|$))`, 'i');

/** Character references a reader might decode (numeric, &colon; &tab; &newline; &amp;), until none is left. */
function decodeReferences(value: string): string {
  const once = value
    .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)))
    .replace(/&#(\d+);?/g, (_m, dec: string) => String.fromCodePoint(Math.min(Number(dec), 0x10ffff)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;/gi, '\t')
    .replace(/&newline;/gi, '\n')
    .replace(/&amp;/gi, '&');
  return once === value ? value : decodeReferences(once);
}

/**
 * True for an address (plain text, e.g. a button's) a message may link to: http(s), mailto, or a
 * path, query or fragment on this site. Character references are decoded first, repeatedly (a
 * reader of the stored text may decode them once more), and browsers ignore control characters and spaces inside a scheme
 * ("java\tscript:"), so they are removed before looking.
 */
export function isSafeMessageUrl(raw: string): boolean {
  // eslint-disable-next-line no-control-regex
  const url = decodeReferences(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (url === '') return false;
  if (new RegExp(`^(?:${MESSAGE_URL_SCHEMES.join('|')}):`, 'i').test(url)) return true;
  if (url.startsWith('//')) return false;
  return !/^[^/?#]*:/.test(url);
}
