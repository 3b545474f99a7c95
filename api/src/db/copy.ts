/**
 * Bulk loading with PostgreSQL's COPY in text format: `pg-copy-streams` on PostgreSQL, PGlite's
 * `COPY ... FROM '/dev/blob'` on the embedded database (in bounded chunks, so memory stays flat).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { PGlite } from './pglite.ts';

/** One row of COPY text: values escaped, null as \N, tab-separated, newline-terminated. */
export function copyLine(values: readonly (string | number | bigint | null | undefined)[]): string {
  let out = '';
  for (let i = 0; i < values.length; i += 1) {
    if (i) out += '\t';
    const v = values[i];
    if (v === null || v === undefined) out += '\\N';
    else if (typeof v === 'string') out += /[\\\t\n\r]/.test(v) ? v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : v;
    else out += String(v);
  }
  return out + '\n';
}

function copySql(table: string, columns: readonly string[], source: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(table) || columns.some((c) => !/^[a-z_][a-z0-9_]*$/.test(c))) throw new Error('COPY names must be plain identifiers');
  return `COPY ${table} (${columns.join(', ')}) FROM ${source}`;
}

/** Rows per PGlite COPY: each chunk is one Blob in memory (about 2-3 MB). */
const PGLITE_CHUNK_ROWS = 20_000;

/** COPY into the embedded database, one Blob per chunk of lines; returns the rows copied. */
export async function copyIntoPglite(client: PGlite, table: string, columns: readonly string[], lines: AsyncIterable<string>): Promise<number> {
  const sql = copySql(table, columns, `'/dev/blob'`);
  let chunk: string[] = [];
  let total = 0;
  const flush = async () => {
    if (!chunk.length) return;
    await client.query(sql, [], { blob: new Blob(chunk) });
    total += chunk.length;
    chunk = [];
  };
  for await (const line of lines) {
    chunk.push(line);
    if (chunk.length >= PGLITE_CHUNK_ROWS) await flush();
  }
  await flush();
  return total;
}

/** COPY into PostgreSQL through one pooled connection, streamed with back-pressure. */
export async function copyIntoPostgres(pool: pg.Pool, table: string, columns: readonly string[], lines: AsyncIterable<string>): Promise<number> {
  const client = await pool.connect();
  let total = 0;
  try {
    const stream = client.query(copyFrom(copySql(table, columns, 'STDIN')));
    // Lines go out in ~64 KB chunks: one stream write per line costs more than the COPY itself.
    async function* counted() {
      let chunk = '';
      for await (const line of lines) {
        total += 1;
        chunk += line;
        if (chunk.length >= 65_536) {
          yield chunk;
          chunk = '';
        }
      }
      if (chunk) yield chunk;
    }
    await pipeline(Readable.from(counted()), stream);
    return total;
  } finally {
    client.release();
  }
}
