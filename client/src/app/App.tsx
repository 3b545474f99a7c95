import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { RouterProvider } from 'react-router-dom';
import type { AppRouter } from './router';

export interface AppProps {
  client: ApolloClient;
  router: AppRouter;
}

export function App({ client, router }: AppProps) {
  return (
    <ApolloProvider client={client}>
      <RouterProvider router={router} />
    </ApolloProvider>
  );
}
