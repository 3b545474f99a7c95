import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { Spinner } from '../../../ui/Spinner';
import { graphqlErrorInfo } from '../../../lib/graphql-errors';
import { RevokeSessionMutation, SessionsQuery } from './settings.graphql';
import { friendlyUserAgent } from './user-agent';
import { Button } from '../../../ui/Button';
import { formatUsDate } from '@cadence/domain/date-string';
import { Table } from '../../../ui/Table';

/** The house date (MM/dd/yyyy) and the UTC time of day. */
const when = (value: string) => `${formatUsDate(value) ?? value.slice(0, 10)} ${value.slice(11, 16)}`;

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
      <Table caption="Signed-in browsers" columns={['Browser', 'Address', 'Last seen (UTC)', { label: 'Actions', hidden: true }]}>
        {sessions.map((s) => (
          <tr key={s.id}>
            <td>
              <span title={s.userAgent ?? undefined}>{friendlyUserAgent(s.userAgent)}</span>
              {s.current ? ' (this browser)' : ''}
              {s.impersonated ? ' (support)' : ''}
            </td>
            <td>{s.ip ?? '—'}</td>
            <td>{when(s.lastSeenAt)}</td>
            <td>
              {!s.current && (
                <Button variant="secondary" size="small" aria-label={`Sign out ${friendlyUserAgent(s.userAgent)}`} onClick={() => void revoke({ variables: { input: { id: s.id } } }).catch((e: unknown) => setFailure(graphqlErrorInfo(e).message))}>
                  Sign out
                </Button>
              )}
            </td>
          </tr>
        ))}
      </Table>
    </>
  );
}
