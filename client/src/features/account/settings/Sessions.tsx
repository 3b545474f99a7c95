import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { Spinner } from '../../../ui/Spinner';
import { graphqlErrorInfo } from '../../../lib/graphql-errors';
import { RevokeSessionMutation, SessionsQuery } from './settings.graphql';
import { TableRegion } from '../../../ui/TableRegion';

const when = (value: string) => value.slice(0, 16).replace('T', ' ');

/** The browsers signed in to the account; any other than this one can be signed out from here. */
export function Sessions() {
  const { data, loading, error } = useQuery(SessionsQuery, { fetchPolicy: 'network-only' });
  const [revoke] = useMutation(RevokeSessionMutation, { refetchQueries: [SessionsQuery] });
  const [failure, setFailure] = useState<string | null>(null);
  if (loading && !data) return <Spinner label="Loading your sessions" />;
  if (error) return <ErrorMessage>{graphqlErrorInfo(error).message}</ErrorMessage>;
  const sessions = data?.sessions ?? [];
  return (
    <>
      {failure && <ErrorMessage>{failure}</ErrorMessage>}
      <TableRegion label="Signed-in browsers">
      <table>
        <caption>Signed-in browsers</caption>
        <thead>
          <tr>
            <th scope="col">Browser</th>
            <th scope="col">Address</th>
            <th scope="col">Last seen (UTC)</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => (
            <tr key={s.id}>
              <td>
                {s.userAgent ?? 'Unknown browser'}
                {s.current ? ' (this browser)' : ''}
                {s.impersonated ? ' (support)' : ''}
              </td>
              <td>{s.ip ?? '—'}</td>
              <td>{when(s.lastSeenAt)}</td>
              <td>
                {!s.current && (
                  <button type="button" className="button button--small" onClick={() => void revoke({ variables: { id: s.id } }).catch((e: unknown) => setFailure(graphqlErrorInfo(e).message))}>
                    Sign out
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      </TableRegion>
    </>
  );
}
