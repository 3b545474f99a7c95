/**
 * Sanitises message bodies written by support staff with `sanitize-html`, on the allow-list in
 * domain/message-html.ts (the browser's DOMPurify uses the same list as a second line of defence).
 * Bodies are stored already cleaned so that every reader (the browser app, REST clients, e-mail)
 * gets safe HTML: unknown tags lose their markup but keep their text, script-like elements lose
 * their content too, attributes not listed are removed, and links keep only the listed schemes or
 * same-site addresses. The output is always balanced.
 */
import sanitize from 'sanitize-html';
import {
  isSafeMessageUrl,
  MESSAGE_HTML_ATTRIBUTES,
  MESSAGE_HTML_DROPPED_WITH_CONTENT,
  MESSAGE_HTML_TAGS,
  MESSAGE_LINK_TARGETS,
  MESSAGE_URL_SCHEMES,
} from '@cadence/domain/message-html';

const TARGETS: readonly string[] = MESSAGE_LINK_TARGETS;

const OPTIONS: sanitize.IOptions = {
  allowedTags: [...MESSAGE_HTML_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(MESSAGE_HTML_ATTRIBUTES).map(([tag, attrs]) => [tag, [...attrs]])),
  allowedSchemes: [...MESSAGE_URL_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...MESSAGE_HTML_DROPPED_WITH_CONTENT],
  selfClosing: ['br'],
  transformTags: {
    a: (tagName, attribs) => {
      const { href, target, title } = attribs;
      const out: Record<string, string> = {};
      // Checked again after the parser's decoding: `javascript&amp;#58;` must not become a link
      // that a reader decoding once more would follow.
      if (href !== undefined && isSafeMessageUrl(href)) out.href = href;
      if (target !== undefined && TARGETS.includes(target)) out.target = target;
      if (out.target === '_blank') out.rel = 'noopener noreferrer';
      if (title !== undefined) out.title = title;
      return { tagName, attribs: out };
    },
  },
};

/** Returns HTML holding only allow-listed tags and attributes, balanced and with safe links. */
export function sanitizeHtml(input: string): string {
  return sanitize(input, OPTIONS).replace(/<br \/>/g, '<br>');
}
