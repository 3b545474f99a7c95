import { setupServer } from 'msw/node';

type Handlers = Parameters<typeof setupServer>;

/**
 * An msw server for one test file: listens before the tests, drops per-test handlers after each,
 * and fails any request no handler answers.
 */
export function useMswServer(...handlers: Handlers) {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
