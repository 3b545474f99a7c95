/**
 * A streaming USTAR archive writer: each file is copied from storage as it is read, so an archive
 * of a whole catalogue never sits in memory. Tar needs each size up front, which storage knows.
 */
import type { Readable } from 'node:stream';

export interface TarEntry {
  name: string;
  size: number;
  open: () => Promise<Readable>;
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

/** One 512-byte USTAR header; names longer than 100 bytes are split into prefix and name. */
export function tarHeader(name: string, size: number, mtime: Date): Buffer {
  const header = Buffer.alloc(512, 0);
  let base = name;
  let prefix = '';
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 154);
    prefix = cut > 0 ? name.slice(0, cut) : '';
    base = (cut > 0 ? name.slice(cut + 1) : name).slice(-100);
  }
  header.write(base, 0, 100, 'utf8');
  header.write(octal(0o644, 8), 100, 8, 'ascii');
  header.write(octal(0, 8), 108, 8, 'ascii');
  header.write(octal(0, 8), 116, 8, 'ascii');
  header.write(octal(size, 12), 124, 12, 'ascii');
  header.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 12, 'ascii');
  header.write('        ', 148, 8, 'ascii');
  header.write('0', 156, 1, 'ascii');
  header.write('ustar\0', 257, 6, 'ascii');
  header.write('00', 263, 2, 'ascii');
  header.write(prefix.slice(0, 155), 345, 155, 'utf8');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8, 'ascii');
  return header;
}

/** The archive's bytes, file after file, ending with the two empty blocks tar readers expect. */
export async function* tarStream(entries: readonly TarEntry[], mtime: Date = new Date()): AsyncGenerator<Buffer> {
  for (const entry of entries) {
    yield tarHeader(entry.name, entry.size, mtime);
    let written = 0;
    for await (const chunk of await entry.open()) {
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      const room = entry.size - written;
      if (room <= 0) break;
      const part = buf.length > room ? buf.subarray(0, room) : buf;
      written += part.length;
      yield part;
    }
    if (written !== entry.size) throw new Error(`Stored file for ${entry.name} is ${written} bytes, expected ${entry.size}`);
    const pad = (512 - (entry.size % 512)) % 512;
    if (pad) yield Buffer.alloc(pad, 0);
  }
  yield Buffer.alloc(1024, 0);
}
