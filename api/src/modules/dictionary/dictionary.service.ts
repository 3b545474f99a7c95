/**
 * Read-only dictionaries (countries, languages, genres, outlets, DSPs, states, provinces).
 * They change only when seeds change, so each process keeps them for a minute.
 */
import type { AppContext } from '../../context.ts';

export interface CountryEntry { code: string; name: string; isEu: boolean }
export interface NamedEntry { id: string; name: string }
export interface OutletEntry { id: number; name: string }
export interface DspEntry { id: string; name: string; uri: string; showInList: boolean }
export interface RegionEntry { value: string; name: string }

const TTL_MS = 60_000;
const caches = new WeakMap<object, Map<string, { at: number; value: Promise<unknown> }>>();

function cached<T>(ctx: Pick<AppContext, 'prisma'>, key: string, load: () => Promise<T>): Promise<T> {
  let cache = caches.get(ctx.prisma);
  if (!cache) caches.set(ctx.prisma, (cache = new Map()));
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value as Promise<T>;
  const value = load();
  cache.set(key, { at: Date.now(), value });
  value.catch(() => cache.delete(key));
  return value;
}

/** Every country, sorted by name. */
export function listCountries(ctx: Pick<AppContext, 'prisma'>): Promise<CountryEntry[]> {
  return cached(ctx, 'countries', async () =>
    (await ctx.prisma.country.findMany({ orderBy: { name: 'asc' } })).map((c) => ({ code: c.code, name: c.name, isEu: c.isEu })),
  );
}

/** The EU member list the spec keeps separately (it includes the United Kingdom). */
export async function listEuCountries(ctx: Pick<AppContext, 'prisma'>): Promise<CountryEntry[]> {
  return (await listCountries(ctx)).filter((c) => c.isEu);
}

/** Languages sorted by name. */
export function listLanguages(ctx: Pick<AppContext, 'prisma'>): Promise<NamedEntry[]> {
  return cached(ctx, 'languages', async () =>
    (await ctx.prisma.language.findMany({ orderBy: { name: 'asc' } })).map((l) => ({ id: l.id, name: l.name })),
  );
}

/** Genres sorted by name; ids are store codes such as 2699 or 2698_3051. */
export function listGenres(ctx: Pick<AppContext, 'prisma'>): Promise<NamedEntry[]> {
  return cached(ctx, 'genres', async () =>
    (await ctx.prisma.genre.findMany({ orderBy: { name: 'asc' } })).map((g) => ({ id: g.id, name: g.name })),
  );
}

/** Analytics reporting outlets by id. */
export function listOutlets(ctx: Pick<AppContext, 'prisma'>): Promise<OutletEntry[]> {
  return cached(ctx, 'outlets', async () =>
    (await ctx.prisma.outlet.findMany({ orderBy: { id: 'asc' } })).map((o) => ({ id: o.id, name: o.name })),
  );
}

/** Delivery stores; with showList only those shown in the store picker. */
export async function listDsps(ctx: Pick<AppContext, 'prisma'>, opts: { showList?: boolean } = {}): Promise<DspEntry[]> {
  const all = await cached(ctx, 'dsps', async () =>
    (await ctx.prisma.dsp.findMany({ where: { enabled: true }, orderBy: { name: 'asc' } })).map((d) => ({
      id: String(d.id),
      name: d.name,
      uri: d.uri,
      showInList: d.showInList,
    })),
  );
  return opts.showList ? all.filter((d) => d.showInList) : all;
}

/** US states (value is the postal abbreviation). */
export function listUsStates(ctx: Pick<AppContext, 'prisma'>): Promise<RegionEntry[]> {
  return cached(ctx, 'usStates', async () =>
    (await ctx.prisma.usState.findMany({ orderBy: { name: 'asc' } })).map((s) => ({ value: s.value, name: s.name })),
  );
}

/** Canadian provinces and territories. */
export function listCanadianProvinces(ctx: Pick<AppContext, 'prisma'>): Promise<RegionEntry[]> {
  return cached(ctx, 'provinces', async () =>
    (await ctx.prisma.canadianProvince.findMany({ orderBy: { name: 'asc' } })).map((s) => ({ value: s.value, name: s.name })),
  );
}
