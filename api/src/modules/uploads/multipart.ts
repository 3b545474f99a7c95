/**
 * Legacy multipart uploads (POST /api/track/upload, /api/releases/cover-upload) parsed with busboy,
 * streaming the one file straight to its consumer. Parts, fields and field sizes are limited, so a
 * body of thousands of tiny parts is refused at the first part over the limit.
 */
import type { Readable } from 'node:stream';
import type { Request } from 'express';
import busboy from 'busboy';
import { badInput, DomainError } from '../../domain-error.ts';

export interface FilePart {
  fieldName: string;
  fileName: string;
  mimeType: string;
  stream: Readable;
}

export interface MultipartOptions {
  /** The form field that carries the file ('file'). */
  fileField: string;
  /** Busboy stops the file one byte past this, so the consumer sees the overflow and refuses it. */
  maxFileBytes: number;
  maxFields?: number;
  maxParts?: number;
}

const tooMany = (what: string) => badInput(`The form has too many ${what}`, [], `too-many-${what}`);

/**
 * Reads a multipart form with exactly one file. `onFile` gets the file and the fields sent before
 * it; if the form turns out bad after `onFile` succeeded, `undo` reverses its work.
 */
export function readSingleFileForm<T>(
  req: Request,
  opts: MultipartOptions,
  onFile: (file: FilePart, fieldsBefore: Record<string, string>) => Promise<T>,
  undo: (result: T) => Promise<void>,
): Promise<{ result: T; fields: Record<string, string> }> {
  const type = String(req.headers['content-type'] ?? '');
  if (!/^multipart\/form-data/i.test(type)) {
    return Promise.reject(badInput('Send the file as multipart/form-data', [{ field: opts.fileField, key: 'not-multipart', message: 'Send the file as multipart/form-data' }], 'not-multipart'));
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      limits: { fileSize: opts.maxFileBytes + 1, files: 1, fields: opts.maxFields ?? 20, parts: opts.maxParts ?? 25, fieldSize: 10_000, headerPairs: 20 },
    });
  } catch (err) {
    return Promise.reject(badInput(`Malformed multipart request: ${(err as Error).message}`, [], 'bad-multipart'));
  }
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let filePromise: Promise<T> | null = null;
    let fileStream: Readable | null = null;
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      req.resume(); // drain the rest so the answer reaches the client
      fileStream?.destroy(err instanceof Error ? err : new Error(String(err)));
      filePromise?.then(undo, () => undefined).catch(() => undefined);
      reject(err);
    };
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) fail(badInput(`The form field '${name.slice(0, 50)}' is too long`, [], 'field-too-long'));
      else fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (failed) {
        stream.resume();
        return;
      }
      if (name !== opts.fileField) {
        stream.resume();
        fail(badInput(`Unexpected file field '${name.slice(0, 50)}'; send the file as '${opts.fileField}'`, [], 'unexpected-file'));
        return;
      }
      fileStream = stream;
      stream.on('error', () => undefined); // the consumer sees the error through its own reads
      filePromise = onFile({ fieldName: name, fileName: info.filename ?? '', mimeType: info.mimeType, stream }, { ...fields });
      filePromise.catch(fail);
    });
    parser.on('partsLimit', () => fail(tooMany('parts')));
    parser.on('filesLimit', () => fail(tooMany('files')));
    parser.on('fieldsLimit', () => fail(tooMany('fields')));
    parser.on('error', (err: Error) => fail(badInput(`Malformed multipart request: ${err.message}`, [], 'bad-multipart')));
    parser.on('close', () => {
      if (failed) return;
      if (!filePromise) {
        fail(badInput('No file was sent', [{ field: opts.fileField, key: 'required', message: 'Choose a file to upload' }], 'required'));
        return;
      }
      filePromise.then((result) => resolve({ result, fields }), fail);
    });
    req.on('aborted', () => fail(new DomainError('BAD_USER_INPUT', 'The upload was interrupted', { key: 'upload-aborted' })));
    req.pipe(parser);
  });
}

/**
 * The release a legacy upload form targets: its `releaseId` (or the older `albumId`) field sent
 * before the file, or `?releaseId=` on the URL.
 */
export function uploadReleaseId(query: Record<string, unknown>, fieldsBefore: Record<string, string>): string {
  const id = fieldsBefore.releaseId ?? fieldsBefore.albumId ?? (typeof query.releaseId === 'string' ? query.releaseId : undefined);
  if (!id) throw badInput('Send releaseId before the file', [{ field: 'releaseId', key: 'required', message: 'releaseId is required' }], 'required');
  return id;
}

/**
 * Reads a multipart form with several files, handing each to `onFile` in order (one at a time, so
 * the body streams through without buffering). Resolves with the fields once every file is done.
 */
export function readFilesForm(
  req: Request,
  opts: { maxFiles: number; maxFileBytes: number },
  onFile: (file: FilePart, fieldsBefore: Record<string, string>) => Promise<void>,
): Promise<Record<string, string>> {
  const type = String(req.headers['content-type'] ?? '');
  if (!/^multipart\/form-data/i.test(type)) {
    return Promise.reject(badInput('Send the files as multipart/form-data', [{ field: 'file', key: 'not-multipart', message: 'Send the files as multipart/form-data' }], 'not-multipart'));
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: req.headers, limits: { fileSize: opts.maxFileBytes + 1, files: opts.maxFiles, fields: 20, parts: opts.maxFiles + 20, fieldSize: 10_000, headerPairs: 20 } });
  } catch (err) {
    return Promise.reject(badInput(`Malformed multipart request: ${(err as Error).message}`, [], 'bad-multipart'));
  }
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let chain: Promise<void> = Promise.resolve();
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      req.resume();
      reject(err);
    };
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) fail(badInput(`The form field '${name.slice(0, 50)}' is too long`, [], 'field-too-long'));
      else fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (failed) {
        stream.resume();
        return;
      }
      stream.on('limit', () => fail(badInput(`The file '${(info.filename ?? '').slice(0, 100)}' is larger than ${opts.maxFileBytes} bytes`, [{ field: name, key: 'file-too-large', message: 'The file is too large' }], 'file-too-large')));
      stream.on('error', () => undefined);
      const before = { ...fields };
      chain = chain.then(() => (failed ? void stream.resume() : onFile({ fieldName: name, fileName: info.filename ?? '', mimeType: info.mimeType, stream }, before)));
      chain.catch(fail);
    });
    parser.on('partsLimit', () => fail(tooMany('parts')));
    parser.on('filesLimit', () => fail(tooMany('files')));
    parser.on('fieldsLimit', () => fail(tooMany('fields')));
    parser.on('error', (err: Error) => fail(badInput(`Malformed multipart request: ${err.message}`, [], 'bad-multipart')));
    parser.on('close', () => {
      if (!failed) chain.then(() => resolve(fields), fail);
    });
    req.on('aborted', () => fail(new DomainError('BAD_USER_INPUT', 'The upload was interrupted', { key: 'upload-aborted' })));
    req.pipe(parser);
  });
}
