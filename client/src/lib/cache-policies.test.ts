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
      isEditable
      isDraft
      isDenied
      canBeTakenDown
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
        isEditable: false,
        isDraft: false,
        isDenied: false,
        canBeTakenDown: false,
        releaseDateText: 'stale',
        ...release,
      },
    },
  });
  return cache;
}

const read = (cache: InMemoryCache) => cache.readQuery<{ release: Record<string, unknown> }>({ query: RELEASE })!.release;

test('displayStatus and the predicates come from the cached status, not the stored server value', () => {
  const cache = cacheWith({ status: 'NOT_COMPLETED' });
  expect(read(cache)).toMatchObject({ displayStatus: 'Draft', isDraft: true, isEditable: true, canBeTakenDown: false });
});

test('a status change written to the cache changes displayStatus in every view without a refetch', () => {
  const cache = cacheWith({ status: 'LIVE' });
  expect(read(cache)).toMatchObject({ displayStatus: 'Published', canBeTakenDown: true, isEditable: false });

  cache.modify({ id: cache.identify({ __typename: 'Release', id: 'r1' }), fields: { status: () => 'AWAITING_TAKEDOWN' } });
  expect(read(cache)).toMatchObject({ displayStatus: 'Takedown Submitted', canBeTakenDown: false });
});

test('a comment on a NOT_COMPLETED release makes it Denied', () => {
  const cache = cacheWith({ status: 'NOT_COMPLETED', comment: 'Cover art is blurry' });
  expect(read(cache)).toMatchObject({ displayStatus: 'Denied', isDenied: true, isDraft: false });
});

test('a DELIVERED release is Scheduled before its date and the date text follows the cached date', () => {
  const cache = cacheWith({ status: 'DELIVERED', releaseDate: '2099-03-04' });
  expect(read(cache)).toMatchObject({ displayStatus: 'Scheduled', releaseDateText: '03/04/2099' });
  cache.modify({ id: cache.identify({ __typename: 'Release', id: 'r1' }), fields: { releaseDate: () => null } });
  expect(read(cache)).toMatchObject({ displayStatus: 'Published', releaseDateText: 'ASAP' });
});
