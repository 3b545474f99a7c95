/**
 * AWS Signature Version 4, by hand (there is no AWS SDK here). Uses S3's rules for the canonical
 * URI: the path is signed exactly as sent, already percent-encoded once, never encoded twice.
 */
import { createHash, createHmac } from 'node:crypto';

export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

export interface SignInput {
  method: string;
  /** The exact URL the request goes to; its path must already be encoded with `uriEncode`. */
  url: URL;
  /** Headers to send and sign (host is added from the URL). Names in any case. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body, or UNSIGNED-PAYLOAD. */
  payloadHash: string;
  region: string;
  service: string;
  accessKeyId: string;
  secretAccessKey: string;
  date: Date;
}

export interface SignedRequest {
  /** The headers to send: the input headers plus host, x-amz-date, x-amz-content-sha256 (S3) and authorization. */
  headers: Record<string, string>;
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
}

/** Percent-encodes everything except A-Z a-z 0-9 - _ . ~ (and '/' when `keepSlash`), as SigV4 requires. */
export function uriEncode(value: string, keepSlash = false): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-_.~]/.test(c) || (keepSlash && c === '/')) out += c;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** `20150830T123600Z` */
export function toAmzDate(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** The query string in canonical form: each name and value encoded, sorted by name then value. */
export function canonicalQuery(search: string): string {
  const raw = search.startsWith('?') ? search.slice(1) : search;
  if (raw === '') return '';
  const pairs = raw
    .split('&')
    .filter((p) => p !== '')
    .map((p) => {
      const eq = p.indexOf('=');
      const name = eq < 0 ? p : p.slice(0, eq);
      const value = eq < 0 ? '' : p.slice(eq + 1);
      return [uriEncode(decodeURIComponent(name)), uriEncode(decodeURIComponent(value))] as const;
    });
  pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  return pairs.map(([k, v]) => `${k}=${v}`).join('&');
}

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

/** Derives the signing key for a day, region and service. */
export function signingKey(secretAccessKey: string, day: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), service), 'aws4_request');
}

/** Signs a request: returns the headers to send, and the intermediate strings for debugging. */
export function signV4(input: SignInput): SignedRequest {
  const amzDate = toAmzDate(input.date);
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers)) headers[name.toLowerCase()] = value;
  headers.host = input.url.host;
  headers['x-amz-date'] = amzDate;
  if (input.service === 's3') headers['x-amz-content-sha256'] = input.payloadHash;

  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${String(headers[n]).trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    input.method.toUpperCase(),
    input.url.pathname === '' ? '/' : input.url.pathname,
    canonicalQuery(input.url.search),
    canonicalHeaders,
    signedHeaders,
    input.payloadHash,
  ].join('\n');

  const scope = `${day}/${input.region}/${input.service}/aws4_request`;
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    scope,
    createHash('sha256').update(canonicalRequest, 'utf8').digest('hex'),
  ].join('\n');
  const signature = createHmac('sha256', signingKey(input.secretAccessKey, day, input.region, input.service))
    .update(stringToSign, 'utf8')
    .digest('hex');
  headers.authorization =
    `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return { headers, canonicalRequest, stringToSign, signature };
}
