/**
 * The review list of one imported report (issue 13): lines no track matched, each attached by
 * staff to a track (posted to its owner once) or left unclaimed, and the lines that could not be
 * read, with their line numbers.
 */
import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState } from 'react';
import { graphqlErrorInfo } from '../../../lib/graphql-errors';
import { Spinner } from '../../../ui/Spinner';
import { Table } from '../../../ui/Table';
import { AttachSalesLineMutation, LeaveSalesLineUnclaimedMutation, SalesImportReviewQuery, SalesImportsQuery } from './sales-imports.graphql';
import { Button } from '../../../ui/Button';

interface Props {
  batchId: string;
  /** The report's name, for headings and labels. */
  name: string;
}

export function SalesImportReview({ batchId, name }: Props) {
  const headingId = useId();
  const { data, loading } = useQuery(SalesImportReviewQuery, { variables: { batchId }, fetchPolicy: 'network-only' });
  const refetch = { refetchQueries: [SalesImportReviewQuery, SalesImportsQuery], awaitRefetchQueries: true };
  const [attach] = useMutation(AttachSalesLineMutation, refetch);
  const [leave] = useMutation(LeaveSalesLineUnclaimedMutation, refetch);
  const [trackIds, setTrackIds] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const lines = data?.salesImportReview ?? [];
  const errors = data?.salesImportErrors ?? [];

  async function act(lineId: string, done: string, run: () => Promise<unknown>) {
    setBusy(lineId);
    setMessage(null);
    try {
      await run();
      setMessage({ kind: 'ok', text: done });
    } catch (e) {
      setMessage({ kind: 'error', text: graphqlErrorInfo(e).message });
    } finally {
      setBusy(null);
    }
  }

  function attachLine(e: React.FormEvent, line: { id: string; lineNo: number }) {
    e.preventDefault();
    const trackId = (trackIds[line.id] ?? '').trim();
    if (!trackId) return setMessage({ kind: 'error', text: `Line ${line.lineNo}: enter the track ID to attach it to` });
    void act(line.id, `Line ${line.lineNo} was attached and posted to the track's owner.`, () => attach({ variables: { input: { lineId: line.id, trackId } } }));
  }

  return (
    <section aria-labelledby={headingId} className="sales-import-review">
      <h3 id={headingId}>Review: {name}</h3>
      <p role={message?.kind === 'error' ? 'alert' : 'status'}>{message?.text}</p>
      {loading && !data ? (
        <Spinner label="Loading the review list" />
      ) : lines.length === 0 ? (
        <p>No line is waiting for review.</p>
      ) : (
        <Table caption={`Lines waiting for review in ${name}`} columns={['Line', 'Service', 'Track', 'Codes', 'Units', 'Payable USD', 'Decision']}>
          {lines.map((line) => (
            <tr key={line.id}>
              <td>{line.lineNo}</td>
              <td>{line.serviceName}</td>
              <td>{[line.artistName, line.trackTitle].filter(Boolean).join(' – ') || '—'}</td>
              <td>{[line.isrc && `ISRC ${line.isrc}`, line.upc && `UPC ${line.upc}`, line.storeId && `store id ${line.storeId}`].filter(Boolean).join(', ')}</td>
              <td>{line.units}</td>
              <td>{line.payable}</td>
              <td>
                <form className="sales-import-review__decision" onSubmit={(e) => attachLine(e, line)}>
                  <label>
                    Track ID for line {line.lineNo}
                    <input value={trackIds[line.id] ?? ''} maxLength={36} onChange={(e) => setTrackIds((t) => ({ ...t, [line.id]: e.target.value }))} />
                  </label>
                  <Button type="submit" disabled={busy === line.id}>
                    Attach line {line.lineNo}
                  </Button>
                  <Button variant="secondary" disabled={busy === line.id} onClick={() => void act(line.id, `Line ${line.lineNo} was left unclaimed.`, () => leave({ variables: { input: { lineId: line.id } } }))}>
                    Leave line {line.lineNo} unclaimed
                  </Button>
                </form>
              </td>
            </tr>
          ))}
        </Table>
      )}
      {errors.length > 0 && (
        <>
          <h4>Lines that could not be read</h4>
          <ul aria-label={`Lines of ${name} that could not be read`}>
            {errors.map((e) => (
              <li key={e.lineNo}>{e.message}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
