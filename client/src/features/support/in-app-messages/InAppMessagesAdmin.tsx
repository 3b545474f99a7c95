import type { FragmentType } from '@apollo/client';
import { useFragment, useMutation, useQuery } from '@apollo/client/react';
import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { Spinner } from '../../../ui/Spinner';
import { graphql } from '../../../gql';
import type { InAppMessageRow_MessageFragment } from '../../../gql/graphql';
import { fieldErrorsByName, graphqlErrorInfo } from '../../../lib/graphql-errors';
import { AllInAppMessagesQuery, CreateInAppMessageMutation, DeleteInAppMessageMutation, UpdateInAppMessageMutation } from './in-app-admin.graphql';
import { EMPTY_VALUES, flagLabels, fromMessage, scheduleStatus, toCreateInput, toUpdateInput, type InAppMessageFormValues } from './in-app-message-form';
import { wireTypeOf } from '@cadence/domain/in-app-message-input';
import { InAppMessageForm } from './InAppMessageForm';
import './in-app-admin.css';
import { Table } from '../../../ui/Table';

/** One message as its row shows it and hands it to the edit form (every field the form edits). */
const InAppMessageRowFragment = graphql(`
  fragment InAppMessageRow_message on InAppMessage {
    id
    type
    headline
    bodyText
    ctaBtn {
      text
      url
      isNewTab
    }
    disableCloseBtn
    delay
    pages
    devices
    startDate
    endDate
    force
    isStandAlone
    isDisplayAlways
    audience
  }
`);

type Editing = { mode: 'new' } | { mode: 'edit'; message: InAppMessageRow_MessageFragment } | null;

/** Turns a failed call into final-form submission errors: the API's field errors plus its message. */
function submissionErrors(failure: unknown): SubmissionErrors {
  const info = graphqlErrorInfo(failure);
  return { ...fieldErrorsByName(info), [FORM_ERROR]: info.message };
}

const formatDate = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');

/**
 * Supporting §3/§4 in-app messages for support staff: every message with how often it was shown
 * (triggered) and clicked, a form to write or change one, and archiving after a confirmation
 * (archived messages keep their statistics).
 */
export function InAppMessagesAdmin() {
  const { data, loading, error, refetch } = useQuery(AllInAppMessagesQuery, { fetchPolicy: 'cache-and-network' });
  const [createMessage] = useMutation(CreateInAppMessageMutation);
  const [updateMessage] = useMutation(UpdateInAppMessageMutation);
  const [deleteMessage] = useMutation(DeleteInAppMessageMutation);
  const [editing, setEditing] = useState<Editing>(null);
  const [confirmingId, setConfirmingId] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [archiveError, setArchiveError] = useState<string | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);

  const refocusNew = useRef(false);

  useEffect(() => {
    if (confirmingId) confirmButton.current?.focus();
  }, [confirmingId]);

  // When the form closes, focus returns to the button that opens it rather than to the page's start.
  useEffect(() => {
    if (editing || !refocusNew.current) return;
    refocusNew.current = false;
    newButton.current?.focus();
  }, [editing]);

  const messages = data?.allInAppMessages ?? [];
  const stats = new Map((data?.inAppMessageStats ?? []).map((s) => [s.messageId, s]));

  const closeForm = () => {
    refocusNew.current = true;
    setEditing(null);
  };

  const onSubmit = async (values: InAppMessageFormValues): Promise<SubmissionErrors | undefined> => {
    try {
      if (editing?.mode === 'edit') await updateMessage({ variables: { input: toUpdateInput(editing.message.id, values) } });
      else await createMessage({ variables: { input: toCreateInput(values) } });
    } catch (failure) {
      return submissionErrors(failure);
    }
    setNotice(editing?.mode === 'edit' ? 'The message was saved.' : 'The message was created.');
    closeForm();
    void refetch();
    return undefined;
  };

  const onArchive = async (id: string) => {
    setArchiveError(null);
    try {
      await deleteMessage({ variables: { input: { id } } });
      setConfirmingId(null);
      setNotice('The message was archived.');
      void refetch();
    } catch (failure) {
      setArchiveError(graphqlErrorInfo(failure).message);
    }
  };

  return (
    <div className="in-app-admin">
      <p role="status">{notice}</p>
      {editing ? (
        <InAppMessageForm
          key={editing.mode === 'edit' ? editing.message.id : 'new'}
          title={editing.mode === 'edit' ? 'Edit in-app message' : 'New in-app message'}
          submitLabel={editing.mode === 'edit' ? 'Save message' : 'Create message'}
          initialValues={editing.mode === 'edit' ? fromMessage(editing.message) : EMPTY_VALUES}
          onSubmit={onSubmit}
          onCancel={closeForm}
        />
      ) : (
        <button
          ref={newButton}
          type="button"
          className="button"
          onClick={() => {
            setNotice(null);
            setEditing({ mode: 'new' });
          }}
        >
          New message
        </button>
      )}
      {loading && !data && <Spinner label="Loading in-app messages" />}
      {error && <ErrorMessage>{graphqlErrorInfo(error).message}</ErrorMessage>}
      {archiveError && <ErrorMessage>{archiveError}</ErrorMessage>}
      {data && messages.length === 0 && <p>No in-app messages yet.</p>}
      {messages.length > 0 && (
        <Table caption="In-app messages" columns={['Type', 'Headline', 'Start date', 'Status', 'Flags', 'Triggered', 'Clicked', { label: 'Actions', hidden: true }]}>
          {messages.map((m) => (
            <InAppMessageRow
              key={m.id}
              message={m}
              stat={stats.get(m.id)}
              confirming={confirmingId === m.id}
              confirmButton={confirmButton}
              onConfirm={() => setConfirmingId(m.id)}
              onKeep={() => setConfirmingId(null)}
              onArchive={() => void onArchive(m.id)}
              onEdit={(message) => {
                setNotice(null);
                setEditing({ mode: 'edit', message });
              }}
            />
          ))}
        </Table>
      )}
    </div>
  );
}

interface InAppMessageRowProps {
  /** The list's message, masked: the row reads its own fragment from the cache. */
  message: FragmentType<InAppMessageRow_MessageFragment>;
  stat: { triggered: number; clicked: number } | undefined;
  /** Asking "Archive this message?" in this row. */
  confirming: boolean;
  confirmButton: RefObject<HTMLButtonElement | null>;
  onConfirm: () => void;
  onKeep: () => void;
  onArchive: () => void;
  onEdit: (message: InAppMessageRow_MessageFragment) => void;
}

/** One message: type, headline, schedule, flags, its counts, and Edit / Archive (after a confirmation). */
function InAppMessageRow({ message: from, stat, confirming, confirmButton, onConfirm, onKeep, onArchive, onEdit }: InAppMessageRowProps) {
  const { data: m, complete } = useFragment({ fragment: InAppMessageRowFragment, from });
  if (!complete) return null;
  const name = m.headline ?? `${wireTypeOf(m.type)} ${m.id}`;
  return (
    <tr>
      <td>{wireTypeOf(m.type)}</td>
      <td>{m.headline ?? ''}</td>
      <td>{formatDate(m.startDate)}</td>
      <td>
        {scheduleStatus(m)}
        {m.endDate ? ` (until ${formatDate(m.endDate)})` : ''}
      </td>
      <td>{flagLabels(m).join(', ')}</td>
      <td>{stat?.triggered ?? 0}</td>
      <td>{stat?.clicked ?? 0}</td>
      <td>
        {confirming ? (
          <span role="group" aria-label={`Archive ${name}?`}>
            <span>Archive this message? It stops showing; its counts are kept.</span>{' '}
            <button ref={confirmButton} type="button" className="button button--small" onClick={onArchive}>
              Yes, archive
            </button>{' '}
            <button type="button" className="button button--small button--secondary" onClick={onKeep}>
              Keep it
            </button>
          </span>
        ) : (
          <>
            <button type="button" className="button button--small" aria-label={`Edit ${name}`} onClick={() => onEdit(m)}>
              Edit
            </button>{' '}
            <button type="button" className="button button--small" aria-label={`Archive ${name}`} onClick={onConfirm}>
              Archive
            </button>
          </>
        )}
      </td>
    </tr>
  );
}
