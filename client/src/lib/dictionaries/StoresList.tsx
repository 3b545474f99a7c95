import type { FragmentType } from '@apollo/client';
import { useFragment, useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';
import type { StoresList_DspFragment } from '../../gql/graphql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Spinner } from '../../ui/Spinner';
import { Button } from '../../ui/Button';

/** The fields one store entry shows; spread into any query that lists stores. */
export const StoresListDspFragment = graphql(`
  fragment StoresList_dsp on Dsp {
    id
    name
  }
`);

export const StoresListQuery = graphql(`
  query StoresList {
    dsps(showList: true) {
      id
      ...StoresList_dsp
    }
  }
`);

/** One store: the entry reads its own fragment from the cache. */
function StoreEntry({ dsp }: { dsp: FragmentType<StoresList_DspFragment> }) {
  const { data, complete } = useFragment({ fragment: StoresListDspFragment, from: dsp });
  return complete ? <li>{data.name}</li> : null;
}

/** The stores and streaming services releases are delivered to (the DSPs flagged for the public list). */
export function StoresList() {
  const { data, loading, error, refetch } = useQuery(StoresListQuery);

  if (loading && !data) return <Spinner label="Loading the list of stores" />;

  if (error && !data) {
    return (
      <div className="stores-list__error">
        <ErrorMessage>
          <p>We could not load the list of stores.</p>
        </ErrorMessage>
        <Button size="small" onClick={() => void refetch().catch(() => undefined)}>
          Try again
        </Button>
      </div>
    );
  }

  const dsps = data?.dsps ?? [];
  if (dsps.length === 0) return <p>No stores to show yet.</p>;

  return (
    <ul className="stores-list" aria-label="Stores we deliver to">
      {dsps.map((dsp) => (
        <StoreEntry key={dsp.id} dsp={dsp} />
      ))}
    </ul>
  );
}
