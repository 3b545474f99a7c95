/**
 * Bulk loading with PostgreSQL's COPY in text format: `pg-copy-streams` on PostgreSQL, PGlite's
 * `COPY ... FROM '/dev/blob'` on the embedded database (in bounded chunks, so memory stays flat).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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

/** COPY into the embedded database, one Blob per ~2 MB of text. */
export async function copyIntoPglite(client: PGlite, table: string, columns: readonly string[], text: CopyText): Promise<void> {
  const sql = copySql(table, columns, `'/dev/blob'`);
  let chunk: (string | Uint8Array)[] = [];
  let bytes = 0;
  const flush = async () => {
    if (!chunk.length) return;
    await client.query(sql, [], { blob: new Blob(chunk) });
    chunk = [];
    bytes = 0;
  };
  for await (const part of text) {
    chunk.push(part);
    bytes += part.length;
    if (bytes >= PGLITE_CHUNK_BYTES) await flush();
  }
  await flush();
}

/** COPY into PostgreSQL through one pooled connection, streamed with back-pressure. */
export async function copyIntoPostgres(pool: pg.Pool, table: string, columns: readonly string[], text: CopyText): Promise<void> {
  const client = await pool.connect();
  try {
    const stream = client.query(copyFrom(copySql(table, columns, 'STDIN')));
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
    await pipeline(Readable.from(chunked(), { highWaterMark: 1 }), stream);
  } finally {
    client.release();
  }
}
