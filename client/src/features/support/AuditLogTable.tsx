import type { FragmentType } from '@apollo/client';
import { useFragment } from '@apollo/client/react';
import { useId } from 'react';
import { Table } from '../../ui/Table';
import { graphql } from '../../gql';
import type { AuditLogTable_EventFragment } from '../../gql/graphql';
import { formatInstant } from './console-format';
import { Button } from '../../ui/Button';

export const AuditLogTable_event = graphql(`
  fragment AuditLogTable_event on AuditEvent {
    id
    createdAt
    category
    subcategory
    entityType
    entityId
    oldValues
    newValues
    actor {
      id
      email
      name
    }
    impersonator {
      id
      email
    }
  }
`);

function who(event: AuditLogTable_EventFragment): string {
  if (!event.actor) return 'System';
  const name = event.actor.name || event.actor.email;
  return event.impersonator && event.impersonator.id !== event.actor.id ? `${name} (acting: ${event.impersonator.email})` : name;
}

/** One event: the row reads its own fragment from the cache. */
function AuditLogRow({ event }: { event: FragmentType<AuditLogTable_EventFragment> }) {
  const { data: e, complete } = useFragment({ fragment: AuditLogTable_event, from: event });
  if (!complete) return null;
  return (
    <tr>
      <td>{formatInstant(e.createdAt as string)}</td>
      <td>
        {e.subcategory}
        {e.entityType ? ` (${e.entityType})` : ''}
      </td>
      <td>{who(e)}</td>
      <td>
        <code>{e.oldValues ?? ''}</code>
      </td>
      <td>
        <code>{e.newValues ?? ''}</code>
      </td>
    </tr>
  );
}

/** The audit trail as a table that scrolls inside its own labelled region on narrow screens. */
export function AuditLogTable({
  title,
  events,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  title: string;
  /** The query's events, masked (each with its id): every row reads AuditLogTable_event itself. */
  events: readonly (FragmentType<AuditLogTable_EventFragment> & { id: string })[];
  hasMore: boolean;
  loadingMore?: boolean;
  onLoadMore: () => void;
}) {
  const id = useId();
  return (
    // The table's scrolling region carries the heading's name; the section itself is not a second region.
    <section>
      <h2 id={id}>{title}</h2>
      {events.length === 0 ? (
        <p>No events yet.</p>
      ) : (
        <Table regionLabelledBy={id} columns={['When', 'What', 'Who', 'Before', 'After']}>
          {events.map((e) => (
            <AuditLogRow key={e.id} event={e} />
          ))}
        </Table>
      )}
      {hasMore && (
        <Button variant="secondary" onClick={onLoadMore} disabled={loadingMore}>
          {loadingMore ? 'Loading…' : 'Show older events'}
        </Button>
      )}
    </section>
  );
}
