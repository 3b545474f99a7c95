/** Why a file was refused: a wrong type, damaged bytes, or audio/artwork below the delivery rules. */
export type MediaErrorCode = 'UNSUPPORTED_TYPE' | 'CORRUPT' | 'QUALITY';

/** A file the platform will not accept, with a reason worded for the artist. */
export class MediaError extends Error {
  override name = 'MediaError';
  constructor(
    readonly reason: string,
    readonly code: MediaErrorCode,
  ) {
    super(reason);
  }
}
