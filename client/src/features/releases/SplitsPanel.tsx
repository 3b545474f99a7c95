import { useMutation, useQuery } from '@apollo/client/react';
import { downloads } from '../../lib/rest';
import { useState, type FormEvent } from 'react';
import { formatShare, parseShare, SPLIT_TOTAL_BPS } from '@cadence/domain/splits';
import { graphql } from '../../gql';
import { graphqlErrorInfo } from '../../lib/graphql-errors';
import { Button, ButtonRow } from '../../ui/Button';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Field } from '../../ui/Field';
import { Table } from '../../ui/Table';
import './splits.css';

export const SplitsPanelQuery = graphql(`
  query SplitsPanel($id: ID!) {
    release(id: $id) {
      id
      tracks {
        id
        title
      }
      splits {
        releaseId
        viewerIsOwner
        current {
          id
          trackId
          version
          ownerBasisPoints
          parties {
            collaboratorId
            email
            basisPoints
            status
          }
        }
        versions {
          id
          trackTitle
          version
          effectiveFrom
          ownerBasisPoints
          parties {
            collaboratorId
            email
            basisPoints
            status
          }
        }
        collaborators {
          id
          email
          status
          accrued
        }
      }
    }
  }
`);

const SetSplits = graphql(`
  mutation SetReleaseSplits($input: SetReleaseSplitsInput!) {
    setReleaseSplits(input: $input) {
      splits {
        releaseId
      }
    }
  }
`);

interface Row {
  key: number;
  email: string;
  share: string;
}

const STATUS_LABEL: Record<string, string> = { INVITED: 'Invited', ACCEPTED: 'Accepted', DECLINED: 'Declined' };

/**
 * The release page's Splits panel (owner): choose the release or one track, edit collaborators by
 * email and share, save a new version; see each collaborator's status and what they accrued, every
 * version, and download the split sheet. Errors are announced next to the field they concern.
 */
export function SplitsPanel({ releaseId }: { releaseId: string }) {
  const { data, refetch } = useQuery(SplitsPanelQuery, { variables: { id: releaseId }, skip: !releaseId, errorPolicy: 'all' });
  const [save, { loading }] = useMutation(SetSplits);
  const [scope, setScope] = useState('');
  const [rows, setRows] = useState<Row[] | null>(null);
  const [nextKey, setNextKey] = useState(1);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const release = data?.release;
  const splits = release?.splits;
  if (!release || !splits?.viewerIsOwner) return null;

  const current = splits.current.find((v) => (v.trackId ?? '') === scope);
  const shown: Row[] = rows ?? (current?.parties ?? []).map((p, i) => ({ key: -1 - i, email: p.email, share: formatShare(p.basisPoints).replace('%', '') }));
  const statusOf = new Map(splits.collaborators.map((c) => [c.email, c]));
  const total = shown.reduce((a, r) => a + (parseShare(r.share) ?? 0), 0);

  const change = (key: number, patch: Partial<Row>) => setRows(shown.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const pickScope = (value: string) => {
    setScope(value);
    setRows(null);
    setErrors({});
    setMessage(null);
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    setMessage(null);
    setStatus('');
    const local: Record<string, string> = {};
    const shares = shown.map((r, i) => {
      const bps = parseShare(r.share);
      if (bps === null) local[`shares.${i}.basisPoints`] = 'Enter a percentage such as 30 or 12.5';
      return { email: r.email.trim(), basisPoints: bps ?? 0 };
    });
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    try {
      await save({ variables: { input: { releaseId, trackId: scope || null, shares, version: current?.version ?? 0 } } });
      setRows(null);
      await refetch();
      setStatus('Splits saved. New collaborators were emailed an invitation.');
    } catch (err) {
      const info = graphqlErrorInfo(err);
      const byField: Record<string, string> = {};
      for (const f of info.fieldErrors) byField[f.field] ??= f.message;
      setErrors(byField);
      setMessage(info.fieldErrors.length ? 'The splits were not saved: fix the marked fields.' : info.message);
    }
  }

  return (
    <section className="page splits-panel" aria-labelledby="splits-title">
      <h2 id="splits-title">Splits</h2>
      <p>Share what this release earns with collaborators by email. They accrue from the first sale after you save, even without an account; you keep the rest.</p>
      <form aria-labelledby="splits-title" onSubmit={onSubmit} noValidate>
        <Field id="splits-scope" label="Split applies to">
          {(control) => (
            <select {...control} value={scope} onChange={(e) => pickScope(e.target.value)}>
              <option value="">The whole release</option>
              {release.tracks.map((t) => (
                <option key={t.id} value={t.id}>
                  Track: {t.title}
                </option>
              ))}
            </select>
          )}
        </Field>
        {shown.length === 0 && <p>No collaborators: you keep 100%.</p>}
        <ul className="splits-panel__rows">
          {shown.map((r, i) => {
            const emailError = errors[`shares.${i}.email`];
            const shareError = errors[`shares.${i}.basisPoints`];
            const known = statusOf.get(r.email.trim().toLowerCase());
            return (
              <li key={r.key} className="splits-panel__row">
                <Field id={`split-email-${r.key}`} label={`Collaborator ${i + 1} email`} error={emailError}>
                  {(control) => <input {...control} type="email" autoComplete="off" value={r.email} onChange={(e) => change(r.key, { email: e.target.value })} />}
                </Field>
                <Field id={`split-share-${r.key}`} label={`Collaborator ${i + 1} share (%)`} error={shareError} className="splits-panel__share">
                  {(control) => <input {...control} inputMode="decimal" value={r.share} onChange={(e) => change(r.key, { share: e.target.value })} />}
                </Field>
                <p className="splits-panel__state">
                  {known ? `${STATUS_LABEL[known.status] ?? known.status}, accrued $${known.accrued}` : 'Not saved yet'}
                </p>
                <Button variant="link" size="small" onClick={() => setRows(shown.filter((x) => x.key !== r.key))}>
                  Remove<span className="visually-hidden"> collaborator {i + 1}</span>
                </Button>
              </li>
            );
          })}
        </ul>
        <p>You keep {total <= SPLIT_TOTAL_BPS ? formatShare(SPLIT_TOTAL_BPS - total) : '0%'}.</p>
        {errors.shares && <ErrorMessage>{errors.shares}</ErrorMessage>}
        {message && <ErrorMessage>{message}</ErrorMessage>}
        <ButtonRow>
          <Button
            variant="secondary"
            onClick={() => {
              setRows([...shown, { key: nextKey, email: '', share: '' }]);
              setNextKey(nextKey + 1);
            }}
          >
            Add collaborator
          </Button>
          <Button type="submit" disabled={loading}>
            Save splits
          </Button>
        </ButtonRow>
        <p role="status" aria-live="polite">
          {status}
        </p>
      </form>
      {splits.versions.length > 0 && (
        <>
          <Table
            caption="Split versions"
            head={
              <>
                <th scope="col">Version</th>
                <th scope="col">Applies to</th>
                <th scope="col">From</th>
                <th scope="col">Parties</th>
              </>
            }
          >
            {splits.versions.map((v) => (
              <tr key={v.id}>
                <td>{v.version}</td>
                <td>{v.trackTitle ?? 'Whole release'}</td>
                <td>{v.effectiveFrom}</td>
                <td>{[`You ${formatShare(v.ownerBasisPoints)}`, ...v.parties.map((p) => `${p.email} ${formatShare(p.basisPoints)} (${STATUS_LABEL[p.status] ?? p.status})`)].join(', ')}</td>
              </tr>
            ))}
          </Table>
          <a href={downloads.splitsCsv(releaseId)} download>
            Download split sheet (CSV)
          </a>
        </>
      )}
    </section>
  );
}
