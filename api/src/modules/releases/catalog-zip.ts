/**
 * The media zip of a catalogue import, read with yauzl (a maintained reader that refuses absolute
 * and `..` entry names and checks each entry's real size against its header). On top: an entry
 * count limit, a total size limit, and a zip-bomb guard on each entry's compression ratio. Every
 * entry is checked before anything is used, so an unsafe zip imports nothing.
 */
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

export interface ZipLimits {
  maxEntries: number;
  /** Sum of the uncompressed sizes. */
  maxTotalBytes: number;
  /** Uncompressed / compressed above this (for entries over 1 MB) is treated as a zip bomb. */
  maxRatio: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntries: 5_000, maxTotalBytes: 8 * 1024 ** 3, maxRatio: 100 };

/** A zip the import refuses, with the reason people read. */
export class UnsafeZip extends Error {}

export interface MediaZip {
  /** Entry names by their base name (the catalogue names files without folders). */
  names(): string[];
  open(name: string): Promise<Readable | null>;
  close(): void;
}

/** The base name of an entry, which is how the catalogue refers to it. */
export function baseName(name: string): string {
  return name.split(/[\\/]/).pop() ?? name;
}

/** Opens and checks a media zip; refuses it whole when any entry is unsafe. */
export async function openMediaZip(file: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<MediaZip> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true }, (err, z) => (err ? reject(new UnsafeZip(`The zip cannot be read: ${err.message}`)) : resolve(z))),
  );
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw new UnsafeZip(`The zip has ${zip.entryCount} entries; at most ${limits.maxEntries} are accepted`);
  }
  const entries = new Map<string, yauzl.Entry>();
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (err: Error) => reject(new UnsafeZip(`The zip is refused: ${err.message}`)));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName;
        if (name.includes('..') || name.startsWith('/') || name.includes('\\') || /^[a-zA-Z]:/.test(name)) {
          reject(new UnsafeZip(`The zip entry '${name.slice(0, 100)}' points outside the folder`));
          return;
        }
        if (!name.endsWith('/')) {
          total += entry.uncompressedSize;
          if (total > limits.maxTotalBytes) {
            reject(new UnsafeZip(`The zip unpacks to more than ${limits.maxTotalBytes} bytes`));
            return;
          }
          if (entry.uncompressedSize > 1024 * 1024 && entry.uncompressedSize / Math.max(1, entry.compressedSize) > limits.maxRatio) {
            reject(new UnsafeZip(`The zip entry '${name.slice(0, 100)}' is compressed ${Math.round(entry.uncompressedSize / Math.max(1, entry.compressedSize))} to 1: refused as a zip bomb`));
            return;
          }
          entries.set(baseName(name), entry);
        }
        zip.readEntry();
      });
      zip.readEntry();
    });
  } catch (err) {
    zip.close();
    throw err;
  }
  return {
    names: () => [...entries.keys()],
    open: (name) => {
      const entry = entries.get(name);
      if (!entry) return Promise.resolve(null);
      return new Promise((resolve, reject) => zip.openReadStream(entry, (err, stream) => (err ? reject(new UnsafeZip(err.message)) : resolve(stream))));
    },
    close: () => zip.close(),
  };
}
