/**
 * Runs a header parser written as a generator over bytes that arrive in chunks of any size.
 * The generator asks to `read` n bytes (kept, n is small) or to `skip` n bytes (never kept), so
 * memory stays bounded by the largest read however big the file is.
 */

export type Want = { read: number } | { skip: number };
/** What a want got: the bytes read (empty for skips) and how many bytes were consumed; fewer than asked means end of input. */
export interface Got {
  bytes: Buffer;
  count: number;
}
export type ParseGenerator<T> = Generator<Want, T, Got>;

const MAX_READ = 64 * 1024;
const NOTHING = Buffer.alloc(0);

/** Reads exactly n bytes, or fewer at the end of input. */
export function* read(n: number): Generator<Want, Buffer, Got> {
  const got = yield { read: n };
  return got.bytes.subarray(0, got.count);
}

/** Skips n bytes (Infinity: to the end); returns how many were actually there. */
export function* skip(n: number): Generator<Want, number, Got> {
  const got = yield { skip: n };
  return got.count;
}

export class PushParser<T> {
  private want: Want | undefined;
  private buffer: Buffer = NOTHING;
  private filled = 0;
  private skipped = 0;
  private failure: unknown;
  private value: T | undefined;
  /** Bytes handed to the parser so far (read or skipped). */
  consumed = 0;
  done = false;

  constructor(private readonly generator: ParseGenerator<T>) {
    this.step(() => generator.next(undefined as unknown as Got));
  }

  /** The parse result once done (after the parser returned). */
  get result(): T | undefined {
    return this.value;
  }

  /** While skipping, how many more bytes the parser ignores; lets file readers seek instead of read. */
  get skipRemaining(): number {
    return !this.done && this.want && 'skip' in this.want ? this.want.skip - this.skipped : 0;
  }

  /** Passes over n ignored bytes without providing them (at most skipRemaining). */
  advance(n: number): void {
    if (n > this.skipRemaining) throw new RangeError('advance() past the skipped region');
    this.skipped += n;
    this.consumed += n;
    this.settle();
  }

  /** Feeds the next bytes; throws the parser's error (a MediaError) as soon as it knows. */
  push(chunk: Uint8Array): void {
    if (this.failure !== undefined) throw this.failure;
    let offset = 0;
    while (!this.done && offset < chunk.length) {
      const want = this.want!;
      if ('read' in want) {
        const n = Math.min(want.read - this.filled, chunk.length - offset);
        this.buffer.set(chunk.subarray(offset, offset + n), this.filled);
        this.filled += n;
        offset += n;
      } else {
        const n = Math.min(want.skip - this.skipped, chunk.length - offset);
        this.skipped += n;
        offset += n;
      }
      this.settle();
    }
    this.consumed += offset;
  }

  /** Signals the end of input and returns the result, or throws why the bytes were not acceptable. */
  end(): T {
    if (this.failure !== undefined) throw this.failure;
    // Every want from here on is answered short, which tells the parser the input ended.
    while (!this.done) {
      const got: Got = 'read' in this.want! ? { bytes: this.buffer, count: this.filled } : { bytes: NOTHING, count: this.skipped };
      this.step(() => this.generator.next(got));
      if (this.failure !== undefined) throw this.failure;
    }
    return this.value as T;
  }

  private settle(): void {
    // Answer every want that is complete, including zero-length ones.
    while (!this.done && this.want) {
      const want = this.want;
      if ('read' in want && this.filled === want.read) {
        const got = { bytes: this.buffer, count: this.filled };
        this.step(() => this.generator.next(got));
      } else if ('skip' in want && this.skipped === want.skip) {
        const got = { bytes: NOTHING, count: this.skipped };
        this.step(() => this.generator.next(got));
      } else {
        return;
      }
      if (this.failure !== undefined) throw this.failure;
    }
  }

  private step(next: () => IteratorResult<Want, T>): void {
    let r: IteratorResult<Want, T>;
    try {
      r = next();
    } catch (err) {
      this.failure = err;
      this.done = true;
      return;
    }
    if (r.done) {
      this.done = true;
      this.value = r.value;
      this.want = undefined;
      this.buffer = NOTHING;
      return;
    }
    this.want = r.value;
    this.filled = 0;
    this.skipped = 0;
    if ('read' in r.value) {
      if (!(r.value.read >= 0 && r.value.read <= MAX_READ)) throw new RangeError(`Parser read of ${r.value.read} bytes is out of bounds`);
      this.buffer = r.value.read === 0 ? NOTHING : Buffer.alloc(r.value.read);
    }
  }
}
