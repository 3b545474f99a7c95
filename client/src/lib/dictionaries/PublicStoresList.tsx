import { lazy, Suspense } from 'react';
import { Spinner } from '../../ui/Spinner';
import { useHydrated } from '../../ui/useHydrated';

// Its own small chunk, loaded once the page is live: the public page's first load stays as it is.
const StoresList = lazy(async () => ({ default: (await import('./StoresList')).StoresList }));

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
