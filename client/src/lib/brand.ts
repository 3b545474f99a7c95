import { getBootConfig } from './boot-config';
import { useFetchedBrand } from './data-layer';

/**
 * The shell's only query. The shell is in the start page's bundle, and calling `graphql()` from
 * client/src/gql would pull the map of every document in the app into that bundle. So it is
 * declared with the GraphQL magic comment (codegen reads it and generates AppBrandDocument) and
 * used through the generated document. Lazily loaded features use `graphql()` as usual.
 */
export const APP_BRAND_QUERY = /* GraphQL */ `
  query AppBrand {
    clientConfig {
      brandName
      supportEmail
    }
  }
`;

export interface Brand {
  brandName: string;
  supportEmail: string;
}

/**
 * The brand of this page: what the server injected into the HTML (window.__CADENCE__) when it
 * did; otherwise (the Vite dev server, or HTML served without injection) the clientConfig query,
 * which the frame's data probe runs (lib/data-runtime.tsx), with the defaults until it answers.
 */
export function useBrand(): Brand {
  const boot = getBootConfig();
  const fetched = useFetchedBrand();
  if (!boot.injected && fetched) return fetched;
  return { brandName: boot.brandName, supportEmail: boot.supportEmail };
}
