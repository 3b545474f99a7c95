import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { validateTransferIsrc, validateTransferUpc, TRANSFER_KEEP_LIVE_NOTICE } from '@cadence/domain/transfer';
import { graphql } from '../../gql';
import { Checkbox, Field } from '../../ui/Field';
import { Button } from '../../ui/Button';

export const ReleaseTransferQuery = graphql(`
  query ReleaseTransfer($id: ID!) {
    release(id: $id) {
      id
      status
      transfer {
        previousDistributor
        liveStores
        review
        notice
      }
    }
  }
`);

export const SubmitTransferMutation = graphql(`
  mutation SubmitTransfer($input: SubmitTransferInput!) {
    submitTransfer(input: $input) {
      release {
        id
        version
        status
        displayStatus
        upc
        originalReleaseDate
        viewerCan {
          edit
          delete
          takedown
          viewTracks
        }
        tracks {
          id
          isrc
        }
        transfer {
          previousDistributor
          liveStores
          review
          notice
        }
      }
    }
  }
`);

const REVIEW_TEXT: Record<string, string> = {
  PENDING: 'Waiting for us to confirm the transfer.',
  CODE_CONFLICT: 'Our team is checking the codes: one of them is already known to us.',
  APPROVED: 'Confirmed: the release is on its way to the stores with its original codes.',
};

interface Props {
  releaseId: string;
  version: number;
  editable: boolean;
  tracks: readonly { id: string; title: string; isrc?: string | null }[];
  onDone: () => void;
}

/** "This release is already in stores": its existing codes, original date and previous distributor, submitted as a transfer. */
export function TransferPanel({ releaseId, version, editable, tracks, onDone }: Props) {
  const { data } = useQuery(ReleaseTransferQuery, { variables: { id: releaseId } });
  const [submit, { loading }] = useMutation(SubmitTransferMutation);
  const [open, setOpen] = useState(false);
  const [upc, setUpc] = useState('');
  const [date, setDate] = useState('');
  const [distributor, setDistributor] = useState('');
  const [stores, setStores] = useState('');
  const [isrcs, setIsrcs] = useState<Record<string, string>>(() => Object.fromEntries(tracks.map((t) => [t.id, t.isrc ?? ''])));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const transfer = data?.release?.transfer;

  if (transfer) {
    return (
      <section className="transfer-panel" aria-labelledby="transfer-title">
        <h2 id="transfer-title">Transfer from {transfer.previousDistributor}</h2>
        <p role="status">{transfer.notice}</p>
        <p>{REVIEW_TEXT[transfer.review] ?? transfer.review}</p>
        {transfer.liveStores.length > 0 && <p>Live at: {transfer.liveStores.join(', ')}</p>}
      </section>
    );
  }
  if (!editable || data?.release?.status !== 'NOT_COMPLETED') return null;

  const onSubmit = async () => {
    const next: Record<string, string> = {};
    const upcError = validateTransferUpc(upc);
    if (upcError) next.upc = upcError.message;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) next.date = 'Give the original release date';
    if (!distributor.trim()) next.distributor = 'Name your previous distributor';
    for (const t of tracks) {
      const e = validateTransferIsrc(isrcs[t.id]);
      if (e) next[`isrc-${t.id}`] = e.message;
    }
    setErrors(next);
    if (Object.keys(next).length) return;
    setFailure(null);
    try {
      await submit({
        variables: {
          input: {
            releaseId,
            version,
            upc,
            originalReleaseDate: date,
            previousDistributor: distributor,
            liveStores: stores.split(',').map((s) => s.trim()).filter(Boolean),
            tracks: tracks.map((t) => ({ trackId: t.id, isrc: isrcs[t.id] ?? '' })),
          },
        },
      });
      onDone();
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <section className="transfer-panel" aria-labelledby="transfer-title">
      <h2 id="transfer-title" className="visually-hidden">
        Transfer
      </h2>
      <Checkbox id="transfer-in-stores" label="This release is already in stores" checked={open} onChange={setOpen} />
      {open && (
        <div className="transfer-panel__form">
          <p>{TRANSFER_KEEP_LIVE_NOTICE}</p>
          <Field id="transfer-upc" label="Existing UPC/EAN" error={errors.upc}>
            {(p) => <input {...p} inputMode="numeric" autoComplete="off" value={upc} onChange={(e) => setUpc(e.target.value)} />}
          </Field>
          <Field id="transfer-date" label="Original release date" error={errors.date}>
            {(p) => <input {...p} type="date" value={date} onChange={(e) => setDate(e.target.value)} />}
          </Field>
          <Field id="transfer-distributor" label="Previous distributor" error={errors.distributor}>
            {(p) => <input {...p} value={distributor} onChange={(e) => setDistributor(e.target.value)} />}
          </Field>
          <Field id="transfer-stores" label="Where it is live" hint="Store names, separated by commas">
            {(p) => <input {...p} value={stores} onChange={(e) => setStores(e.target.value)} />}
          </Field>
          {tracks.map((t, i) => (
            <Field key={t.id} id={`transfer-isrc-${t.id}`} label={`ISRC of track ${i + 1} (${t.title})`} error={errors[`isrc-${t.id}`]}>
              {(p) => <input {...p} autoComplete="off" value={isrcs[t.id] ?? ''} onChange={(e) => setIsrcs({ ...isrcs, [t.id]: e.target.value })} />}
            </Field>
          ))}
          {failure && (
            <p className="field__error" role="alert">
              {failure}
            </p>
          )}
          <Button disabled={loading} onClick={() => void onSubmit()}>
            Submit as a transfer
          </Button>
        </div>
      )}
    </section>
  );
}
