import type { ReleaseStatus } from '../../../gql/graphql';

/** Release objects as the API sends them, for component tests. */
export function releaseNode(overrides: Partial<Record<string, unknown>> & { status?: ReleaseStatus } = {}) {
  return {
    __typename: 'Release' as const,
    id: 'r1',
    title: 'Night Drive',
    status: 'NOT_COMPLETED' as ReleaseStatus,
    comment: null,
    releaseDate: null,
    takedownDate: null,
    rejectDate: null,
    displayStatus: 'Draft',
    releaseDateText: 'ASAP',
    artistName: 'Nova',
    trackCount: 2,
    coverArtUrl: null,
    viewerCan: { __typename: 'ReleaseViewerCan' as const, edit: true, delete: true, takedown: false },
    ...overrides,
  } as {
    __typename: 'Release'; id: string; title: string; status: ReleaseStatus; comment: string | null; releaseDate: string | null;
    takedownDate: string | null; rejectDate: string | null; displayStatus: string; releaseDateText: string; artistName: string;
    trackCount: number; coverArtUrl: string | null; viewerCan: { __typename: 'ReleaseViewerCan'; edit: boolean; delete: boolean; takedown: boolean };
  };
}

/** A releases connection page. */
export function releasesPage(nodes: ReturnType<typeof releaseNode>[], hasNextPage = false) {
  return {
    releases: {
      __typename: 'QueryReleasesConnection' as const,
      totalCount: nodes.length,
      edges: nodes.map((node) => ({ __typename: 'QueryReleasesConnectionEdge' as const, cursor: `c-${node.id}`, node })),
      pageInfo: { __typename: 'PageInfo' as const, hasNextPage, endCursor: nodes.at(-1) ? `c-${nodes.at(-1)!.id}` : null },
    },
  };
}

/** Release counts by display status. */
export function counts(byStatus: Record<string, number>) {
  return {
    releaseCounts: {
      __typename: 'ReleaseCounts' as const,
      releases: 0,
      tracks: 0,
      byDisplayStatus: Object.entries(byStatus).map(([displayStatus, count]) => ({ __typename: 'DisplayStatusCount' as const, displayStatus, count })),
    },
  };
}
