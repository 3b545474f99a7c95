import type { ApolloClient } from '@apollo/client';
import { graphql } from '../../gql';
import type { ImportJob } from './catalog-import-api';

/**
 * One catalogue import as it stands (the same fields GET /api/releases/import/{id} answers). The
 * query and the upload spread it with `@unmask`: ImportJobView keeps the job as plain state, fed by
 * the upload's answer, by polling (readImport) and by the late-audio answer, which is REST (no
 * GraphQL counterpart, lib/rest.ts); reading it from the cache would mean writing that REST answer
 * into the cache by hand, so no component reads the job as a masked fragment.
 */
graphql(`
  fragment ImportJob_job on CatalogImport {
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
`);

/** One catalogue import, read by the import's page and by the job view's polling. */
export const CatalogImportQuery = graphql(`
  query CatalogImport($id: ID!) {
    catalogImport(id: $id) {
      ...ImportJob_job @unmask
    }
  }
`);

/**
 * Uploads a catalogue with its media (multipart, through the upload link). `@unmask`: the payload's
 * job feeds the job view directly, so the page follows it at once.
 */
export const ImportCatalogMutation = graphql(`
  mutation ImportCatalog($input: ImportCatalogInput!) {
    importCatalog(input: $input) {
      created
      catalogImport {
        ...ImportJob_job @unmask
      }
    }
  }
`);

/** Reads the import again from the server (the job moves on its own, so never from the cache). */
export async function readImport(client: ApolloClient, id: string): Promise<ImportJob> {
  const { data } = await client.query({ query: CatalogImportQuery, variables: { id }, fetchPolicy: 'network-only' });
  if (!data) throw new Error('Could not read the import');
  return data.catalogImport;
}
