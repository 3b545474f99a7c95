/**
 * Stores incoming audio and cover-art streams through the media pipeline (sniffed by bytes,
 * inspected while streaming, hashed, size-limited) and turns refusals into the API's errors.
 */
import type { Readable } from 'node:stream';
import { COVER_ART_MESSAGES } from '@cadence/domain/cover-art';
import { UPLOAD_ERROR_TYPE, UPLOAD_LIMIT_FILE_SIZE_CODE } from '@cadence/domain/constants';
import { storeUpload, type StoredUpload } from '../../integrations/media/upload-pipeline.ts';
import { MediaError } from '../../integrations/media/media-error.ts';
import { StorageLimitError } from '../../integrations/storage/errors.ts';
import { DomainError } from '../../domain-error.ts';
import type { Config } from '../../config.ts';
import { storageFor } from './storage.ts';

/** The spec's over-the-limit answer (LIMIT_FILE_SIZE / MULTER_ERROR), as a 413. */
export function fileTooLarge(limit: number): DomainError {
  return new DomainError('PAYLOAD_TOO_LARGE', `File too large (limit ${limit} bytes)`, {
    code: UPLOAD_LIMIT_FILE_SIZE_CODE,
    type: UPLOAD_ERROR_TYPE,
    limit,
  });
}

const COVER_KEYS: Record<string, string> = {
  [COVER_ART_MESSAGES.fileType]: 'cover-file-type',
  [COVER_ART_MESSAGES.minHeight]: 'cover-min-height',
  [COVER_ART_MESSAGES.minWidth]: 'cover-min-width',
  [COVER_ART_MESSAGES.notSquare]: 'cover-not-square',
};

/** Maps a refusal from the media pipeline or storage to a 4xx with the reason; anything else passes through. */
export function uploadError(err: unknown, kind: 'audio' | 'image', limit: number): unknown {
  if (err instanceof StorageLimitError) return fileTooLarge(limit);
  const status = (err as { status?: number; statusCode?: number }).status ?? (err as { statusCode?: number }).statusCode;
  if (status === 413) return fileTooLarge(limit);
  if (err instanceof MediaError) {
    const key = COVER_KEYS[err.reason] ?? (err.code === 'UNSUPPORTED_TYPE' ? (kind === 'image' ? 'cover-file-type' : 'audio-file-type') : err.code === 'CORRUPT' ? 'file-corrupt' : `${kind}-quality`);
    const fieldErrors = [{ field: 'file', key, message: err.reason }];
    return err.code === 'UNSUPPORTED_TYPE'
      ? new DomainError('UNSUPPORTED_MEDIA_TYPE', err.reason, { fieldErrors, key })
      : new DomainError('BAD_USER_INPUT', err.reason, { fieldErrors, key });
  }
  return err;
}

/** Streams an audio upload (WAV or FLAC, PCM, at least 44.1 kHz / 16 bit) to storage. */
export async function storeAudio(config: Config, body: Readable): Promise<StoredUpload & { audio: NonNullable<StoredUpload['audio']> }> {
  const limit = config.limits.audioUploadBytes;
  try {
    const stored = await storeUpload(storageFor(config), body, { accept: 'audio', maxBytes: limit });
    if (!stored.audio) throw new Error('audio upload without audio facts');
    return stored as StoredUpload & { audio: NonNullable<StoredUpload['audio']> };
  } catch (err) {
    throw uploadError(err, 'audio', limit);
  }
}

/** Streams a cover image (JPG or PNG, square, at least 1600x1600, not a decompression bomb) to storage. */
export async function storeCover(config: Config, body: Readable): Promise<StoredUpload & { image: NonNullable<StoredUpload['image']> }> {
  const limit = config.limits.imageUploadBytes;
  try {
    const stored = await storeUpload(storageFor(config), body, { accept: 'image', maxBytes: limit });
    if (!stored.image) throw new Error('image upload without image facts');
    return stored as StoredUpload & { image: NonNullable<StoredUpload['image']> };
  } catch (err) {
    throw uploadError(err, 'image', limit);
  }
}

/** Removes a stored object after a later step failed, so nothing half-written stays behind. */
export async function discardStored(config: Config, key: string): Promise<void> {
  await storageFor(config).delete(key).catch(() => undefined);
}

/** A safe file name for Content-Disposition and stored metadata (no paths, no control characters). */
export function cleanFileName(name: string | null | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(0, 200);
  return clean || fallback;
}
