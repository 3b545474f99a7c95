/**
 * Persisted documents for partners (issue 18): a request may carry only
 * `extensions.persistedQuery: { version: 1, sha256Hash }` instead of the query text.
 * - Trusted documents: the client build's manifest (codegen's client preset writes
 *   client/src/gql/persisted-documents.json, `sha256:<hex>` -> printed operation) is answered by
 *   hash to anyone; it is published at /graphql/persisted-documents.json.
 * - Automatic persisted queries (Apollo's APQ protocol): a request with an API token that sends
 *   the query text with its hash registers it, and later requests send the hash alone. Apollo
 *   stores a document only after it parsed and validated under every limit (graphql/limits.ts)
 *   and passed the token's scope check, so nothing over a limit is ever stored; the store is an
 *   LRU bounded in bytes. Other callers' query text runs as usual but is not stored, so no
 *   anonymous caller can fill the store.
 * An unknown hash answers PERSISTED_QUERY_NOT_FOUND (HTTP 200, as the APQ protocol expects: the
 * client then sends the text). Whatever the source of the text, the request passes the same
 * token limits, scopes and GraphQL limits as one that sent the text.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { ApolloServerPlugin, PersistedQueryOptions } from '@apollo/server';
import { parse, print, visit } from 'graphql';
import type { AppContext } from '../context.ts';

type DocumentCache = NonNullable<PersistedQueryOptions['cache']>;

/** Bytes of query text the APQ store keeps (about 2,000 documents of the client's size). */
export const PERSISTED_QUERY_STORE_BYTES = 4_000_000;

const HEX_SHA256 = /^[0-9a-f]{64}$/;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Reads a manifest of trusted documents: a JSON object from `sha256:<hex>` (or bare hex) to the
 * document text. An entry whose hash is not the SHA-256 of its text is an error (a manifest that
 * lies would run another document than the one named). A missing file is an empty manifest.
 */
export function loadTrustedDocuments(file: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!existsSync(file)) return out;
  const raw = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new Error(`${file}: a trusted documents manifest is a JSON object of hash -> document`);
  for (const [key, text] of Object.entries(raw as Record<string, unknown>)) {
    const hash = key.startsWith('sha256:') ? key.slice(7) : key;
    if (!HEX_SHA256.test(hash) || typeof text !== 'string' || sha256(text) !== hash) {
      throw new Error(`${file}: entry ${key} is not the SHA-256 of its document`);
    }
    out.set(hash, serverForm(text));
  }
  return out;
}

/** Directives only Apollo Client reads (data masking, reactivity), which it removes before sending. */
const CLIENT_ONLY_DIRECTIVES = new Set(['unmask', 'nonreactive']);

/**
 * The document as the browser's Apollo Client sends it: without its client-only directives. A hash
 * names the client's text; the server runs (and publishes) what that client would have sent.
 */
function serverForm(text: string): string {
  if (!/@(unmask|nonreactive)\b/.test(text)) return text;
  const stripped = visit(parse(text), {
    Directive: (node) => (CLIENT_ONLY_DIRECTIVES.has(node.name.value) ? null : undefined),
  });
  return print(stripped);
}

/** The hash in a cache key (Apollo prefixes its keys, e.g. `apq:<hash>`). */
const hashOf = (key: string) => key.slice(key.lastIndexOf(':') + 1);

/**
 * Apollo's persisted-query cache: trusted documents first (never evicted, never overwritten),
 * then registered APQ documents, least recently used evicted past `maxBytes`.
 */
export function persistedDocumentCache(trusted: ReadonlyMap<string, string>, maxBytes = PERSISTED_QUERY_STORE_BYTES): DocumentCache {
  const stored = new Map<string, string>();
  let bytes = 0;
  const remove = (hash: string) => {
    const text = stored.get(hash);
    if (text === undefined) return false;
    stored.delete(hash);
    bytes -= Buffer.byteLength(text);
    return true;
  };
  return {
    async get(key) {
      const hash = hashOf(key);
      const text = trusted.get(hash) ?? stored.get(hash);
      if (text !== undefined && stored.has(hash)) {
        // Most recently used goes last.
        stored.delete(hash);
        stored.set(hash, text);
      }
      return text;
    },
    async set(key, text) {
      const hash = hashOf(key);
      if (trusted.has(hash) || Buffer.byteLength(text) > maxBytes) return;
      remove(hash);
      stored.set(hash, text);
      bytes += Buffer.byteLength(text);
      for (const oldest of stored.keys()) {
        if (bytes <= maxBytes) break;
        remove(oldest);
      }
    },
    async delete(key) {
      return remove(hashOf(key));
    },
  };
}

/**
 * Only requests made with an API token register documents: for any other caller that sends the
 * text with its hash, the hash is dropped and the text runs as a plain query (nothing stored). A
 * hash that is not the text's is left for Apollo to refuse (400), whoever sends it.
 */
export function registerForTokensOnly(): ApolloServerPlugin<AppContext> {
  return {
    async requestDidStart({ request, contextValue }) {
      const extensions = request.extensions;
      if (!extensions?.persistedQuery || request.query === undefined || contextValue.viewer?.apiTokenId) return;
      if ((extensions.persistedQuery as { sha256Hash?: unknown }).sha256Hash !== sha256(request.query)) return;
      const { persistedQuery: _dropped, ...rest } = extensions;
      request.extensions = rest;
    },
  };
}
