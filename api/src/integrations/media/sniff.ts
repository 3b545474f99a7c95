/** Identifies uploads by their first bytes, never by their name or declared type. */

export type SniffedType = 'wav' | 'flac' | 'png' | 'jpeg' | 'unknown';
export type MediaKind = 'audio' | 'image';

/** Enough leading bytes to tell every supported type apart (RIFF....WAVE is the longest). */
export const SNIFF_BYTES = 12;

export const MEDIA_TYPES: Record<Exclude<SniffedType, 'unknown'>, { kind: MediaKind; ext: string; contentType: string }> = {
  wav: { kind: 'audio', ext: 'wav', contentType: 'audio/wav' },
  flac: { kind: 'audio', ext: 'flac', contentType: 'audio/flac' },
  png: { kind: 'image', ext: 'png', contentType: 'image/png' },
  jpeg: { kind: 'image', ext: 'jpg', contentType: 'image/jpeg' },
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(head: Uint8Array, bytes: readonly number[], at = 0): boolean {
  if (head.length < at + bytes.length) return false;
  return bytes.every((b, i) => head[at + i] === b);
}

function ascii(s: string): number[] {
  return [...s].map((c) => c.charCodeAt(0));
}

export function isWav(head: Uint8Array): boolean {
  return startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WAVE'), 8);
}
export function isFlac(head: Uint8Array): boolean {
  return startsWith(head, ascii('fLaC'));
}
export function isPng(head: Uint8Array): boolean {
  return startsWith(head, PNG_SIGNATURE);
}
export function isJpeg(head: Uint8Array): boolean {
  return startsWith(head, [0xff, 0xd8, 0xff]);
}

/** The type the bytes say, from the first SNIFF_BYTES bytes (fewer bytes: maybe 'unknown'). */
export function sniff(head: Uint8Array): SniffedType {
  if (isWav(head)) return 'wav';
  if (isFlac(head)) return 'flac';
  if (isPng(head)) return 'png';
  if (isJpeg(head)) return 'jpeg';
  return 'unknown';
}
