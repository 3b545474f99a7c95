import type { FragmentType } from '@apollo/client';
import { useApolloClient, useFragment, useMutation, useQueryRefHandlers, useReadQuery } from '@apollo/client/react';
import { Table } from '../../../ui/Table';
import { useId, useState, useTransition, type FormEvent } from 'react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import type { PageHandle } from '../../../lib/page-meta';
import { graphqlErrorInfo } from '../../../lib/graphql-errors';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { Checkbox } from '../../../ui/Field';
import { appPreloader, usePreloaded } from '../../../lib/preload';
import { graphql } from '../../../gql';
import type { AccountStatusForm_AccountFragment } from '../../../gql/graphql';
import { BlockUserMutation, StaffAccountQuery, UnblockUserMutation, UserAuditLogQuery } from '../console.graphql';
import { formatInstant, statusLabel } from '../console-format';
import { AuditLogTable } from '../AuditLogTable';
import { StaffNav } from '../StaffNav';
import { RoleForm } from '../admin/RoleForm';
import '../support.css';

export const handle: PageHandle = {
  pageTitle: 'Account | {appName}',
  pageDescription: "A person's account as support sees it.",
};

/** What blocking and unblocking need: who, their role and their status. */
const AccountStatusFormAccountFragment = graphql(`
  fragment AccountStatusForm_account on StaffAccount {
    id
    role
    status
  }
`);

interface AccountStatusFormProps {
  /** The page's account, masked: the form reads its own fragment from the cache. */
  account: FragmentType<AccountStatusForm_AccountFragment>;
  canLiftSuperBlock: boolean;
  onDone: (message: string) => void;
}

function AccountStatusForm({ account: from, canLiftSuperBlock, onDone }: AccountStatusFormProps) {
  const { data: account, complete } = useFragment({ fragment: AccountStatusFormAccountFragment, from });
  const id = useId();
  const [reason, setReason] = useState('');
  const [superBlock, setSuperBlock] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [block, blocking] = useMutation(BlockUserMutation);
  const [unblock, unblocking] = useMutation(UnblockUserMutation);
  if (!complete) return null;
  const busy = blocking.loading || unblocking.loading;
  const active = account.status === 'ACTIVE';
  const mayUnblock = account.status === 'BLOCKED' || (account.status === 'SUPER_BLOCKED' && canLiftSuperBlock);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      if (active) {
        if (!reason.trim()) {
          setProblem('Give a reason');
          return;
        }
        await block({ variables: { input: { userId: account.id, reason: reason.trim(), superBlock } } });
        onDone(superBlock ? 'The account is super-blocked.' : 'The account is blocked.');
      } else {
        await unblock({ variables: { input: { userId: account.id, reason: reason.trim() || null } } });
        onDone('The account is active again.');
      }
      setReason('');
      setSuperBlock(false);
    } catch (failure) {
      setProblem(graphqlErrorInfo(failure).message);
    }
  };

  if (account.role !== 'USER') return <p>Staff accounts are managed by an admin.</p>;
  return (
    <form className="account__block" onSubmit={(e) => void onSubmit(e)} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>{active ? 'Block the account' : 'Unblock the account'}</h2>
      {!active && !mayUnblock && <p>Only an admin can lift a super block.</p>}
      {problem && <ErrorMessage>{problem}</ErrorMessage>}
      <div className="field">
        <label htmlFor={`${id}-reason`}>{active ? 'Reason (required)' : 'Reason (optional)'}</label>
        <textarea id={`${id}-reason`} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} aria-required={active} />
      </div>
      {active && (
        <Checkbox id={`${id}-super`} label="Super block" checked={superBlock} onChange={setSuperBlock} hint="Only an admin can lift a super block." />
      )}
      <button type="submit" className={active ? 'button button--danger' : 'button'} disabled={busy || (!active && !mayUnblock)}>
        {active ? (superBlock ? 'Super block' : 'Block') : 'Unblock'}
      </button>
    </form>
  );
}

const AUDIT_PAGE = 20;

/** Preloads the account and the first page of its audit history with the navigation. */
export async function loader({ params }: LoaderFunctionArgs) {
  const userId = params.id ?? '';
  const preloadQuery = appPreloader();
  const account = preloadQuery(StaffAccountQuery, { variables: { userId }, fetchPolicy: 'cache-and-network', errorPolicy: 'all' });
  const audit = preloadQuery(UserAuditLogQuery, { variables: { input: { userId, first: AUDIT_PAGE } }, fetchPolicy: 'cache-and-network', errorPolicy: 'all' });
  await Promise.all([preloadQuery.toPromise(account), preloadQuery.toPromise(audit)]);
  return { account, audit };
}

/** Issue 14: a person's account for support: profile, plan, balance, releases, status and audit history. */
export default function AccountPage() {
  const { id = '' } = useParams();
  const titleId = useId();
  const [done, setDone] = useState<string | null>(null);
  const refs = usePreloaded<typeof loader>();
  const { data, error } = useReadQuery(refs.account);
  const audit = useReadQuery(refs.audit);
  const { fetchMore } = useQueryRefHandlers(refs.audit);
  const [loadingMore, startTransition] = useTransition();
  const client = useApolloClient();
  const page = data?.staffAccount;
  const account = page?.account;

  // After a change, ask the server again; the preloaded queries follow the cache without suspending the page.
  const onDone = (message: string) => {
    setDone(message);
    void client.query({ query: StaffAccountQuery, variables: { userId: id }, fetchPolicy: 'network-only' }).catch(() => undefined);
    void client.query({ query: UserAuditLogQuery, variables: { input: { userId: id, first: AUDIT_PAGE } }, fetchPolicy: 'network-only' }).catch(() => undefined);
  };

  const name = account ? [account.firstName, account.lastName].filter(Boolean).join(' ') || account.email : '';
  return (
    <section className="page" aria-labelledby={titleId}>
      <StaffNav admin={data?.consoleAbilities.manageStoreEndpoints ?? false} />
      <h1 id={titleId}>{account ? `Account: ${name}` : 'Account'}</h1>
      {error && <ErrorMessage>{graphqlErrorInfo(error).message}</ErrorMessage>}
      <div role="status">{done}</div>
      {account && page && (
        <>
          <dl className="review__facts">
            <dt>Email</dt>
            <dd>
              {account.email} {account.emailVerified ? '(verified)' : '(not verified)'}
            </dd>
            <dt>Artist names</dt>
            <dd>{account.primaryArtists.join(', ') || '–'}</dd>
            <dt>Role</dt>
            <dd>{statusLabel(account.role)}</dd>
            <dt>Status</dt>
            <dd>
              {statusLabel(account.status)}
              {account.isLocked ? ' (locked after failed sign-ins)' : ''}
              {account.statusReason ? ` – ${account.statusReason}` : ''}
            </dd>
            <dt>Plan</dt>
            <dd>{account.plan}</dd>
            <dt>Balance</dt>
            <dd>{account.balance ?? '–'}</dd>
            <dt>Location</dt>
            <dd>{[account.city, account.country].filter(Boolean).join(', ') || '–'}</dd>
            <dt>Joined</dt>
            <dd>{formatInstant(account.createdAt as string)}</dd>
            <dt>Last sign-in</dt>
            <dd>{formatInstant(account.lastSignInAt as string | null)}</dd>
          </dl>
          <AccountStatusForm account={account} canLiftSuperBlock={data?.consoleAbilities.liftSuperBlock ?? false} onDone={onDone} />
          {data?.consoleAbilities.manageStaff && <RoleForm key={account.role} userId={account.id} role={account.role} onDone={onDone} />}
          <section>
            <h2 id={`${titleId}-releases`}>Releases</h2>
            {page.releases.length === 0 ? (
              <p>No releases.</p>
            ) : (
              <Table regionLabelledBy={`${titleId}-releases`} columns={['Title', 'Status', 'Release date']}>
                {page.releases.map((r) => (
                  <tr key={r.id}>
                    <td>
                      <Link to={`/support/review/${r.id}`}>{r.title || 'Untitled'}</Link>
                    </td>
                    <td>{statusLabel(r.status)}</td>
                    <td>{r.releaseDate ?? 'ASAP'}</td>
                  </tr>
                ))}
              </Table>
            )}
          </section>
          <AuditLogTable
            title="Audit history"
            events={audit.data?.userAuditLog.events ?? []}
            hasMore={audit.data?.userAuditLog.hasMore ?? false}
            loadingMore={loadingMore}
            onLoadMore={() =>
              startTransition(() =>
                fetchMore({
                  variables: { input: { userId: id, first: AUDIT_PAGE, after: audit.data?.userAuditLog.endCursor } },
                  updateQuery: (prev, { fetchMoreResult }) => ({ userAuditLog: { ...fetchMoreResult.userAuditLog, events: [...prev.userAuditLog.events, ...fetchMoreResult.userAuditLog.events] } }),
                }).then(() => undefined, () => undefined),
              )
            }
          />
        </>
      )}
    </section>
  );
}
