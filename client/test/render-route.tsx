import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type LoaderFunction, type RouteObject } from 'react-router-dom';
import { createApolloClient } from '../src/lib/apollo';
import { registerAppClient } from '../src/lib/data-layer';
import { GRAPHQL_URL } from './graphql';

export interface RenderRouteOptions {
  /** The page's loader (it preloads the page's query with the registered client). */
  loader?: LoaderFunction;
  path?: string;
  /** Where the router starts; the page's path by default. */
  at?: string;
  /** Other routes the page links to. */
  routes?: RouteObject[];
  /** Providers around the router (alerts...). */
  wrap?: (children: ReactNode) => ReactNode;
}

/** Renders a page the way the app does: its loader runs first, with the same Apollo client the page reads from. */
export function renderRoute(element: ReactNode, { loader, path = '/', at = path, routes = [], wrap = (children) => children }: RenderRouteOptions = {}) {
  const client: ApolloClient = createApolloClient({ uri: GRAPHQL_URL });
  registerAppClient(client);
  const router = createMemoryRouter([{ path, element, loader }, ...routes], { initialEntries: [at] });
  const view = render(<ApolloProvider client={client}>{wrap(<RouterProvider router={router} />)}</ApolloProvider>);
  return { ...view, router, client };
}
