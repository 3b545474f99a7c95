/**
 * A tiny in-process S3 for tests: path-style PUT/GET/HEAD/DELETE, ListObjectsV2 and multipart
 * upload, on 127.0.0.1. It checks every request's SigV4 signature and payload hash.
 */
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signV4, UNSIGNED_PAYLOAD } from './sigv4.ts';

export interface FakeS3Options {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Keys per ListObjectsV2 page, small to exercise pagination. */
  pageSize?: number;
}

export interface FakeS3 {
  url: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  uploads: Map<string, { key: string; parts: Map<number, Buffer> }>;
  log: string[];
  stats: { completed: number; aborted: number; partSizes: number[]; badSignatures: number };
  /** Answer the next N requests matching the predicate with this status (for retry tests). */
  failNext(count: number, status: number, match?: (method: string, url: URL) => boolean): void;
  close(): Promise<void>;
}

function xml(res: http.ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
}

function s3Error(res: http.ServerResponse, status: number, code: string, message: string): void {
  xml(res, status, `<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

function parseAmzDate(s: string): Date {
  return new Date(`${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}Z`);
}

export async function startFakeS3(opts: FakeS3Options): Promise<FakeS3> {
  const objects: FakeS3['objects'] = new Map();
  const uploads: FakeS3['uploads'] = new Map();
  const log: string[] = [];
  const stats: FakeS3['stats'] = { completed: 0, aborted: 0, partSizes: [], badSignatures: 0 };
  const failures: { count: number; status: number; match: (m: string, u: URL) => boolean }[] = [];

  const verify = (req: http.IncomingMessage, url: URL, body: Buffer): string | null => {
    const auth = req.headers.authorization ?? '';
    const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(auth);
    if (!m) return 'malformed Authorization';
    const [, accessKeyId, , region, signedHeaders, signature] = m;
    if (accessKeyId !== opts.accessKeyId || region !== opts.region) return 'wrong credential scope';
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash !== UNSIGNED_PAYLOAD && payloadHash !== createHash('sha256').update(body).digest('hex')) {
      return 'payload hash mismatch';
    }
    const headers: Record<string, string> = {};
    for (const name of signedHeaders!.split(';')) {
      if (name === 'host' || name === 'x-amz-date' || name === 'x-amz-content-sha256') continue;
      headers[name] = String(req.headers[name] ?? '');
    }
    const expected = signV4({
      method: req.method ?? 'GET',
      url,
      headers,
      payloadHash,
      region: opts.region,
      service: 's3',
      accessKeyId: opts.accessKeyId,
      secretAccessKey: opts.secretAccessKey,
      date: parseAmzDate(String(req.headers['x-amz-date'] ?? '')),
    });
    return expected.signature === signature ? null : 'signature mismatch';
  };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const method = req.method ?? 'GET';
    log.push(`${method} ${url.pathname}${url.search}`);

    const failure = failures.find((f) => f.count > 0 && f.match(method, url));
    if (failure) {
      failure.count--;
      return s3Error(res, failure.status, 'InternalError', 'injected failure');
    }
    const problem = verify(req, url, body);
    if (problem) {
      stats.badSignatures++;
      return s3Error(res, 403, 'SignatureDoesNotMatch', problem);
    }
    const [, bucket, ...rest] = url.pathname.split('/');
    if (bucket !== opts.bucket) return s3Error(res, 404, 'NoSuchBucket', 'no such bucket');
    const key = rest.map((s) => decodeURIComponent(s)).join('/');
    const q = url.searchParams;

    if (key === '' && method === 'GET' && q.get('list-type') === '2') {
      const prefix = q.get('prefix') ?? '';
      const all = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
      const start = Number(q.get('continuation-token') ?? 0);
      const page = all.slice(start, start + (opts.pageSize ?? 1000));
      const truncated = start + page.length < all.length;
      return xml(
        res,
        200,
        `<ListBucketResult><IsTruncated>${truncated}</IsTruncated>${page.map((k) => `<Contents><Key>${k}</Key></Contents>`).join('')}` +
          (truncated ? `<NextContinuationToken>${start + page.length}</NextContinuationToken>` : '') +
          '</ListBucketResult>',
      );
    }
    if (method === 'POST' && q.has('uploads')) {
      const id = randomUUID();
      uploads.set(id, { key, parts: new Map() });
      return xml(res, 200, `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`);
    }
    const uploadId = q.get('uploadId');
    if (uploadId !== null) {
      const upload = uploads.get(uploadId);
      if (!upload || upload.key !== key) return s3Error(res, 404, 'NoSuchUpload', 'no such upload');
      if (method === 'PUT') {
        const n = Number(q.get('partNumber'));
        upload.parts.set(n, body);
        stats.partSizes.push(body.length);
        res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
        return res.end();
      }
      if (method === 'POST') {
        const numbers = [...body.toString().matchAll(/<PartNumber>(\d+)<\/PartNumber><ETag>([^<]+)<\/ETag>/g)];
        const parts: Buffer[] = [];
        for (const [, n, etag] of numbers) {
          const part = upload.parts.get(Number(n));
          const expected = part && `"${createHash('md5').update(part).digest('hex')}"`;
          if (!part || etag!.replace(/&quot;/g, '"') !== expected) return s3Error(res, 400, 'InvalidPart', `bad part ${n}`);
          parts.push(part);
        }
        objects.set(key, { body: Buffer.concat(parts), contentType: 'application/octet-stream' });
        uploads.delete(uploadId);
        stats.completed++;
        return xml(res, 200, `<CompleteMultipartUploadResult><Key>${key}</Key></CompleteMultipartUploadResult>`);
      }
      if (method === 'DELETE') {
        uploads.delete(uploadId);
        stats.aborted++;
        res.writeHead(204);
        return res.end();
      }
    }
    if (method === 'PUT') {
      objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'application/octet-stream') });
      res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
      return res.end();
    }
    const obj = objects.get(key);
    if (method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    if (!obj) {
      if (method === 'HEAD') {
        res.writeHead(404);
        return res.end();
      }
      return s3Error(res, 404, 'NoSuchKey', 'The specified key does not exist.');
    }
    if (method === 'HEAD') {
      res.writeHead(200, { 'content-length': obj.body.length, 'content-type': obj.contentType });
      return res.end();
    }
    if (method === 'GET') {
      const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
      if (range) {
        const start = Number(range[1]);
        if (start >= obj.body.length) return s3Error(res, 416, 'InvalidRange', 'range not satisfiable');
        const end = range[2] ? Math.min(Number(range[2]), obj.body.length - 1) : obj.body.length - 1;
        res.writeHead(206, { 'content-range': `bytes ${start}-${end}/${obj.body.length}` });
        return res.end(obj.body.subarray(start, end + 1));
      }
      res.writeHead(200, { 'content-type': obj.contentType });
      return res.end(obj.body);
    }
    return s3Error(res, 405, 'MethodNotAllowed', method);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    uploads,
    log,
    stats,
    failNext(count, status, match = () => true) {
      failures.push({ count, status, match });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
