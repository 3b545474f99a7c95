/**
 * Errors every storage driver throws, so callers handle "too large", "missing" and "bad key" the
 * same way whether files live on disk or in S3.
 */

/** Base class: a storage operation failed for a reason that is not the caller's input. */
export class StorageError extends Error {
  override name = 'StorageError';
  constructor(
    message: string,
    readonly details: { status?: number; code?: string } = {},
  ) {
    super(message);
  }
}

/**
 * The body went over `maxBytes`. Carries the spec's upload error shape (§8: code LIMIT_FILE_SIZE,
 * error type MULTER_ERROR) so transports can answer with it without knowing about storage.
 */
export class StorageLimitError extends StorageError {
  override name = 'StorageLimitError';
  readonly code = 'LIMIT_FILE_SIZE' as const;
  readonly errorType = 'MULTER_ERROR' as const;
  constructor(readonly limit: number) {
    super(`File too large (limit ${limit} bytes)`, { code: 'LIMIT_FILE_SIZE' });
  }
}

/** No object under this key. */
export class ObjectNotFoundError extends StorageError {
  override name = 'ObjectNotFoundError';
  constructor(readonly key: string) {
    super(`No stored object under key '${key}'`, { status: 404, code: 'NoSuchKey' });
  }
}

/** The key is unsafe (traversal, absolute path, odd characters) and was refused before any I/O. */
export class InvalidKeyError extends StorageError {
  override name = 'InvalidKeyError';
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`Invalid storage key '${key}': ${reason}`, { code: 'InvalidKey' });
  }
}

/** The requested byte range starts at or past the end of the object. */
export class InvalidRangeError extends StorageError {
  override name = 'InvalidRangeError';
  constructor(readonly key: string) {
    super(`Requested range is not satisfiable for '${key}'`, { status: 416, code: 'InvalidRange' });
  }
}
