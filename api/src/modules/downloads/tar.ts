/**
 * Download archives with `tar-stream`: each file is copied from storage as it is read, so an archive
 * of a whole catalogue never sits in memory. Names that do not fit USTAR (over 100 bytes, or not
 * ASCII, like a Japanese title) get a PAX header, so no name is ever cut. Tar needs each size up
 * front, which storage knows.
 */
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';

export interface TarEntry {
  name: string;
  size: number;
  open: () => Promise<Readable>;
}

/** Passes exactly `size` bytes on, and fails when the source holds fewer. */
function exactly(name: string, size: number): Transform {
  let written = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      const room = size - written;
      const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
      written += part.length;
      callback(null, part.length > 0 ? part : undefined);
    },
    flush(callback: TransformCallback) {
      callback(written === size ? null : new Error(`Stored file for ${name} is ${written} bytes, expected ${size}`));
    },
  });
}

/** The archive, file after file; the stream fails (no silently broken archive) when a file does. */
export function tarStream(entries: readonly TarEntry[], mtime: Date = new Date()): Readable {
  const pack = tar.pack();
  void (async () => {
    for (const entry of entries) {
      const sink = pack.entry({ name: entry.name, size: entry.size, mtime, mode: 0o644 });
      await pipeline(await entry.open(), exactly(entry.name, entry.size), sink);
    }
    pack.finalize();
  })().catch((err: unknown) => pack.destroy(err as Error));
  return pack as unknown as Readable;
}

/** The archive's exact length (for Content-Length): its headers, as tar-stream writes them, plus each padded body. */
export async function tarSize(entries: readonly Pick<TarEntry, 'name' | 'size'>[]): Promise<number> {
  const pack = tar.pack();
  for (const entry of entries) pack.entry({ name: entry.name, size: 0, mode: 0o644 }, Buffer.alloc(0));
  pack.finalize();
  let headers = 0;
  for await (const chunk of pack as AsyncIterable<Buffer>) headers += chunk.length;
  return entries.reduce((n, e) => n + Math.ceil(e.size / 512) * 512, headers);
}
