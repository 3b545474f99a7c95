/** Cover art rules (core spec §5, §9): jpg or png, at least 1600x1600 pixels, a perfect square. */
import { COVER_MIN_SIZE_PX } from './constants';
import { fileExtension } from './file-drop';
import { fieldError, type FieldError } from './validators';

export const COVER_ART_MESSAGES = {
  fileType: 'Invalid file type. Must be *.jpg or *.png',
  notSquare: 'Your image must be a perfect square and at least 1600x1600 pixels',
  minHeight: 'Image too small. Minimum height allowed is 1600 pixels',
  minWidth: 'Image too small. Minimum width allowed is 1600 pixels',
} as const;

const IMAGE_MIME_TYPES = ['image/jpeg', 'image/jpg', 'image/png'];
const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'];

/** jpg or png: every given hint (MIME type, file name) must say so, and at least one must be given. */
export function isCoverArtType(file: { mimeType?: string | null; fileName?: string | null }): boolean {
  const { mimeType, fileName } = file;
  if (!mimeType && !fileName) return false;
  return (!mimeType || IMAGE_MIME_TYPES.includes(mimeType.toLowerCase())) && (!fileName || IMAGE_EXTENSIONS.includes(fileExtension(fileName)));
}

export interface CoverArtCandidate {
  mimeType?: string | null;
  fileName?: string | null;
  width: number;
  height: number;
}

/** Checks, in order: type, minimum height, minimum width, perfect square (so each message is reachable). */
export function validateCoverArt(image: CoverArtCandidate): FieldError | undefined {
  if (!isCoverArtType(image)) return fieldError('cover-file-type', COVER_ART_MESSAGES.fileType);
  if (image.height < COVER_MIN_SIZE_PX) return fieldError('cover-min-height', COVER_ART_MESSAGES.minHeight);
  if (image.width < COVER_MIN_SIZE_PX) return fieldError('cover-min-width', COVER_ART_MESSAGES.minWidth);
  if (image.width !== image.height) return fieldError('cover-not-square', COVER_ART_MESSAGES.notSquare);
  return undefined;
}
