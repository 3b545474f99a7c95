import { lazy, Suspense } from 'react';
import { Spinner } from '../../ui/Spinner';
import { useHydrated } from '../../ui/useHydrated';
import { withData } from '../data-layer';

// The list is a GraphQL query: it loads with the data layer once the page is live (issue 22), so
// the public page itself ships without Apollo Client.
const StoresList = lazy(async () => ({ default: await withData(import('./StoresList').then((m) => m.StoresList)) }));

/** StoresList for a server-rendered public page: the same spinner on the server and in the first frame. */
export function PublicStoresList() {
  const hydrated = useHydrated();
  const loading = <Spinner label="Loading the list of stores" />;
  if (!hydrated) return loading;
  return (
    <Suspense fallback={loading}>
      <StoresList />
    </Suspense>
  );
}
