import { useQuery } from '@apollo/client/react';
import { ShellViewerDocument } from '../gql/graphql';

/**
 * The frame's only question about the person. Declared with the GraphQL magic comment and used
 * through the generated document (like AppBrand in brand.ts), so the start page's bundle does not
 * take in the map of every document in the app.
 */
export const SHELL_VIEWER_QUERY = /* GraphQL */ `
  query ShellViewer {
    viewer {
      id
      primaryArtists
      isAnalyticsDisabled
      emailVerified
      notValidEmail
    }
  }
`;

/** The signed-in person as far as the frame cares: who, their artists, whether Analytics shows. */
export interface Viewer {
  id: string;
  primaryArtists: string[];
  isAnalyticsDisabled: boolean;
  emailVerified: boolean;
  notValidEmail: boolean;
}

export type ViewerState = { status: 'loading'; viewer: null } | { status: 'signed-in'; viewer: Viewer } | { status: 'visitor'; viewer: null };

/**
 * Who is signed in: `viewer` over GraphQL, shared through Apollo's cache by every caller. An error
 * (the server unreachable) counts as a visitor: the frame then shows what visitors see.
 */
export function useViewer(): ViewerState {
  const { data, loading } = useQuery(ShellViewerDocument, { fetchPolicy: 'cache-first' });
  if (loading && !data) return { status: 'loading', viewer: null };
  const viewer = data?.viewer;
  if (!viewer) return { status: 'visitor', viewer: null };
  return { status: 'signed-in', viewer: {
      id: viewer.id,
      primaryArtists: viewer.primaryArtists,
      isAnalyticsDisabled: viewer.isAnalyticsDisabled,
      emailVerified: viewer.emailVerified,
      notValidEmail: viewer.notValidEmail,
    },
  };
}
