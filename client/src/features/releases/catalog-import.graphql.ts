import type { ApolloClient } from '@apollo/client';
import { graphql } from '../../gql';
import type { ImportJob } from './catalog-import-api';

/** One catalogue import as it stands (the same fields GET /api/releases/import/{id} answers). */
export const CatalogImportQuery = graphql(`
  query CatalogImport($id: ID!) {
    catalogImport(id: $id) {
      id
      fileName
      format
      status
      totalReleases
      doneReleases
      errors {
        line
        release
        message
      }
      releaseIds
      awaitingAudio
    }
  }
`);

/** Reads the import again from the server (the job moves on its own, so never from the cache). */
export async function readImport(client: ApolloClient, id: string): Promise<ImportJob> {
  const { data } = await client.query({ query: CatalogImportQuery, variables: { id }, fetchPolicy: 'network-only' });
  if (!data) throw new Error('Could not read the import');
  return data.catalogImport;
}
