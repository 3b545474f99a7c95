/**
 * What error reports (Sentry events and breadcrumbs, from the browser and the API) may carry:
 * never passwords, tokens, cookies or card fields. One rule for both sides.
 */

export const FILTERED = '[Filtered]';

/** Keys whose values are secret wherever they appear (headers, bodies, extra data, breadcrumbs). */
const SECRET_KEY = /passw(or)?d|^pass$|secret|token|cookie|authorization|session|csrf|api[-_]?key|card|cvc|cvv|iban|^pan$/i;

/** Secrets inside free text: bearer tokens, cookie-style pairs, card-like digit runs. */
const SECRET_TEXT: readonly [RegExp, string][] = [
  [/\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${FILTERED}`],
  [/\b([a-z_]*(session|token|password|secret)[a-z_]*)=([^;&\s]+)/gi, `$1=${FILTERED}`],
  [/\b(?:\d[ -]?){13,19}\b/g, FILTERED],
];

/** Whether a key names a secret. */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/** Removes secrets from free text. */
export function scrubText(text: string): string {
  return SECRET_TEXT.reduce((t, [pattern, replacement]) => t.replace(pattern, replacement), text);
}

/** A deep copy with every secret key's value replaced and secrets in strings removed. */
export function scrubSecrets<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return scrubText(value) as T;
  if (value === null || typeof value !== 'object' || depth > 12) return value;
  if (Array.isArray(value)) return value.map((v) => scrubSecrets(v, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[k] = isSecretKey(k) ? FILTERED : scrubSecrets(v, depth + 1);
  }
  return out as T;
}
