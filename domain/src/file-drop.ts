/** File drop validation (supporting spec §4, §5) and upload file-type helpers. */
import { FILE_TYPE_EXTENSIONS, type UploadFileType } from './constants';

export const FILE_REJECTION_REASONS = ['None', 'FileType', 'FileSize', 'Unknown'] as const;
export type FileRejectionReason = (typeof FILE_REJECTION_REASONS)[number];

/** The fields of a dropped file the rules read (a browser File satisfies it). */
export interface DroppedFileLike {
  name: string;
  type: string;
  size: number;
}

export interface FileDropOptions {
  /** Supported types: MIME types ('image/png') or extensions ('png' or '.png'). Empty or unset accepts any type. */
  supportedTypes?: readonly string[];
  /** Maximum size in bytes; 0 or unset means no limit. */
  maxSize?: number;
}

/** The lower-case extension of a file name without the dot ('' when none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** True when the file name has one of the extensions of an upload type (TRACK: wav, flac; COVER_IMAGE: png, jpg, jpeg). */
export function hasUploadExtension(fileType: UploadFileType, name: string): boolean {
  return (FILE_TYPE_EXTENSIONS[fileType] as readonly string[]).includes(fileExtension(name));
}

function isSupported(file: DroppedFileLike, supportedTypes: readonly string[]): boolean {
  const mime = file.type.toLowerCase();
  const ext = fileExtension(file.name);
  return supportedTypes.some((t) => {
    const entry = t.toLowerCase();
    return entry === mime || entry.replace(/^\./, '') === ext;
  });
}

/** Why a dropped file is rejected: no file -> Unknown; type not supported -> FileType; larger than a non-zero maximum -> FileSize; else None. */
export function checkDroppedFile(file: DroppedFileLike | null | undefined, options: FileDropOptions = {}): FileRejectionReason {
  if (!file) return 'Unknown';
  const types = options.supportedTypes ?? [];
  if (types.length > 0 && !isSupported(file, types)) return 'FileType';
  const max = options.maxSize ?? 0;
  if (max > 0 && file.size > max) return 'FileSize';
  return 'None';
}

export interface DroppedFiles<F extends DroppedFileLike> {
  accepted: { file: F }[];
  rejected: { file: F; reason: Exclude<FileRejectionReason, 'None'> }[];
}

/** Multiple mode: checks each file and splits them into accepted and rejected lists (in drop order). */
export function splitDroppedFiles<F extends DroppedFileLike>(files: readonly F[], options: FileDropOptions = {}): DroppedFiles<F> {
  const result: DroppedFiles<F> = { accepted: [], rejected: [] };
  for (const file of files) {
    const reason = checkDroppedFile(file, options);
    if (reason === 'None') result.accepted.push({ file });
    else result.rejected.push({ file, reason });
  }
  return result;
}
