import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { setTimeout as sleep } from 'node:timers/promises';
import { InvalidRangeError, ObjectNotFoundError, StorageError } from './errors.ts';
import { HashMeter, toBytes } from './meter.ts';
import { assertValidKey, checkRange } from './object-key.ts';
import { EMPTY_SHA256, signV4, uriEncode } from './sigv4.ts';
import type { ByteRange, ObjectStorage, PutOptions, PutResult, StorageConfig } from './storage.ts';

export type S3Config = Extract<StorageConfig, { driver: 's3' }>;

export interface S3Options {
  /** Bytes per multipart part, buffered one at a time (S3's minimum for all but the last is 5 MiB). */
  partSize?: number;
  /** Attempts per request on network errors and 5xx answers (bodies are buffered, so retrying is safe). */
  maxAttempts?: number;
  retryDelayMs?: number;
  /** Per-request timeout for everything except streaming a GET body. */
  requestTimeoutMs?: number;
  now?: () => Date;
}

const DEFAULT_PART_SIZE = 8 * 1024 * 1024;
const MAX_PARTS = 10_000;
const RETRY_STATUSES = new Set([500, 502, 503, 504]);

interface SendOptions {
  headers?: Record<string, string>;
  body?: Buffer;
  /** Statuses that are answers, not failures (everything else throws StorageError). */
  ok: number[];
  timeout?: boolean;
}

function xmlValues(xml: string, tag: string): string[] {
  const out: string[] = [];
  for (const m of xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))) {
    out.push(
      (m[1] ?? '')
        .replace(/&#x([0-9a-fA-F]+);/g, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
        .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, '&'),
    );
  }
  return out;
}

function xmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * S3-compatible object storage (AWS, MinIO, R2) over fetch with hand-made SigV4. Bodies below one
 * part go up in one signed PUT; larger ones as a multipart upload, one part in memory at a time.
 */
export class S3Storage implements ObjectStorage {
  private readonly endpoint: URL;
  private readonly partSize: number;
  private readonly maxAttempts: number;
  private readonly retryDelayMs: number;
  private readonly requestTimeoutMs: number;
  private readonly now: () => Date;

  constructor(
    private readonly config: S3Config,
    options: S3Options = {},
  ) {
    this.endpoint = new URL(config.endpoint ?? `https://s3.${config.region}.amazonaws.com`);
    this.partSize = options.partSize ?? DEFAULT_PART_SIZE;
    if (!(this.partSize >= 1)) throw new RangeError('partSize must be at least 1 byte');
    this.maxAttempts = options.maxAttempts ?? 3;
    this.retryDelayMs = options.retryDelayMs ?? 200;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 5 * 60_000;
    this.now = options.now ?? (() => new Date());
  }

  /** The URL of an object (or of the bucket when key is null), path-style or virtual-host style. */
  url(key: string | null, query = ''): URL {
    const basePath = this.endpoint.pathname.replace(/\/+$/, '');
    const keyPath = key === null ? '' : `/${key.split('/').map((s) => uriEncode(s)).join('/')}`;
    let host = this.endpoint.host;
    let path: string;
    if (this.config.forcePathStyle) {
      path = `${basePath}/${uriEncode(this.config.bucket)}${keyPath}`;
    } else {
      host = `${this.config.bucket}.${host}`;
      path = `${basePath}${keyPath}` || '/';
    }
    return new URL(`${this.endpoint.protocol}//${host}${path}${query === '' ? '' : `?${query}`}`);
  }

  async put(key: string, body: Readable, opts: PutOptions = {}): Promise<PutResult> {
    assertValidKey(key);
    const meter = new HashMeter(opts.maxBytes);
    const contentType = opts.contentType ?? 'application/octet-stream';
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let uploadId: string | undefined;
    const etags: string[] = [];
    try {
      // for-await pulls one chunk at a time, so the body stays paused while a part uploads.
      for await (const raw of body) {
        const chunk = toBytes(raw);
        meter.update(chunk);
        pending.push(chunk);
        pendingBytes += chunk.length;
        while (pendingBytes >= this.partSize) {
          const all = Buffer.concat(pending, pendingBytes);
          const rest = Buffer.from(all.subarray(this.partSize)); // copy, so `all` can be freed
          uploadId ??= await this.createMultipart(key, contentType);
          etags.push(await this.uploadPart(key, uploadId, etags.length + 1, all.subarray(0, this.partSize)));
          pending = rest.length > 0 ? [rest] : [];
          pendingBytes = rest.length;
        }
      }
      const last = Buffer.concat(pending, pendingBytes);
      pending = [];
      if (uploadId === undefined) {
        await this.send('PUT', this.url(key), { headers: { 'content-type': contentType }, body: last, ok: [200] });
      } else {
        if (last.length > 0) etags.push(await this.uploadPart(key, uploadId, etags.length + 1, last));
        await this.completeMultipart(key, uploadId, etags);
      }
    } catch (err) {
      if (uploadId !== undefined) await this.abortMultipart(key, uploadId).catch(() => undefined);
      throw err;
    }
    return { key, ...meter.digest() };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertValidKey(key);
    const headers: Record<string, string> = {};
    if (range) {
      checkRange(range);
      headers.range = `bytes=${range.start}-${range.end ?? ''}`;
    }
    const res = await this.send('GET', this.url(key), { headers, ok: [200, 206, 404, 416], timeout: false });
    if (res.status === 404) {
      await res.body?.cancel();
      throw new ObjectNotFoundError(key);
    }
    if (res.status === 416) {
      await res.body?.cancel();
      throw new InvalidRangeError(key);
    }
    if (!res.body) return Readable.from([]);
    return Readable.fromWeb(res.body as unknown as NodeReadableStream<Uint8Array>);
  }

  async head(key: string): Promise<{ size: number } | null> {
    assertValidKey(key);
    const res = await this.send('HEAD', this.url(key), { ok: [200, 404] });
    if (res.status === 404) return null;
    return { size: Number(res.headers.get('content-length') ?? 0) };
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    const res = await this.send('DELETE', this.url(key), { ok: [200, 204, 404] });
    await res.body?.cancel();
  }

  async *list(prefix: string): AsyncIterable<string> {
    let token: string | undefined;
    do {
      let query = `list-type=2&prefix=${uriEncode(prefix)}`;
      if (token !== undefined) query += `&continuation-token=${uriEncode(token)}`;
      const res = await this.send('GET', this.url(null, query), { ok: [200] });
      const xml = await res.text();
      yield* xmlValues(xml, 'Key');
      token = xmlValues(xml, 'IsTruncated')[0] === 'true' ? xmlValues(xml, 'NextContinuationToken')[0] : undefined;
    } while (token !== undefined);
  }

  private async createMultipart(key: string, contentType: string): Promise<string> {
    const res = await this.send('POST', this.url(key, 'uploads'), { headers: { 'content-type': contentType }, ok: [200] });
    const id = xmlValues(await res.text(), 'UploadId')[0];
    if (!id) throw new StorageError(`S3 CreateMultipartUpload for '${key}' returned no UploadId`);
    return id;
  }

  private async uploadPart(key: string, uploadId: string, partNumber: number, part: Buffer): Promise<string> {
    if (partNumber > MAX_PARTS) throw new StorageError(`S3 upload of '${key}' needs more than ${MAX_PARTS} parts`);
    const query = `partNumber=${partNumber}&uploadId=${uriEncode(uploadId)}`;
    const res = await this.send('PUT', this.url(key, query), { body: part, ok: [200] });
    await res.body?.cancel();
    const etag = res.headers.get('etag');
    if (!etag) throw new StorageError(`S3 UploadPart ${partNumber} of '${key}' returned no ETag`);
    return etag;
  }

  private async completeMultipart(key: string, uploadId: string, etags: string[]): Promise<void> {
    const xml =
      '<CompleteMultipartUpload>' +
      etags.map((etag, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${xmlEscape(etag)}</ETag></Part>`).join('') +
      '</CompleteMultipartUpload>';
    const res = await this.send('POST', this.url(key, `uploadId=${uriEncode(uploadId)}`), {
      headers: { 'content-type': 'application/xml' },
      body: Buffer.from(xml),
      ok: [200],
    });
    // S3 may answer 200 and still report an error in the body.
    const text = await res.text();
    if (text.includes('<Error>')) {
      const code = xmlValues(text, 'Code')[0] ?? 'Unknown';
      throw new StorageError(`S3 CompleteMultipartUpload for '${key}' failed: ${code} ${xmlValues(text, 'Message')[0] ?? ''}`.trim(), { status: 200, code });
    }
  }

  private async abortMultipart(key: string, uploadId: string): Promise<void> {
    const res = await this.send('DELETE', this.url(key, `uploadId=${uriEncode(uploadId)}`), { ok: [200, 204, 404] });
    await res.body?.cancel();
  }

  private async send(method: string, url: URL, opts: SendOptions): Promise<Response> {
    const payloadHash = opts.body ? createHash('sha256').update(opts.body).digest('hex') : EMPTY_SHA256;
    for (let attempt = 1; ; attempt++) {
      const signed = signV4({
        method,
        url,
        headers: opts.headers ?? {},
        payloadHash,
        region: this.config.region,
        service: 's3',
        accessKeyId: this.config.accessKeyId,
        secretAccessKey: this.config.secretAccessKey,
        date: this.now(),
      });
      // fetch derives Host from the URL; sending it ourselves is not allowed.
      const { host: _host, ...headers } = signed.headers;
      let res: Response | undefined;
      let failure: unknown;
      try {
        res = await fetch(url, {
          method,
          headers,
          body: opts.body,
          signal: opts.timeout === false ? undefined : AbortSignal.timeout(this.requestTimeoutMs),
        });
      } catch (err) {
        failure = err;
      }
      const retryable = res === undefined || RETRY_STATUSES.has(res.status);
      if (retryable && attempt < this.maxAttempts) {
        await res?.body?.cancel();
        await sleep(this.retryDelayMs * 2 ** (attempt - 1));
        continue;
      }
      if (res === undefined) {
        throw new StorageError(`S3 ${method} ${url.pathname} failed: ${(failure as Error).message}`, { code: 'NetworkError' });
      }
      if (opts.ok.includes(res.status)) return res;
      const text = method === 'HEAD' ? '' : await res.text().catch(() => '');
      const code = xmlValues(text, 'Code')[0] ?? `HTTP${res.status}`;
      const message = xmlValues(text, 'Message')[0] ?? res.statusText;
      throw new StorageError(`S3 ${method} ${url.pathname} failed: ${res.status} ${code}: ${message}`, { status: res.status, code });
    }
  }
}
