import { useApolloClient, useMutation, useReadQuery } from '@apollo/client/react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { PageHandle } from '../../lib/page-meta';
import { graphqlErrorInfo } from '../../lib/graphql-errors';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { appPreloader, usePreloaded } from '../../lib/preload';
import { Table } from '../../ui/Table';
import { CancelJobMutation, RetryJobMutation, SystemStatusQuery } from './system.graphql';
import { formatInstant } from './console-format';
import { StaffNav } from './StaffNav';
import './support.css';
import { Button } from '../../ui/Button';

export const handle: PageHandle = {
  pageTitle: 'System | {appName}',
  pageDescription: 'Jobs, server errors, failing deliveries and payouts.',
};

const STATE_LABEL: Record<string, string> = { RETRYING: 'Retrying', DEAD: 'Gave up', CANCELLED: 'Cancelled' };

/** Preloads the system status with the navigation (always the server's: it changes by the second). */
export async function loader() {
  const preloadQuery = appPreloader();
  return { status: await preloadQuery.toPromise(preloadQuery(SystemStatusQuery, { fetchPolicy: 'network-only', errorPolicy: 'all' })) };
}

/** Issue 24: what the service is doing, for staff: jobs, failed jobs (retry, cancel), server errors, failing deliveries and payouts. */
export default function SystemPage() {
  const titleId = useId();
  const { data, error } = useReadQuery(usePreloaded<typeof loader>().status);
  const client = useApolloClient();
  // The preloaded query follows the cache: asking the server again updates the page without suspending it.
  const refetch = () => client.query({ query: SystemStatusQuery, fetchPolicy: 'network-only' });
  const [retry] = useMutation(RetryJobMutation);
  const [cancel] = useMutation(CancelJobMutation);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const status = data?.systemStatus;

  async function act(kind: 'retry' | 'cancel', jobId: string, name: string) {
    setNotice(null);
    try {
      if (kind === 'retry') await retry({ variables: { input: { jobId } } });
      else await cancel({ variables: { input: { jobId } } });
      setNotice({ ok: true, text: kind === 'retry' ? `Job ${name} queued to run again.` : `Job ${name} cancelled.` });
      await refetch();
    } catch (e) {
      setNotice({ ok: false, text: graphqlErrorInfo(e).message });
    }
  }

  return (
    <section className="page" aria-labelledby={titleId}>
      <StaffNav />
      <h1 id={titleId}>System</h1>
      {error && <ErrorMessage>{graphqlErrorInfo(error).message}</ErrorMessage>}
      <div aria-live="polite">{notice?.ok && <p role="status">{notice.text}</p>}</div>
      {notice && !notice.ok && <ErrorMessage>{notice.text}</ErrorMessage>}
      {status && (
        <>
          <Button variant="secondary" onClick={() => void refetch().catch(() => undefined)}>
            Refresh
          </Button>
          <h2>Jobs</h2>
          <p>{status.oldestWaitingSeconds > 0 ? `The oldest due job has waited ${status.oldestWaitingSeconds} s for a worker.` : 'No due job is waiting for a worker.'}</p>
          <Table caption="Jobs by kind and status" head={<><th scope="col">Kind</th><th scope="col">Status</th><th scope="col">Jobs</th></>}>
            {status.jobCounts.map((c) => (
              <tr key={`${c.name}-${c.status}`}>
                <td>{c.name}</td>
                <td>{c.status}</td>
                <td>{c.count}</td>
              </tr>
            ))}
          </Table>
          <h2>Failed jobs</h2>
          {status.failedJobs.length === 0 ? (
            <p>No failed jobs.</p>
          ) : (
            <Table caption="Failed jobs, latest first" head={<><th scope="col">Kind</th><th scope="col">State</th><th scope="col">Attempts</th><th scope="col">Last error</th><th scope="col">Updated</th><th scope="col">Actions</th></>}>
              {status.failedJobs.map((j) => (
                <tr key={j.id}>
                  <td>{j.name}</td>
                  <td>{STATE_LABEL[j.state] ?? j.state}</td>
                  <td>{`${j.attempts} of ${j.maxAttempts}`}</td>
                  <td>{j.lastError ?? ''}</td>
                  <td>{formatInstant(j.updatedAt as string)}</td>
                  <td>
                    <Button variant="secondary" aria-label={`Retry ${j.name} job ${j.id}`} onClick={() => void act('retry', j.id, j.name)}>
                      Retry
                    </Button>
                    {j.state !== 'CANCELLED' && (
                      <Button variant="secondary" aria-label={`Cancel ${j.name} job ${j.id}`} onClick={() => void act('cancel', j.id, j.name)}>
                        Cancel
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </Table>
          )}
          <h2>Latest server errors</h2>
          {status.serverErrors.length === 0 ? (
            <p>No server errors.</p>
          ) : (
            <Table caption="Server errors, newest first" head={<><th scope="col">When</th><th scope="col">Request id</th><th scope="col">Operation</th><th scope="col">Message</th></>}>
              {status.serverErrors.map((e) => (
                <tr key={e.id}>
                  <td>{formatInstant(e.createdAt as string)}</td>
                  <td><code>{e.requestId ?? ''}</code></td>
                  <td>{e.operation ?? ''}</td>
                  <td>{e.message}</td>
                </tr>
              ))}
            </Table>
          )}
          <h2>Failing deliveries</h2>
          {status.failingDeliveries.length === 0 ? (
            <p>No failing deliveries.</p>
          ) : (
            <Table caption="Failed deliveries, latest first" head={<><th scope="col">Release</th><th scope="col">Store</th><th scope="col">Kind</th><th scope="col">Error</th><th scope="col">Updated</th></>}>
              {status.failingDeliveries.map((d) => (
                <tr key={d.id}>
                  <td><Link to={`/support/review/${d.releaseId}`}>{d.releaseId}</Link></td>
                  <td>{d.store}</td>
                  <td>{d.kind}</td>
                  <td>{d.error ?? ''}</td>
                  <td>{formatInstant(d.updatedAt as string)}</td>
                </tr>
              ))}
            </Table>
          )}
          <h2>Failing payouts</h2>
          {status.failingPayouts.length === 0 ? (
            <p>No failing payouts.</p>
          ) : (
            <Table caption="Failed payouts, latest first" head={<><th scope="col">Withdrawal</th><th scope="col">Amount</th><th scope="col">Provider status</th><th scope="col">Error code</th><th scope="col">Updated</th></>}>
              {status.failingPayouts.map((p) => (
                <tr key={p.id}>
                  <td>{p.id}</td>
                  <td>{`${p.amount} ${p.currency}`}</td>
                  <td>{p.payoutStatus ?? ''}</td>
                  <td>{p.errorCode ?? ''}</td>
                  <td>{formatInstant(p.updatedAt as string)}</td>
                </tr>
              ))}
            </Table>
          )}
        </>
      )}
    </section>
  );
}
