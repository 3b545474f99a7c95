import { TEXT_LIMITS } from '@cadence/domain/text-limits';
import { formatUsDate } from '@cadence/domain/date-string';
import type { FragmentType } from '@apollo/client';
import { useFragment, useMutation, useQuery } from '@apollo/client/react';
import { useId, useState } from 'react';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { Spinner } from '../../../ui/Spinner';
import { graphqlErrorInfo } from '../../../lib/graphql-errors';
import { ApiTokensQuery, CreateApiTokenMutation, RevokeApiTokenMutation } from './settings.graphql';
import { Table } from '../../../ui/Table';
import { Checkbox, Field } from '../../../ui/Field';
import { graphql } from '../../../gql';
import type { ApiTokenRow_TokenFragment, ApiTokenScope } from '../../../gql/graphql';
import { Button } from '../../../ui/Button';

/** The scopes a token can carry, as the form offers them (the server's ApiTokenScope enum). */
export const SCOPE_CHOICES: { value: ApiTokenScope; label: string }[] = [
  { value: 'PROFILE_READ', label: 'Read the profile (profile:read)' },
  { value: 'RELEASES_READ', label: 'Read releases (releases:read)' },
  { value: 'RELEASES_WRITE', label: 'Change releases (releases:write)' },
  { value: 'SALES_READ', label: 'Read sales (sales:read)' },
  { value: 'MONEY_READ', label: 'Read balance and withdrawals (money:read)' },
  { value: 'WEBHOOKS_MANAGE', label: 'Manage webhooks (webhooks:manage)' },
];
const scopeText = (scope: string) => scope.toLowerCase().replace('_', ':');

/** The house date (MM/dd/yyyy), or a dash. */
const day = (value: string | null | undefined) => (value ? (formatUsDate(value) ?? value.slice(0, 10)) : '—');

/** What one row of the token table shows. */
const ApiTokenRowFragment = graphql(`
  fragment ApiTokenRow_token on ApiToken {
    id
    name
    prefix
    createdAt
    lastUsedAt
    lastUsedIp
    revokedAt
    expiresAt
    scopes
  }
`);

interface ApiTokenRowProps {
  /** The list's token, masked: the row reads its own fragment from the cache. */
  token: FragmentType<ApiTokenRow_TokenFragment>;
  disabled: boolean;
  onRevoke: (id: string) => void;
}

/** One token: name, prefix, scopes, expiry, last use and its revoke button. */
function ApiTokenRow({ token: from, disabled, onRevoke }: ApiTokenRowProps) {
  const { data: token, complete } = useFragment({ fragment: ApiTokenRowFragment, from });
  if (!complete) return null;
  return (
    <tr>
      <td>{token.name}</td>
      <td>
        <code>{token.prefix}…</code>
      </td>
      <td>{token.scopes.map(scopeText).join(', ')}</td>
      <td>{token.expiresAt ? day(token.expiresAt) : 'Never'}</td>
      <td>{token.lastUsedAt ? `${new Date(token.lastUsedAt).toLocaleString('en-US')}${token.lastUsedIp ? ` from ${token.lastUsedIp}` : ''}` : 'Never'}</td>
      <td>
        <Button variant="danger" size="small" disabled={disabled} aria-label={`Revoke ${token.name}`} onClick={() => onRevoke(token.id)}>
          Revoke
        </Button>
      </td>
    </tr>
  );
}

/** Issue 4: personal API tokens for partners and tools; the secret is shown once, with a copy button. */
export function ApiTokens({ disabled = false }: { disabled?: boolean }) {
  const nameId = useId();
  const { data, loading, error } = useQuery(ApiTokensQuery);
  const [create, { loading: creating }] = useMutation(CreateApiTokenMutation, { refetchQueries: [ApiTokensQuery] });
  const [revoke] = useMutation(RevokeApiTokenMutation);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>(['PROFILE_READ', 'RELEASES_READ']);
  const [expiresOn, setExpiresOn] = useState('');
  const expiryId = useId();
  const [secret, setSecret] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const tokens = (data?.apiTokens ?? []).filter((t) => !t.revokedAt);

  const onCreate = async () => {
    setFailure(null);
    setCopied(false);
    try {
      const result = await create({ variables: { input: { name: name.trim(), scopes, expiresAt: expiresOn ? new Date(`${expiresOn}T23:59:59Z`).toISOString() : null } } });
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
        <Field id={nameId} label="Token name">
          {(a) => <input {...a} value={name} onChange={(e) => setName(e.target.value)} maxLength={TEXT_LIMITS.label} disabled={disabled} />}
        </Field>
        <fieldset className="api-tokens__scopes">
          <legend>Scopes</legend>
          <p>A token can never withdraw money or change your password, email or tokens, whatever its scopes.</p>
          {SCOPE_CHOICES.map((choice) => (
            <Checkbox
              key={choice.value}
              id={`${nameId}-${choice.value}`}
              label={choice.label}
              checked={scopes.includes(choice.value)}
              disabled={disabled}
              onChange={(on) => setScopes((now) => (on ? [...now, choice.value] : now.filter((x) => x !== choice.value)))}
            />
          ))}
        </fieldset>
        <Field id={expiryId} label="Expires on (optional)">
          {(a) => <input {...a} type="date" value={expiresOn} onChange={(e) => setExpiresOn(e.target.value)} disabled={disabled} />}
        </Field>
        <Button type="submit" disabled={disabled || creating || name.trim() === '' || scopes.length === 0}>
          Create token
        </Button>
      </form>
      {failure && <ErrorMessage>{failure}</ErrorMessage>}
      {secret && (
        <div className="api-tokens__secret" role="status">
          <p>Copy your new token now: it will not be shown again.</p>
          <code data-testid="api-token-secret">{secret}</code>{' '}
          <Button
            size="small"
            onClick={() => {
              void navigator.clipboard?.writeText(secret).then(() => setCopied(true));
            }}
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
      )}
      {loading && <Spinner label="Loading your tokens" />}
      {error && <ErrorMessage>{graphqlErrorInfo(error).message}</ErrorMessage>}
      {tokens.length > 0 ? (
        <Table caption="Your API tokens" columns={['Name', 'Starts with', 'Scopes', 'Expires', 'Last used', { label: 'Actions', hidden: true }]}>
          {tokens.map((token) => (
            <ApiTokenRow key={token.id} token={token} disabled={disabled} onRevoke={(id) => void revoke({ variables: { input: { id } } }).catch((e: unknown) => setFailure(graphqlErrorInfo(e).message))} />
          ))}
        </Table>
      ) : (
        !loading && <p>You have no API tokens.</p>
      )}
    </div>
  );
}
