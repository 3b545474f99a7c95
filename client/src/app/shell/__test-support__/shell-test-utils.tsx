/** Test helpers for the frame: the Shell around stub pages, with msw answering its REST calls. */
import { ApolloProvider } from '@apollo/client/react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { GRAPHQL_URL } from '../../../../test/graphql';
import { createApolloClient } from '../../../lib/apollo';
import { createRestClient } from '../../../lib/rest';
import { Shell } from '../../Shell';
import { ShellServicesProvider, type ShellServices } from '../../../lib/shell-services';

export const ORIGIN = 'http://localhost';

const STUB_PAGES = ['about', 'features', 'releases', 'releases/:id', 'sales', 'trends', 'settings', 'splash', 'disabled', 'on-boarding', 'single-signup'];

/** A REST client like the frame's, but with absolute URLs (Node's fetch needs them). */
export function testRestClient() {
  return createRestClient({ fetch: (input, init) => fetch(new URL(String(input), ORIGIN), init), onUnauthorized: () => undefined });
}

/** Renders the Shell at `path` around pages that only show their name as a heading. */
export function renderShell(path: string, services: Partial<ShellServices> = {}) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: Shell,
        children: [
          { index: true, element: <h1>Home</h1> },
          ...STUB_PAGES.map((p) => ({ path: p, element: <h1>{p}</h1> })),
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const value: ShellServices = { rest: testRestClient(), random: () => 0, now: () => Date.now(), leave: () => undefined, ...services };
  const utils = render(
    <ShellServicesProvider value={value}>
      <ApolloProvider client={createApolloClient({ uri: GRAPHQL_URL })}>
        <RouterProvider router={router} />
      </ApolloProvider>
    </ShellServicesProvider>,
  );
  return { router, ...utils };
}
