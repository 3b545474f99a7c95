import { useMutation, useReadQuery } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import type { PageHandle } from '../../../lib/page-meta';
import { graphqlErrorInfo } from '../../../lib/graphql-errors';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { appPreloader, usePreloaded } from '../../../lib/preload';
import type { StoreEndpointKind, StoreEndpointsQuery as StoreEndpointsData } from '../../../gql/graphql';
import { RemoveStoreEndpointMutation, SetStoreEndpointMutation, StoreEndpointsQuery } from './admin.graphql';
import { StaffNav } from '../StaffNav';
import '../support.css';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/Field';

export const handle: PageHandle = {
  pageTitle: 'Store endpoints | {appName}',
  pageDescription: 'Where each store’s deliveries go (admins).',
};

type Endpoint = StoreEndpointsData['storeEndpoints'][number];

const KIND_LABELS: Record<'LOCAL' | 'SFTP', string> = { LOCAL: 'Local folder', SFTP: 'SFTP' };

function where(e: Endpoint): string {
  if (e.kind === 'SFTP') return `sftp://${e.username ?? ''}@${e.host ?? ''}${e.port ? `:${e.port}` : ''}${e.path ?? ''}`;
  if (e.kind === 'S3') return 'S3 bucket';
  return e.path ?? 'the default local folder';
}

/** The form for one store's endpoint: a local folder, or an SFTP server with its key. */
function EndpointForm({ endpoint, onDone }: { endpoint: Endpoint; onDone: (message: string) => void }) {
  const id = useId();
  const [kind, setKind] = useState<'LOCAL' | 'SFTP'>(endpoint.kind === 'SFTP' ? 'SFTP' : 'LOCAL');
  const [host, setHost] = useState(endpoint.host ?? '');
  const [port, setPort] = useState(endpoint.port ? String(endpoint.port) : '22');
  const [username, setUsername] = useState(endpoint.username ?? '');
  const [path, setPath] = useState(endpoint.isDefault ? '' : (endpoint.path ?? ''));
  const [key, setKey] = useState('');
  const [dpid, setDpid] = useState(endpoint.recipientDpid);
  const [problem, setProblem] = useState<string | null>(null);
  const [save, saving] = useMutation(SetStoreEndpointMutation, { refetchQueries: [StoreEndpointsQuery] });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (kind === 'SFTP' && (!host.trim() || !username.trim())) {
      setProblem('Give the SFTP host and user.');
      return;
    }
    if (kind === 'SFTP' && !/^\d{1,5}$/.test(port.trim())) {
      setProblem('The port is a whole number from 1 to 65535.');
      return;
    }
    const common = { dspId: endpoint.dspId, kind: kind as StoreEndpointKind, recipientDpid: dpid.trim(), recipientName: endpoint.recipientName };
    const input =
      kind === 'SFTP'
        ? { ...common, host: host.trim(), port: Number(port), username: username.trim(), auth: 'KEY' as const, ...(path.trim() ? { path: path.trim() } : {}), ...(key.trim() ? { secret: key } : {}) }
        : { ...common, ...(path.trim() ? { path: path.trim() } : {}) };
    try {
      await save({ variables: { input } });
      setKey('');
      onDone(`Saved the endpoint of ${endpoint.dspName}.`);
    } catch (failure) {
      setProblem(graphqlErrorInfo(failure).message);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} aria-labelledby={`${id}-title`} noValidate className="store-endpoint__form">
      <h3 id={`${id}-title`}>Change the endpoint of {endpoint.dspName}</h3>
      {problem && <ErrorMessage>{problem}</ErrorMessage>}
      <Field id={`${id}-kind`} label="Kind">
        {(control) => (
          <select {...control} value={kind} onChange={(e) => setKind(e.target.value as 'LOCAL' | 'SFTP')}>
            {(['LOCAL', 'SFTP'] as const).map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${id}-dpid`} label="Recipient DDEX Party Id">
        {(control) => <input {...control} value={dpid} onChange={(e) => setDpid(e.target.value)} autoComplete="off" />}
      </Field>
      {kind === 'SFTP' && (
        <>
          <Field id={`${id}-host`} label="Host">
            {(control) => <input {...control} value={host} onChange={(e) => setHost(e.target.value)} autoComplete="off" aria-required />}
          </Field>
          <Field id={`${id}-port`} label="Port">
            {(control) => <input {...control} inputMode="numeric" value={port} onChange={(e) => setPort(e.target.value)} autoComplete="off" />}
          </Field>
          <Field id={`${id}-user`} label="User">
            {(control) => <input {...control} value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="off" aria-required />}
          </Field>
          <Field
            id={`${id}-key`}
            label="Private key (OpenSSH)"
            hint={`${endpoint.hasSecret ? 'A key is stored; leave this empty to keep it.' : 'No key is stored yet.'} The key is never shown again.`}
          >
            {(control) => <textarea {...control} rows={3} value={key} onChange={(e) => setKey(e.target.value)} />}
          </Field>
        </>
      )}
      <Field id={`${id}-path`} label={kind === 'SFTP' ? 'Folder on the server' : 'Local folder'}>
        {(control) => <input {...control} value={path} onChange={(e) => setPath(e.target.value)} autoComplete="off" />}
      </Field>
      <Button type="submit" disabled={saving.loading}>
        Save endpoint
      </Button>
    </form>
  );
}

/** Preloads the endpoints and the viewer's ability with the navigation (the cached list at once, then the server's). */
export async function loader() {
  const preloadQuery = appPreloader();
  return { endpoints: await preloadQuery.toPromise(preloadQuery(StoreEndpointsQuery, { fetchPolicy: 'cache-and-network', errorPolicy: 'all' })) };
}

/** Issue 14 (admins): where each store's deliveries go: list per DSP, change, remove (back to the default local folder). */
export default function StoreEndpointsPage() {
  const titleId = useId();
  const [editing, setEditing] = useState<number | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { data, error } = useReadQuery(usePreloaded<typeof loader>().endpoints);
  const [remove, removing] = useMutation(RemoveStoreEndpointMutation, { refetchQueries: [StoreEndpointsQuery] });
  const admin = data?.consoleAbilities.manageStoreEndpoints ?? false;

  const onRemove = async (e: Endpoint) => {
    setProblem(null);
    try {
      await remove({ variables: { input: { dspId: e.dspId } } });
      setDone(`Removed the endpoint of ${e.dspName}: its deliveries go to the local folder.`);
    } catch (failure) {
      setProblem(graphqlErrorInfo(failure).message);
    }
  };

  return (
    <section className="page store-endpoints" aria-labelledby={titleId}>
      <StaffNav admin={admin} />
      <h1 id={titleId}>Store endpoints</h1>
      {error && <ErrorMessage>{graphqlErrorInfo(error).code === 'FORBIDDEN' ? 'Only administrators can manage store endpoints.' : graphqlErrorInfo(error).message}</ErrorMessage>}
      {problem && <ErrorMessage>{problem}</ErrorMessage>}
      <div role="status">{done}</div>
      {data && (
        <ul className="store-endpoints__list">
          {data.storeEndpoints.map((e) => (
            <li key={e.dspId}>
              <h2>{e.dspName}</h2>
              <p>
                {e.isDefault ? 'Default: ' : `${e.kind === 'LOCAL' ? 'Local folder' : e.kind}: `}
                <span className="store-endpoints__where">{where(e)}</span>
                {e.enabled ? '' : ' (disabled)'}
              </p>
              <Button variant="secondary" aria-expanded={editing === e.dspId} onClick={() => setEditing(editing === e.dspId ? null : e.dspId)} aria-label={`Change the endpoint of ${e.dspName}`}>
                Change
              </Button>{' '}
              {!e.isDefault && (
                <Button variant="danger" disabled={removing.loading} onClick={() => void onRemove(e)} aria-label={`Remove the endpoint of ${e.dspName}`}>
                  Remove
                </Button>
              )}
              {editing === e.dspId && (
                <EndpointForm
                  endpoint={e}
                  onDone={(message) => {
                    setEditing(null);
                    setDone(message);
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
