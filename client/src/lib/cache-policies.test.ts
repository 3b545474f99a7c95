import { InMemoryCache } from '@apollo/client';
import { gql } from '@apollo/client';
import { typePolicies } from './cache-policies';

const RELEASE = gql`
  query CachedRelease {
    release(id: "r1") {
      id
      status
      comment
      releaseDate
      takedownDate
      rejectDate
      displayStatus
      isDenied
      isEditable
      isDownloadEligible
      viewerCan {
        edit
        download
      }
      releaseDateText
    }
  }
`;

function cacheWith(release: Record<string, unknown>) {
  const cache = new InMemoryCache({ typePolicies });
  cache.writeQuery({
    query: RELEASE,
    data: {
      release: {
        __typename: 'Release',
        id: 'r1',
        comment: null,
        releaseDate: null,
        takedownDate: null,
        rejectDate: null,
        displayStatus: 'stale',
        isDenied: false,
        isEditable: false,
        isDownloadEligible: false,
        viewerCan: { __typename: 'ReleaseViewerCan', edit: false, download: false },
        releaseDateText: 'stale',
        ...release,
      },
    },
  });
  return cache;
}

const read = (cache: InMemoryCache) => cache.readQuery<{ release: Record<string, unknown> }>({ query: RELEASE })!.release;

test('displayStatus comes from the cached status, not the stored server value', () => {
  const cache = cacheWith({ status: 'NOT_COMPLETED' });
  expect(read(cache)).toMatchObject({ displayStatus: 'Draft', isDenied: false });
});

test('a status change written to the cache changes displayStatus in every view without a refetch', () => {
  const cache = cacheWith({ status: 'LIVE' });
  expect(read(cache)).toMatchObject({ displayStatus: 'Published' });

  cache.modify({ id: cache.identify({ __typename: 'Release', id: 'r1' }), fields: { status: () => 'AWAITING_TAKEDOWN' } });
  expect(read(cache)).toMatchObject({ displayStatus: 'Takedown Submitted' });
});

test('a comment on a NOT_COMPLETED release makes it Denied', () => {
  const cache = cacheWith({ status: 'NOT_COMPLETED', comment: 'Cover art is blurry' });
  expect(read(cache)).toMatchObject({ displayStatus: 'Denied', isDenied: true });
});

test("download eligibility and editability keep the server's values (its configured sunset date, its viewerCan)", () => {
  // Taken down 2024-10-01: after the default sunset date (2024-09-26), before this deployment's (say 2024-12-01),
  // so the server said not eligible; recomputing with the default would say eligible.
  const cache = cacheWith({ status: 'TAKEDOWN_COMPLETED', takedownDate: '2024-10-01T00:00:00.000Z', isDownloadEligible: false });
  expect(read(cache)).toMatchObject({ isDownloadEligible: false, viewerCan: { download: false } });
  // The server says this REJECTED release may not be edited (not the owner's, say): no status rule overrides it.
  const other = cacheWith({ status: 'REJECTED', isEditable: false, viewerCan: { __typename: 'ReleaseViewerCan', edit: false, download: false } });
  expect(read(other)).toMatchObject({ isEditable: false, viewerCan: { edit: false } });
});

test('a DELIVERED release is Scheduled before its date and the date text follows the cached date', () => {
  const cache = cacheWith({ status: 'DELIVERED', releaseDate: '2099-03-04' });
  expect(read(cache)).toMatchObject({ displayStatus: 'Scheduled', releaseDateText: '03/04/2099' });
  cache.modify({ id: cache.identify({ __typename: 'Release', id: 'r1' }), fields: { releaseDate: () => null } });
  expect(read(cache)).toMatchObject({ displayStatus: 'Published', releaseDateText: 'ASAP' });
});
