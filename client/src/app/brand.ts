import { skipToken, useQuery } from '@apollo/client/react';
import { graphql } from '../gql';
import { getBootConfig } from './boot-config';

export const AppBrandQuery = graphql(`
  query AppBrand {
    clientConfig {
      brandName
      supportEmail
    }
  }
`);

export interface Brand {
  brandName: string;
  supportEmail: string;
}

/**
 * The brand of this page: what the server injected into the HTML (window.__CADENCE__) when it
 * did; otherwise (the Vite dev server, or HTML served without injection) the clientConfig query,
 * with the defaults until it answers.
 */
export function useBrand(): Brand {
  const boot = getBootConfig();
  const { data } = useQuery(AppBrandQuery, boot.injected ? skipToken : {});
  if (data?.clientConfig) return data.clientConfig;
  return { brandName: boot.brandName, supportEmail: boot.supportEmail };
}
