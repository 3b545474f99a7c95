/** What every route module exports as `handle`: the page's title and description. */
export interface PageHandle {
  /** May contain `{appName}`, replaced by the brand name. */
  pageTitle: string;
  /** May contain `{appName}`, replaced by the brand name. */
  pageDescription: string;
}

export const APP_NAME_PLACEHOLDER = '{appName}';

export function isPageHandle(value: unknown): value is PageHandle {
  if (value === null || typeof value !== 'object') return false;
  const handle = value as Record<string, unknown>;
  return typeof handle.pageTitle === 'string' && typeof handle.pageDescription === 'string';
}

/** Replaces every `{appName}` with the brand name. */
export function fillAppName(text: string, brandName: string): string {
  return text.replaceAll(APP_NAME_PLACEHOLDER, brandName);
}

/** The handle of the deepest match that has one: a child route's title wins over its parent's. */
export function deepestPageHandle(matches: ReadonlyArray<{ handle: unknown }>): PageHandle | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isPageHandle(handle)) return handle;
  }
  return undefined;
}

/** Writes the title and the meta description of the document. */
export function applyPageMeta(doc: Document, handle: PageHandle, brandName: string): void {
  doc.title = fillAppName(handle.pageTitle, brandName);
  let meta = doc.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = 'description';
    doc.head.append(meta);
  }
  meta.content = fillAppName(handle.pageDescription, brandName);
}
