import { TEXT_LIMITS } from '@cadence/domain/text-limits';
import { formatUsDate } from '@cadence/domain/date-string';
import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState } from 'react';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { Spinner } from '../../../ui/Spinner';
import { graphqlErrorInfo } from '../../../lib/graphql-errors';
import { ApiTokensQuery, CreateApiTokenMutation, RevokeApiTokenMutation } from './settings.graphql';
import { TableRegion } from '../../../ui/TableRegion';

/** The house date (MM/dd/yyyy), or a dash. */
const day = (value: string | null | undefined) => (value ? (formatUsDate(value) ?? value.slice(0, 10)) : '—');

/** Issue 4: personal API tokens for partners and tools; the secret is shown once, with a copy button. */
export function ApiTokens({ disabled = false }: { disabled?: boolean }) {
  const nameId = useId();
  const { data, loading, error } = useQuery(ApiTokensQuery);
  const [create, { loading: creating }] = useMutation(CreateApiTokenMutation, { refetchQueries: [ApiTokensQuery] });
  const [revoke] = useMutation(RevokeApiTokenMutation);
  const [name, setName] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const tokens = (data?.apiTokens ?? []).filter((t) => !t.revokedAt);

  const onCreate = async () => {
    setFailure(null);
    setCopied(false);
    try {
      const result = await create({ variables: { name: name.trim() } });
      setSecret(result.data?.createApiToken.token ?? null);
      setName('');
    } catch (e) {
      setFailure(graphqlErrorInfo(e).message);
    }
  };

  return (
    <div className="api-tokens">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void onCreate();
        }}
        aria-label="Create an API token"
      >
        <div className="field">
          <label htmlFor={nameId}>Token name</label>
          <input id={nameId} value={name} onChange={(e) => setName(e.target.value)} maxLength={TEXT_LIMITS.label} disabled={disabled} />
        </div>
        <button className="button" type="submit" disabled={disabled || creating || name.trim() === ''}>
          Create token
        </button>
      </form>
      {failure && <ErrorMessage>{failure}</ErrorMessage>}
      {secret && (
        <div className="api-tokens__secret" role="status">
          <p>Copy your new token now: it will not be shown again.</p>
          <code data-testid="api-token-secret">{secret}</code>{' '}
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              void navigator.clipboard?.writeText(secret).then(() => setCopied(true));
            }}
          >
            {copied ? 'Copied' : 'Copy'}
          </button>
        </div>
      )}
      {loading && <Spinner label="Loading your tokens" />}
      {error && <ErrorMessage>{graphqlErrorInfo(error).message}</ErrorMessage>}
      {tokens.length > 0 ? (
        <TableRegion label="Your API tokens">
        <table>
          <caption>Your API tokens</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Starts with</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tokens.map((token) => (
              <tr key={token.id}>
                <td>{token.name}</td>
                <td>
                  <code>{token.prefix}…</code>
                </td>
                <td>{day(token.createdAt)}</td>
                <td>{day(token.lastUsedAt)}</td>
                <td>
                  <button type="button" className="button button--danger button--small" disabled={disabled} aria-label={`Revoke ${token.name}`} onClick={() => void revoke({ variables: { id: token.id } }).catch((e: unknown) => setFailure(graphqlErrorInfo(e).message))}>
                    Revoke
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        </TableRegion>
      ) : (
        !loading && <p>You have no API tokens.</p>
      )}
    </div>
  );
}
