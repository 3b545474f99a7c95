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
const ZERO = 0x30;
const ONE = 0x31;
const NINE = 0x39;
/** Digits an id may have: batch keys are exact Numbers (under 2^53, 16 digits). */
const ID_DIGITS = 20;
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
  /** The decimal digits of the last id written (right-aligned in ID_DIGITS bytes, from idStart). */
  private readonly digits = new Uint8Array(ID_DIGITS);
  private idStart = ID_DIGITS;
  private lastId = -1;

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
    const buf = this.buf;
    let pos = this.pos;
    // The row's id: the line's number in the batch's range, in decimal digits.
    const digits = this.idDigits(this.base + reader.lineNo);
    for (let i = this.idStart; i < ID_DIGITS; i += 1) buf[pos++] = digits[i]!;
    buf[pos++] = TAB;
    for (let i = 0; i < groupId.length; i += 1) buf[pos++] = groupId.charCodeAt(i);
    // Each cell's bytes as they are, or \N when it is empty (or the report has no such column).
    const { starts, ends } = reader;
    const columns = this.columns;
    for (let k = 0; k < columns.length; k += 1) {
      buf[pos++] = TAB;
      const column = columns[k]!;
      const start = column < 0 ? 0 : starts[column]!;
      const end = column < 0 ? 0 : ends[column]!;
      if (start === end) {
        buf[pos++] = BACKSLASH;
        buf[pos++] = N;
      } else if (end - start > 32) {
        b.copy(buf, pos, start, end);
        pos += end - start;
      } else {
        for (let i = start; i < end; i += 1) buf[pos++] = b[i]!;
      }
    }
    buf[pos++] = LF;
    this.pos = pos;
  }

  /**
   * The digits of a non-negative integer (exact), right-aligned (from idStart). Lines mostly come
   * one after the other: the last id's digits are then counted up by one instead of written anew.
   */
  private idDigits(n: number): Uint8Array {
    const d = this.digits;
    if (n === this.lastId + 1 && this.lastId >= 0) {
      let i = ID_DIGITS - 1;
      while (i >= this.idStart && d[i] === NINE) d[i--] = ZERO;
      if (i >= this.idStart) d[i]! += 1;
      else d[(this.idStart = i)] = ONE;
    } else {
      let i = ID_DIGITS;
      let v = n;
      do {
        const q = Math.floor(v / 10);
        d[--i] = ZERO + (v - q * 10);
        v = q;
      } while (v > 0);
      this.idStart = i;
    }
    this.lastId = n;
    return d;
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
}
