import { useCallback, useEffect, useState } from 'react';
import type { StoresListQuery as StoresListData } from '../../gql/graphql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Spinner } from '../../ui/Spinner';
import { Button } from '../../ui/Button';

/**
 * The public store list (the DSPs flagged for it). It is the only data a public page shows, so it is
 * read with one plain POST rather than through Apollo Client: the page never loads the data layer
 * (issue 22: Apollo's start-up was most of /features' blocking time). The query is plain text with
 * the GraphQL magic comment (codegen still checks it and types it as StoresListDocument): the typed
 * document would bring the codegen's map of every document and graphql's printer, 24 KB evaluated on
 * /features for one constant string (issue 22, Total Blocking Time).
 */
export const STORES_LIST_QUERY = /* GraphQL */ `
  query StoresList {
    dsps(showList: true) {
      id
      name
    }
  }
`;

type State = { status: 'loading' } | { status: 'error' } | { status: 'done'; dsps: StoresListData['dsps'] };

async function fetchStores(signal: AbortSignal): Promise<StoresListData['dsps']> {
  const res = await fetch('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ operationName: 'StoresList', query: STORES_LIST_QUERY, variables: {} }),
    signal,
  });
  const body = (await res.json()) as { data?: StoresListData | null; errors?: unknown[] };
  if (!res.ok || body.errors?.length || !body.data) throw new Error('The list of stores could not be loaded');
  return body.data.dsps;
}

/** The stores and streaming services releases are delivered to (the DSPs flagged for the public list). */
export function StoresList() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    fetchStores(controller.signal).then(
      (dsps) => setState({ status: 'done', dsps }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [attempt]);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  if (state.status === 'loading') return <Spinner label="Loading the list of stores" />;

  if (state.status === 'error') {
    return (
      <div className="stores-list__error">
        <ErrorMessage>
          <p>We could not load the list of stores.</p>
        </ErrorMessage>
        <Button size="small" onClick={retry}>
          Try again
        </Button>
      </div>
    );
  }

  if (state.dsps.length === 0) return <p>No stores to show yet.</p>;

  return (
    <ul className="stores-list" aria-label="Stores we deliver to">
      {state.dsps.map((dsp) => (
        <li key={dsp.id}>{dsp.name}</li>
      ))}
    </ul>
  );
}
