import { useLazyQuery, useMutation } from '@apollo/client/react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { PageHandle } from '../../lib/page-meta';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Spinner } from '../../ui/Spinner';
import { graphqlErrorInfo } from '../../lib/graphql-errors';
import { reloadAt } from '../../lib/session';
import { InAppMessagesAdmin } from './in-app-messages/InAppMessagesAdmin';
import { WithdrawalApprovals } from './WithdrawalApprovals';
import { SalesImportPanel } from './sales-imports/SalesImportPanel';
import { ActAsUserMutation, SearchUsersQuery } from './support.graphql';
import { StaffNav } from './StaffNav';
import { Table } from '../../ui/Table';
import './support.css';
import { Button } from '../../ui/Button';

export const handle: PageHandle = {
  pageTitle: 'Support | {appName}',
  pageDescription: 'Find a {appName} user, open their account or act as them.',
};

export interface SupportPageProps {
  navigate?: (to: string) => void;
}

/**
 * Issue 4 support area (staff only, the guard sends others away): find a user by email, name or
 * artist name and act as them; the app then loads that user at /releases with the acting-as banner.
 */
export default function SupportPage({ navigate = reloadAt }: SupportPageProps) {
  const inputId = useId();
  const [query, setQuery] = useState('');
  const [search, { data, loading, error, called }] = useLazyQuery(SearchUsersQuery, { fetchPolicy: 'network-only' });
  const [actAs] = useMutation(ActAsUserMutation);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [showMessages, setShowMessages] = useState(false);
  const users = data?.searchUsers ?? [];

  const onActAs = async (userId: string) => {
    setRefusal(null);
    try {
      await actAs({ variables: { input: { userId } } });
      navigate('/releases');
    } catch (failure) {
      setRefusal(graphqlErrorInfo(failure).message);
    }
  };

  return (
    <section className="page" aria-labelledby="support-title">
      <StaffNav />
      <h1 id="support-title">Support</h1>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          if (query.trim().length >= 2) void search({ variables: { query: query.trim() } });
        }}
      >
        <div className="field">
          <label htmlFor={inputId}>Find a user (email, name or artist name)</label>
          <input id={inputId} type="search" value={query} onChange={(e) => setQuery(e.target.value)} minLength={2} />
        </div>
        <Button type="submit" disabled={query.trim().length < 2}>
          Search
        </Button>
      </form>
      {loading && <Spinner label="Searching" />}
      {error && <ErrorMessage>{graphqlErrorInfo(error).message}</ErrorMessage>}
      {refusal && <ErrorMessage>{refusal}</ErrorMessage>}
      {called && !loading && !error && users.length === 0 && <p role="status">No user matches.</p>}
      {users.length > 0 && (
        <Table caption="Users found" columns={['Email', 'Name', 'Artist', 'Status', { label: 'Actions', hidden: true }]}>
          {users.map((user) => (
            <tr key={user.id}>
              <td>
                <Link to={`/support/users/${user.id}`} aria-label={`Open the account of ${user.email}`}>
                  {user.email}
                </Link>
              </td>
              <td>{[user.firstName, user.lastName].filter(Boolean).join(' ')}</td>
              <td>{user.primaryArtists[0] ?? ''}</td>
              <td>
                {user.status.toLowerCase()}
                {user.isLocked ? ' (locked)' : ''}
              </td>
              <td>
                {user.role === 'USER' && (
                  <Button size="small" onClick={() => void onActAs(user.id)} aria-label={`Act as ${user.email}`}>
                    Act as
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
      <WithdrawalApprovals />
      <section aria-labelledby="support-in-app-title">
        <h2 id="support-in-app-title">In-app messages</h2>
        {/* Loaded on demand, so finding a user does not wait for the messages and their counts. */}
        <Button variant="secondary" aria-expanded={showMessages} aria-controls="support-in-app" onClick={() => setShowMessages((v) => !v)}>
          {showMessages ? 'Hide in-app messages' : 'Manage in-app messages'}
        </Button>
        <div id="support-in-app">{showMessages && <InAppMessagesAdmin />}</div>
      </section>
      <SalesImportPanel />
    </section>
  );
}
