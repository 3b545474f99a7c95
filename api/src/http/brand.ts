/** Brand variants: a request with x-country FR gets the French brand, everything else the default. */
import type { Request } from 'express';
import type { Config } from '../config.ts';

export type BrandId = 'default' | 'fr';

export interface Brand {
  id: BrandId;
  name: string;
  favicon: string;
  logo: string;
}

/** Picks the brand from the request's x-country header. */
export function brandIdFor(req: Pick<Request, 'headers'>): BrandId {
  const country = req.headers['x-country'];
  const value = Array.isArray(country) ? country[0] : country;
  return value?.trim().toUpperCase() === 'FR' ? 'fr' : 'default';
}

/** The brand's name and assets. */
export function brandFor(config: Config, id: BrandId): Brand {
  return id === 'fr'
    ? { id, name: config.brand.nameFr, favicon: '/favicon-fr.svg', logo: '/logo-fr.svg' }
    : { id, name: config.brand.name, favicon: '/favicon.svg', logo: '/logo.svg' };
}
