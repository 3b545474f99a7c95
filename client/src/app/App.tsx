import type { ApolloClient } from '@apollo/client';
import { RouterProvider } from 'react-router-dom';
import { DataClientProvider, registerAppClient } from '../lib/data-layer';
import type { AppRouter } from './router';

export interface AppProps {
  /** The Apollo client the lazily loaded data layer uses (tests pass one); the app's own otherwise. */
  client?: ApolloClient;
  router: AppRouter;
}

/** Issue 22: no Apollo here; the pages and parts that query load it with their own chunk (lib/data-layer.tsx). */
export function App({ client, router }: AppProps) {
  // Before the router's loaders ask for it (they run outside React); undefined means the app's own.
  registerAppClient(client);
  return (
    <DataClientProvider client={client}>
      <RouterProvider router={router} />
    </DataClientProvider>
  );
}
