/**
 * Bulk loading with PostgreSQL's COPY in text format: `pg-copy-streams` on PostgreSQL, PGlite's
 * `COPY ... FROM '/dev/blob'` on the embedded database (in bounded chunks, so memory stays flat).
 */
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { PGlite } from './pglite.ts';

const COPY_SPECIAL = /[\\\t\n\r]/;

/** One value as COPY text: escaped, null as \N. */
export function copyValue(v: string | number | bigint | null | undefined): string {
  if (v === null || v === undefined) return '\\N';
  if (typeof v !== 'string') return String(v);
  return COPY_SPECIAL.test(v) ? v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : v;
}

/** One row of COPY text: values escaped, null as \N, tab-separated, newline-terminated. */
export function copyLine(values: readonly (string | number | bigint | null | undefined)[]): string {
  let out = '';
  for (let i = 0; i < values.length; i += 1) {
    if (i) out += '\t';
    out += copyValue(values[i]);
  }
  return out + '\n';
}

function copySql(table: string, columns: readonly string[], source: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(table) || columns.some((c) => !/^[a-z_][a-z0-9_]*$/.test(c))) throw new Error('COPY names must be plain identifiers');
  return `COPY ${table} (${columns.join(', ')}) FROM ${source}`;
}

/** Bytes per PGlite COPY: each chunk is one Blob in memory. */
const PGLITE_CHUNK_BYTES = 2_000_000;

/** COPY text: whole lines (one or many per item, each ending in a newline), as strings or UTF-8 bytes. */
export type CopyText = AsyncIterable<string | Uint8Array>;

export interface CopyOptions {
  /**
   * Called with a byte item once nothing holds it any more (sent, or copied into a PGlite Blob), so
   * its producer may fill it again instead of allocating: fewer full collections, which new
   * external memory triggers. Not every item comes back (one still queued on a busy socket does not).
   */
  written?: (bytes: Uint8Array) => void;
}

/** COPY into the embedded database, one Blob per ~2 MB of text. */
export async function copyIntoPglite(client: PGlite, table: string, columns: readonly string[], text: CopyText, options: CopyOptions = {}): Promise<void> {
  const sql = copySql(table, columns, `'/dev/blob'`);
  let chunk: (string | Uint8Array)[] = [];
  let bytes = 0;
  const flush = async () => {
    if (!chunk.length) return;
    // The Blob holds its own copy of the parts.
    const blob = new Blob(chunk);
    if (options.written) for (const part of chunk) if (typeof part !== 'string') options.written(part);
    chunk = [];
    bytes = 0;
    await client.query(sql, [], { blob });
  };
  for await (const part of text) {
    chunk.push(part);
    bytes += part.length;
    if (bytes >= PGLITE_CHUNK_BYTES) await flush();
  }
  await flush();
}

/** COPY into PostgreSQL through one pooled connection, streamed with back-pressure. */
export async function copyIntoPostgres(pool: pg.Pool, table: string, columns: readonly string[], text: CopyText, options: CopyOptions = {}): Promise<void> {
  const client = await pool.connect();
  try {
    const stream = client.query(copyFrom(copySql(table, columns, 'STDIN')));
    // The socket pg-copy-streams writes to (its own field too): when nothing waits in it, every
    // item written before has reached the kernel.
    const socket = (client as unknown as { connection: { stream: { writableLength: number } } }).connection.stream;
    const { written } = options;
    // Text goes out in chunks of at least 64 KB: one stream write per line costs more than the COPY
    // itself. Bytes go out as they come (their producer fills buffers of that size).
    async function* chunked() {
      let chunk = '';
      for await (const part of text) {
        if (typeof part !== 'string') {
          if (chunk) yield chunk;
          chunk = '';
          yield part;
          continue;
        }
        chunk += part;
        if (chunk.length >= 65_536) {
          yield chunk;
          chunk = '';
        }
      }
      if (chunk) yield chunk;
    }
    // Written by hand rather than through stream.pipeline: each byte item's write callback tells
    // when it may be given back (`written`). Back-pressure as pipeline's: wait for 'drain'.
    const done = finished(stream);
    done.catch(() => {});
    try {
      for await (const part of chunked()) {
        const back = written && typeof part !== 'string' ? (err?: Error | null) => !err && socket.writableLength === 0 && written(part) : undefined;
        if (!stream.write(part, back)) await Promise.race([once(stream, 'drain'), done]);
      }
      stream.end();
    } catch (err) {
      stream.destroy(err as Error);
      await done.catch(() => {});
      throw err;
    }
    await done;
  } finally {
    client.release();
  }
}
