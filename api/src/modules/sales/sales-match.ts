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

  constructor(private readonly max: number) {}

  /** Starts a new generation when the current one is full (once per resolved run). */
  rotate(): void {
    if (this.current.size <= this.max) return;
    this.previous = this.current;
    this.current = new Map();
  }

  /** Whether the key was looked up (carried into the current generation if only the older has it). */
  has(key: string): boolean {
    if (this.current.has(key)) return true;
    const kept = this.previous.get(key);
    if (kept === undefined) return false;
    this.current.set(key, kept);
    return true;
  }

  get(key: string): CatalogMatch | null | undefined {
    const found = this.current.get(key);
    return found !== undefined ? found : this.previous.get(key);
  }

  set(key: string, match: CatalogMatch | null): void {
    this.current.set(key, match);
  }
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

  constructor(
    private readonly sql: SqlRunner,
    maxCachedKeys = MAX_CACHED_KEYS,
  ) {
    this.byIsrc = new KeyCache(maxCachedKeys);
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
    for (const cache of [this.byIsrc, this.byStore, this.byUpc]) cache.rotate();
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
    if (found && !this.handedOut.has(found)) {
      this.handedOut.add(found);
      this.userIds.add(found.userId);
      this.releaseIds.add(found.releaseId);
      if (found.trackId) this.trackIds.add(found.trackId);
    }
    return found;
  }
}
