/**
 * A strict allow-list HTML sanitiser for message bodies written by support staff. Bodies are
 * stored already cleaned so that every reader (the browser app, REST clients, e-mail) gets safe
 * HTML; the browser sanitises again with DOMPurify as a second line of defence.
 *
 * Anything not on the list is dropped: unknown tags lose their markup but keep their text,
 * script/style/iframe-like elements lose their content too, attributes not listed are removed,
 * and links keep only http(s), mailto and same-site addresses. The output is always balanced.
 */

const ALLOWED_TAGS = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'span', 'h2', 'h3', 'h4', 'blockquote']);
const VOID_TAGS = new Set(['br']);
/** Elements whose content is never text a reader should see. */
const DROP_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'svg', 'math', 'textarea', 'select', 'title', 'head']);
const ALLOWED_ATTRIBUTES: Record<string, ReadonlySet<string>> = { a: new Set(['href', 'target', 'rel', 'title']) };

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<![^>]*>?|<\?[^>]*>?|<\/?([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

const ESCAPES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '&': '&amp;' };

/** Escapes text, keeping character references that are already well formed. */
function escapeText(text: string): string {
  return text.replace(/&(?![a-zA-Z][a-zA-Z0-9]{1,31};|#\d{1,7};|#x[0-9a-fA-F]{1,6};)|[<>"']/g, (c) => ESCAPES[c]!);
}

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)))
    .replace(/&#(\d+);?/g, (_m, dec: string) => String.fromCodePoint(Math.min(Number(dec), 0x10ffff)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;/gi, '\t')
    .replace(/&newline;/gi, '\n')
    .replace(/&amp;/gi, '&');
}

/** True for addresses a link may keep: http(s), mailto, or a path/fragment on this site. */
export function isSafeUrl(raw: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex
  const url = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (url === '') return false;
  if (/^(?:https?:|mailto:)/i.test(url)) return true;
  if (url.startsWith('//')) return false;
  return !/^[^/?#]*:/.test(url);
}

function cleanAttributes(tag: string, raw: string): string {
  const allowed = ALLOWED_ATTRIBUTES[tag];
  if (!allowed) return '';
  const kept = new Map<string, string>();
  for (const match of raw.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    const value = match[2] ?? match[3] ?? match[4] ?? '';
    if (!allowed.has(name) || kept.has(name)) continue;
    if (name === 'href' && !isSafeUrl(value)) continue;
    if (name === 'target' && value !== '_blank' && value !== '_self') continue;
    kept.set(name, value);
  }
  // A link opening a new tab must not hand the opener to the page it opens.
  if (tag === 'a' && kept.get('target') === '_blank') kept.set('rel', 'noopener noreferrer');
  return [...kept].map(([name, value]) => ` ${name}="${escapeText(decodeEntities(value))}"`).join('');
}

/** Returns HTML holding only allow-listed tags and attributes, balanced and with safe links. */
export function sanitizeHtml(input: string): string {
  let out = '';
  const open: string[] = [];
  let dropping: string | null = null;
  let last = 0;
  const text = (s: string) => {
    if (dropping === null) out += escapeText(s);
  };
  for (const match of input.matchAll(TOKEN)) {
    text(input.slice(last, match.index));
    last = match.index + match[0].length;
    const name = match[1]?.toLowerCase();
    if (!name) continue; // comments, doctypes, CDATA, processing instructions
    const closing = match[0].startsWith('</');
    if (dropping !== null) {
      if (closing && name === dropping) dropping = null;
      continue;
    }
    if (DROP_WITH_CONTENT.has(name)) {
      if (!closing && !/\/\s*$/.test(match[2] ?? '')) dropping = name;
      continue;
    }
    if (!ALLOWED_TAGS.has(name)) continue;
    if (VOID_TAGS.has(name)) {
      if (!closing) out += `<${name}>`;
      continue;
    }
    if (!closing) {
      out += `<${name}${cleanAttributes(name, match[2] ?? '')}>`;
      open.push(name);
      continue;
    }
    const at = open.lastIndexOf(name);
    if (at === -1) continue;
    while (open.length > at) out += `</${open.pop()}>`;
  }
  text(input.slice(last));
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}
