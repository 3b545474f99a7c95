import type { FragmentType } from '@apollo/client';
import { useFragment, useMutation, useQuery } from '@apollo/client/react';
import { useId, useState } from 'react';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { Spinner } from '../../../ui/Spinner';
import { Checkbox, Field } from '../../../ui/Field';
import { Table } from '../../../ui/Table';
import { graphqlErrorInfo } from '../../../lib/graphql-errors';
import { graphql } from '../../../gql';
import type { WebhookEndpointRow_EndpointFragment, WebhookEventType } from '../../../gql/graphql';
import { CreateWebhookEndpointMutation, DeleteWebhookEndpointMutation, RedeliverWebhookMutation, UpdateWebhookEndpointMutation, WebhookEndpointsQuery } from './settings.graphql';
import { Button, ButtonRow } from '../../../ui/Button';

/** The events an endpoint can subscribe to, as the form offers them (the server's WebhookEventType enum). */
export const EVENT_CHOICES: { value: WebhookEventType; label: string }[] = [
  { value: 'RELEASE_STATUS_CHANGED', label: 'Release status changes (release.status_changed)' },
  { value: 'DELIVERY_STATUS_CHANGED', label: 'Store delivery status (delivery.status_changed)' },
  { value: 'SALES_POSTED', label: 'Sales posted to the account (sales.posted)' },
  { value: 'WITHDRAWAL_STATUS_CHANGED', label: 'Withdrawal status (withdrawal.status_changed)' },
];
const eventText = (e: string) => e.toLowerCase().replace('_', '.');

/** What one endpoint's section shows, with its delivery log. */
const WebhookEndpointRowFragment = graphql(`
  fragment WebhookEndpointRow_endpoint on WebhookEndpoint {
    id
    url
    events
    description
    enabled
    disabledReason
    deliveries(first: 20) {
      id
      eventId
      eventType
      status
      attempts
      responseStatus
      error
      createdAt
    }
  }
`);

interface WebhookEndpointRowProps {
  /** The list's endpoint, masked: the section reads its own fragment from the cache. */
  endpoint: FragmentType<WebhookEndpointRow_EndpointFragment>;
  disabled: boolean;
  onToggle: (id: string, enabled: boolean) => void;
  onRefresh: () => void;
  onRemove: (id: string) => void;
  onRedeliver: (deliveryId: string) => void;
}

/** One endpoint: its events, enable/disable, remove, and the delivery log with redeliver. */
function WebhookEndpointRow({ endpoint: from, disabled, onToggle, onRefresh, onRemove, onRedeliver }: WebhookEndpointRowProps) {
  const { data: endpoint, complete } = useFragment({ fragment: WebhookEndpointRowFragment, from });
  if (!complete) return null;
  return (
    <section className="webhooks__endpoint" aria-label={`Endpoint ${endpoint.url}`}>
      <h3>
        <code>{endpoint.url}</code> {endpoint.enabled ? '(enabled)' : '(disabled)'}
      </h3>
      <p>Events: {endpoint.events.map(eventText).join(', ')}</p>
      {endpoint.disabledReason && <p>{endpoint.disabledReason}</p>}
      <ButtonRow>
        <Button size="small" disabled={disabled} onClick={() => onToggle(endpoint.id, !endpoint.enabled)}>
          {endpoint.enabled ? 'Disable' : 'Enable'}
        </Button>
        <Button size="small" onClick={() => onRefresh()}>
          Refresh log
        </Button>
        <Button variant="danger" size="small" disabled={disabled} aria-label={`Remove ${endpoint.url}`} onClick={() => onRemove(endpoint.id)}>
          Remove
        </Button>
      </ButtonRow>
      {endpoint.deliveries.length === 0 ? (
        <p>No deliveries yet.</p>
      ) : (
        <Table caption="Delivery log" region={`Deliveries to ${endpoint.url}`} columns={['Event', 'Event id', 'Status', 'Response', 'Attempts', { label: 'Actions', hidden: true }]}>
          {endpoint.deliveries.map((d) => (
            <tr key={d.id}>
              <td>{eventText(d.eventType)}</td>
              <td>
                <code>{d.eventId}</code>
              </td>
              <td>{d.status}</td>
              <td>{d.responseStatus ?? d.error ?? '—'}</td>
              <td>{d.attempts}</td>
              <td>
                <Button
                  size="small"
                  disabled={disabled || !endpoint.enabled}
                  aria-label={`Redeliver ${d.eventId}`}
                  onClick={() => onRedeliver(d.id)}
                >
                  Redeliver
                </Button>
              </td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}

/** Issue 18: webhook endpoints with their signing secret (shown once) and delivery log with redeliver. */
export function Webhooks({ disabled = false }: { disabled?: boolean }) {
  const urlId = useId();
  const { data, loading, error, refetch } = useQuery(WebhookEndpointsQuery);
  const [create, { loading: creating }] = useMutation(CreateWebhookEndpointMutation, { refetchQueries: [WebhookEndpointsQuery] });
  const [update] = useMutation(UpdateWebhookEndpointMutation);
  const [remove] = useMutation(DeleteWebhookEndpointMutation, { refetchQueries: [WebhookEndpointsQuery] });
  const [redeliver] = useMutation(RedeliverWebhookMutation);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['RELEASE_STATUS_CHANGED']);
  const [secret, setSecret] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const endpoints = data?.webhookEndpoints ?? [];
  const fail = (e: unknown) => setFailure(graphqlErrorInfo(e).message);

  const onCreate = async () => {
    setFailure(null);
    try {
      const result = await create({ variables: { input: { url: url.trim(), events } } });
      setSecret(result.data?.createWebhookEndpoint.secret ?? null);
      setUrl('');
    } catch (e) {
      fail(e);
    }
  };

  return (
    <div className="webhooks">
      <p>
        We POST signed JSON events to your endpoints (Standard Webhooks: check <code>webhook-signature</code> with your secret; <code>webhook-id</code> is the event id, the
        same on every retry). Failed deliveries are retried with growing pauses; an endpoint failing for days is disabled and we mail you.
      </p>
      <form
        aria-label="Add a webhook endpoint"
        onSubmit={(event) => {
          event.preventDefault();
          void onCreate();
        }}
      >
        <Field id={urlId} label="Endpoint URL">
          {(a) => <input {...a} type="url" value={url} onChange={(e) => setUrl(e.target.value)} maxLength={2000} placeholder="https://" disabled={disabled} />}
        </Field>
        <fieldset>
          <legend>Events</legend>
          {EVENT_CHOICES.map((choice) => (
            <Checkbox
              key={choice.value}
              id={`${urlId}-${choice.value}`}
              label={choice.label}
              checked={events.includes(choice.value)}
              disabled={disabled}
              onChange={(on) => setEvents((now) => (on ? [...now, choice.value] : now.filter((x) => x !== choice.value)))}
            />
          ))}
        </fieldset>
        <Button type="submit" disabled={disabled || creating || url.trim() === '' || events.length === 0}>
          Add endpoint
        </Button>
      </form>
      {failure && <ErrorMessage>{failure}</ErrorMessage>}
      {secret && (
        <div className="api-tokens__secret" role="status">
          <p>Copy the signing secret now: it will not be shown again.</p>
          <code data-testid="webhook-secret">{secret}</code>
        </div>
      )}
      {loading && <Spinner label="Loading your webhook endpoints" />}
      {error && <ErrorMessage>{graphqlErrorInfo(error).message}</ErrorMessage>}
      {!loading && endpoints.length === 0 && <p>You have no webhook endpoints.</p>}
      {endpoints.map((endpoint) => (
        <WebhookEndpointRow
          key={endpoint.id}
          endpoint={endpoint}
          disabled={disabled}
          onToggle={(id, enabled) => void update({ variables: { input: { id, enabled } } }).catch(fail)}
          onRefresh={() => void refetch()}
          onRemove={(id) => void remove({ variables: { input: { id } } }).catch(fail)}
          onRedeliver={(id) => void redeliver({ variables: { input: { id } } }).then(() => refetch()).catch(fail)}
        />
      ))}
    </div>
  );
}
