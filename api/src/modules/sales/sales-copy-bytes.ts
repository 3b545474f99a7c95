/**
 * sale_transactions COPY rows written as bytes straight from a plain report line's cells
 * (sales-fastline.ts): the same row SaleCopyText (sales-import.service.ts) makes of the line's
 * SalesLine, without a string per cell or per row, and without encoding the text again. Used only
 * for lines whose cells need no COPY escaping (`copyPlain`) and batches whose ids are exact as
 * Numbers. The bytes fill buffers of PIECE_BYTES; each full one is handed out once (`take`).
 */
import { batchKeys } from './sales-groups.ts';
import type { FastLineReader } from './sales-fastline.ts';

/** Bytes of a piece of COPY rows: fewer, bigger socket writes (64 KB ones made the bench's import slower). */
const PIECE_BYTES = 512 * 1024;
const TAB = 0x09;
const LF = 0x0a;
const BACKSLASH = 0x5c;
const N = 0x4e;
/** Bytes a row holds beyond its line's cells: two ids, separators, \N for empty cells. */
const ROW_EXTRA = 64;

/** Sent buffers kept for filling again (recycle). */
const MAX_FREE = 4;

export class SaleCopyBytes {
  private buf: Buffer;
  private pos = 0;
  private ready: Buffer[] = [];
  /** Whole buffers handed out earlier and given back (recycle), for filling again. */
  private readonly free: Buffer[] = [];
  /** The memory of the pieces handed out and not yet taken back: only they may be recycled, once. */
  private readonly handedOut = new WeakSet<ArrayBuffer>();

  private constructor(
    /** The batch's first id (batchKeys), exact as a Number. */
    private readonly base: number,
    /** The report's columns of the row's cells after the two ids, in SALE_COLUMNS' order (-1: none). */
    private readonly columns: Int32Array,
    /** Bytes of each piece (PIECE_BYTES; tests use smaller ones). */
    private readonly pieceBytes: number,
  ) {
    this.buf = Buffer.allocUnsafe(pieceBytes);
  }

  /** A writer for a batch's lines, or null when its ids are past exact Numbers (seq of 2^21 and more). */
  static forBatch(seq: number, reader: Pick<FastLineReader, 'column'>, pieceBytes = PIECE_BYTES): SaleCopyBytes | null {
    const { from, to } = batchKeys(seq);
    if (to > BigInt(Number.MAX_SAFE_INTEGER)) return null;
    // isrc, upc, store_id, artist_name, release_title, track_title, units, payable: units and payable
    // as the report writes them (plain digits, and a plain decimal: sales-fastline.ts).
    const fields = ['isrc', 'upc', 'storeId', 'artist', 'release', 'track', 'units', 'payable'] as const;
    return new SaleCopyBytes(Number(from), Int32Array.from(fields, (f) => reader.column(f)), pieceBytes);
  }

  /**
   * Writes the row of the line `reader` last accepted (`copyPlain`), under its day sum's id: what
   * the report says of the line (an empty cell is null; the catalogue's titles go to its day sum).
   */
  line(reader: FastLineReader, groupId: string): void {
    const b = reader.buffer;
    // At most every byte of the line twice (should a report give two fields one column), the ids and separators.
    const need = 2 * (reader.lineEnd - reader.lineStart) + ROW_EXTRA + groupId.length;
    if (this.pos + need > this.buf.length) this.next(need);
    this.number(this.base + reader.lineNo);
    this.buf[this.pos++] = TAB;
    this.ascii(groupId);
    const columns = this.columns;
    for (let k = 0; k < columns.length; k += 1) {
      this.buf[this.pos++] = TAB;
      this.cell(reader, b, columns[k]!);
    }
    this.buf[this.pos++] = LF;
  }

  /** The buffers filled since the last call (each handed out once). */
  take(): Buffer[] {
    const out = this.ready;
    this.ready = [];
    return out;
  }

  /** Everything not yet handed out, the last buffer's written part included. */
  end(): Buffer[] {
    if (this.pos) this.next(0);
    return this.take();
  }

  /**
   * Takes back a piece this writer handed out (`take`/`end`) once nothing holds it any more (copyIn's
   * `written`): its buffer is filled again instead of a new one, so the report's bytes do not keep
   * adding external memory, which makes V8 collect the whole heap every few megabytes.
   */
  recycle(piece: Uint8Array): void {
    const whole = piece.buffer;
    // Only this writer's own pieces of the usual size (past 4 KB, allocUnsafe gives each its own memory).
    if (piece.byteOffset !== 0 || whole.byteLength !== this.pieceBytes || !this.handedOut.delete(whole as ArrayBuffer) || this.free.length >= MAX_FREE) return;
    this.free.push(Buffer.from(whole as ArrayBuffer, 0, this.pieceBytes));
  }

  /** Hands out the written part of the buffer and starts one with room for `need` bytes. */
  private next(need: number): void {
    if (this.pos) {
      this.ready.push(this.buf.subarray(0, this.pos));
      this.handedOut.add(this.buf.buffer as ArrayBuffer);
    }
    this.buf = need <= this.pieceBytes ? (this.free.pop() ?? Buffer.allocUnsafe(this.pieceBytes)) : Buffer.allocUnsafe(need);
    this.pos = 0;
  }

  /** A cell's bytes as they are, or \N when it is empty (or the report has no such column). */
  private cell(reader: FastLineReader, b: Buffer, column: number): void {
    if (column < 0 || reader.starts[column] === reader.ends[column]) {
      this.buf[this.pos++] = BACKSLASH;
      this.buf[this.pos++] = N;
      return;
    }
    this.bytes(b, reader.starts[column]!, reader.ends[column]!);
  }

  private bytes(from: Buffer, start: number, end: number): void {
    const n = end - start;
    if (n > 32) {
      from.copy(this.buf, this.pos, start, end);
    } else {
      const buf = this.buf;
      const at = this.pos - start;
      for (let i = start; i < end; i += 1) buf[at + i] = from[i]!;
    }
    this.pos += n;
  }

  private ascii(text: string): void {
    const buf = this.buf;
    for (let i = 0; i < text.length; i += 1) buf[this.pos++] = text.charCodeAt(i);
  }

  /** A non-negative integer (exact) in decimal digits. */
  private number(n: number): void {
    let len = 1;
    for (let t = n; t >= 10; t = Math.floor(t / 10)) len += 1;
    const buf = this.buf;
    let p = this.pos + len;
    let v = n;
    do {
      const q = Math.floor(v / 10);
      buf[--p] = 0x30 + (v - q * 10);
      v = q;
    } while (v > 0);
    this.pos += len;
  }
}
