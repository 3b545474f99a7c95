/**
 * Matching of report lines to the catalogue while the report is read: ISRC first (the earliest
 * track holding it, so a duplicated ISRC never doubles a line), then a store id staff attached
 * before (track_store_ids), then the release's UPC (release only, the earliest release holding it).
 * Each key is looked up once per report, a parser burst at a time (one query per kind of key and
 * burst), so a matched line can be COPYed straight into sale_transactions: no staging copy, no
 * second pass over the rows. Each cache holds a bounded number of keys (then starts again); the ids
 * handed out, which the landing locks, grow with the catalogue a report matches, never with its lines.
 */
import type { SqlRunner } from '../../db/database.ts';
import type { SalesLine } from './sales-report.ts';

export interface CatalogMatch {
  userId: string;
  releaseId: string;
  /** Null for a line matched by UPC (a release, no track). */
  trackId: string | null;
  releaseTitle: string | null;
  trackTitle: string | null;
}

const storeKey = (serviceName: string, storeId: string) => `${serviceName}\u0000${storeId}`;

/** Keys each generation of a cache holds before the next starts (about 20 MB each). */
const MAX_CACHED_KEYS = 100_000;

/**
 * Looked-up keys in two generations: when the current one is full a new one starts and the older
 * is dropped. A run's keys are resolved before the previous run is matched (the lookups overlap the
 * matching), so a key must survive one more start: a key found only in the older generation is
 * carried into the current one.
 */
class KeyCache {
  private current = new Map<string, CatalogMatch | null>();
  private previous = new Map<string, CatalogMatch | null>();

  constructor(
    private readonly max: number,
    /** Told of each key the current generation takes (looked up, or carried from the older one). */
    private readonly onSet?: (key: string, match: CatalogMatch | null) => void,
  ) {}

  /** Starts a new generation when the current one is full (once per resolved run); true when it did. */
  rotate(): boolean {
    if (this.current.size <= this.max) return false;
    this.previous = this.current;
    this.current = new Map();
    return true;
  }

  /** Whether the key was looked up (carried into the current generation if only the older has it). */
  has(key: string): boolean {
    if (this.current.has(key)) return true;
    const kept = this.previous.get(key);
    if (kept === undefined) return false;
    this.set(key, kept);
    return true;
  }

  get(key: string): CatalogMatch | null | undefined {
    const found = this.current.get(key);
    return found !== undefined ? found : this.previous.get(key);
  }

  set(key: string, match: CatalogMatch | null): void {
    this.current.set(key, match);
    this.onSet?.(key, match);
  }
}

/** An ISRC the catalogue matched, found by its bytes (`isrcHash`; entries sharing a hash are chained). */
interface IsrcEntry {
  isrc: string;
  match: CatalogMatch;
  next: IsrcEntry | undefined;
  /** Its match was handed out (`handOut`). */
  handedOut: boolean;
}

/**
 * The key of an ISRC's bytes (or of its text's char codes): 30 bits of FNV-1a, a small integer,
 * which a Map hashes without allocating (entries are told apart by their text).
 */
function isrcHash(codes: { [i: number]: number }, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i += 1) h = Math.imul(h ^ codes[i]!, 0x01000193);
  return h & 0x3fff_ffff;
}

export class CatalogMatcher {
  private readonly byIsrc: KeyCache;
  private readonly byStore: KeyCache;
  private readonly byUpc: KeyCache;
  /** Every id a match handed out: the landing step locks them (a parent deleted meanwhile is found). */
  readonly userIds = new Set<string>();
  readonly releaseIds = new Set<string>();
  readonly trackIds = new Set<string>();
  /** Matches whose ids are in the sets above (each is noted once, not once per line). */
  private readonly handedOut = new WeakSet<CatalogMatch>();
  /**
   * The matched ISRCs of the ISRC cache's current generation, by their bytes (`matchIsrcBytes`): a
   * plain report line is matched without a string made of its ISRC.
   */
  private isrcBytes = new Map<number, IsrcEntry>();

  constructor(
    private readonly sql: SqlRunner,
    maxCachedKeys = MAX_CACHED_KEYS,
  ) {
    this.byIsrc = new KeyCache(maxCachedKeys, (isrc, match) => {
      if (!match) return;
      const key = isrcHash(Array.from(isrc, (c) => c.charCodeAt(0)), 0, isrc.length);
      const first = this.isrcBytes.get(key);
      for (let e = first; e; e = e.next) if (e.isrc === isrc) return;
      this.isrcBytes.set(key, { isrc, match, next: first, handedOut: false });
    });
    this.byStore = new KeyCache(maxCachedKeys);
    this.byUpc = new KeyCache(maxCachedKeys);
  }

  /**
   * Looks up the keys of `lines` not seen before (at most three queries). Runs are resolved one at
   * a time, in order, and each is matched before the lookup of the run two after it begins (so at
   * most one new generation starts between a run's lookup and its matching).
   */
  async resolve(lines: readonly SalesLine[]): Promise<void> {
    // A report naming millions of different keys (unknown ISRCs, a huge catalogue) must not grow
    // memory with them: past the bound a cache starts a new generation and drops the older one.
    if (this.byIsrc.rotate()) this.isrcBytes = new Map();
    this.byStore.rotate();
    this.byUpc.rotate();
    const isrcs = new Set<string>();
    for (const l of lines) if (l.isrc && !this.byIsrc.has(l.isrc)) isrcs.add(l.isrc);
    if (isrcs.size) {
      const rows = await this.sql.query<{ isrc: string; id: string; release_id: string; user_id: string; title: string | null; release_title: string | null }>(
        `SELECT DISTINCT ON (t.isrc) t.isrc, t.id, t.release_id, t.user_id, t.title, r.title AS release_title
         FROM tracks t LEFT JOIN releases r ON r.id = t.release_id
         WHERE t.isrc = ANY($1::text[]) ORDER BY t.isrc, t.created_at, t.id`,
        [[...isrcs]],
      );
      for (const k of isrcs) this.byIsrc.set(k, null);
      for (const r of rows) this.byIsrc.set(r.isrc, { userId: r.user_id, releaseId: r.release_id, trackId: r.id, trackTitle: r.title, releaseTitle: r.release_title });
    }
    const services: string[] = [];
    const storeIds: string[] = [];
    const upcs = new Set<string>();
    for (const l of lines) {
      if (l.isrc && this.byIsrc.get(l.isrc)) continue;
      if (l.storeId) {
        const key = storeKey(l.serviceName, l.storeId);
        if (!this.byStore.has(key)) {
          this.byStore.set(key, null);
          services.push(l.serviceName);
          storeIds.push(l.storeId);
        }
      }
      if (l.upc && !this.byUpc.has(l.upc)) upcs.add(l.upc);
    }
    if (storeIds.length) {
      const rows = await this.sql.query<{ service_name: string; store_id: string; id: string; release_id: string; user_id: string; title: string | null; release_title: string | null }>(
        `SELECT s.service_name, s.store_id, t.id, t.release_id, t.user_id, t.title, r.title AS release_title
         FROM track_store_ids s JOIN tracks t ON t.id = s.track_id LEFT JOIN releases r ON r.id = t.release_id
         WHERE (s.service_name, s.store_id) IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
        [services, storeIds],
      );
      for (const r of rows) this.byStore.set(storeKey(r.service_name, r.store_id), { userId: r.user_id, releaseId: r.release_id, trackId: r.id, trackTitle: r.title, releaseTitle: r.release_title });
    }
    if (upcs.size) {
      const rows = await this.sql.query<{ upc: string; id: string; user_id: string; title: string | null }>(
        `SELECT DISTINCT ON (r.upc) r.upc, r.id, r.user_id, r.title FROM releases r
         WHERE r.upc = ANY($1::text[]) ORDER BY r.upc, r.created_at, r.id`,
        [[...upcs]],
      );
      for (const k of upcs) this.byUpc.set(k, null);
      for (const r of rows) this.byUpc.set(r.upc, { userId: r.user_id, releaseId: r.id, trackId: null, trackTitle: null, releaseTitle: r.title });
    }
  }

  /** The match of a line whose keys were resolved, or null (the line goes to the review list). */
  match(l: SalesLine): CatalogMatch | null {
    const found = (l.isrc ? this.byIsrc.get(l.isrc) : null) ?? (l.storeId ? this.byStore.get(storeKey(l.serviceName, l.storeId)) : null) ?? (l.upc ? this.byUpc.get(l.upc) : null) ?? null;
    if (found) this.handOut(found);
    return found;
  }

  /**
   * The match of an ISRC given as bytes (ASCII, upper case: how the line's ISRC reads), when the
   * cache's current generation holds a track for it; else undefined (the line is matched the usual
   * way: its keys looked up with its run, then `match`). An ISRC matches first, so its track is the
   * line's match whatever its other keys say.
   */
  matchIsrcBytes(b: Uint8Array, start: number, end: number): CatalogMatch | undefined {
    const n = end - start;
    for (let e = this.isrcBytes.get(isrcHash(b, start, end)); e; e = e.next) {
      const isrc = e.isrc;
      if (isrc.length !== n) continue;
      let k = 0;
      while (k < n && isrc.charCodeAt(k) === b[start + k]) k += 1;
      if (k === n) {
        if (!e.handedOut) {
          this.handOut(e.match);
          e.handedOut = true;
        }
        return e.match;
      }
    }
    return undefined;
  }

  private handOut(found: CatalogMatch): void {
    if (!this.handedOut.has(found)) {
      this.handedOut.add(found);
      this.userIds.add(found.userId);
      this.releaseIds.add(found.releaseId);
      if (found.trackId) this.trackIds.add(found.trackId);
    }
  }
}
