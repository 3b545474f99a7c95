/**
 * Staff import of a store report (issue 13): the file goes up as it is (CSV, TSV, DDEX DSR or gzip) and a
 * durable job imports it; the list shows each batch's progress (rows read, matched, unmatched,
 * posted) and refreshes while one is running.
 */
import { useEffect, useId, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { graphqlErrorInfo } from '../../../lib/graphql-errors';
import { ImportSalesReportMutation, SalesImportsQuery } from './sales-imports.graphql';
import { Table } from '../../../ui/Table';
import { SalesImportReview } from './SalesImportReview';
import { Button } from '../../../ui/Button';


function lastMonth(): string {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return d.toISOString().slice(0, 7);
}

const reportName = (b: { fileName?: string | null; source: string } | undefined) => (b ? (b.fileName ?? b.source) : 'the report');

const RUNNING = new Set(['PENDING', 'PROCESSING', 'IMPORTED']);

export function SalesImportPanel() {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [period, setPeriod] = useState(lastMonth());
  const [source, setSource] = useState('');
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [reviewing, setReviewing] = useState<string | null>(null);
  const list = useQuery(SalesImportsQuery, { fetchPolicy: 'cache-and-network' });
  const [importReport] = useMutation(ImportSalesReportMutation);
  const running = (list.data?.salesImports ?? []).some((b) => RUNNING.has(b.status));
  const { startPolling, stopPolling } = list;
  useEffect(() => {
    if (running) startPolling(1000);
    else stopPolling();
    return () => stopPolling();
  }, [running, startPolling, stopPolling]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!file) return setMessage({ kind: 'error', text: 'Choose a report file' });
    if (!source.trim()) return setMessage({ kind: 'error', text: 'Enter the store or source name' });
    setBusy(true);
    setMessage(null);
    try {
      const { data } = await importReport({ variables: { input: { file, period, source: source.trim() } } });
      const created = data?.importSalesReport.created ?? false;
      setMessage({ kind: 'ok', text: created ? 'Report received: the import has started.' : 'This report was already imported: nothing changed.' });
      await list.refetch();
    } catch (e) {
      setMessage({ kind: 'error', text: graphqlErrorInfo(e).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Sales reports</h2>
      <form onSubmit={submit} className="sales-import-form">
        <label>
          Report file (CSV, TSV, DDEX DSR or gzip)
          <input type="file" accept=".csv,.tsv,.txt,.gz" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </label>
        <label>
          Period
          <input type="month" value={period} required onChange={(e) => setPeriod(e.target.value)} />
        </label>
        <label>
          Source
          <input value={source} maxLength={100} placeholder="Spotify" onChange={(e) => setSource(e.target.value)} />
        </label>
        <Button type="submit" disabled={busy}>
          Import report
        </Button>
      </form>
      <p role={message?.kind === 'error' ? 'alert' : 'status'}>{message?.text}</p>
      <Table caption="Recent imports" columns={['File', 'Period', 'Status', 'Rows read', 'Matched', 'Unmatched', 'Rejected', 'Posted USD', 'Review']}>
        {(list.data?.salesImports ?? []).map((b) => (
          <tr key={b.id}>
            <td>{reportName(b)}</td>
            <td>{b.period}</td>
            <td>{b.error ? `${b.status}: ${b.error}` : b.status}</td>
            <td>{b.rowsRead}</td>
            <td>{b.rowsMatched}</td>
            <td>{b.rowsUnmatched}</td>
            <td>{b.rowsRejected}</td>
            <td>{(Number(b.postedCents) / 100).toFixed(2)}</td>
            <td>
              {(b.rowsUnmatched > 0 || b.rowsRejected > 0) && !RUNNING.has(b.status) && (
                <Button variant="link" aria-expanded={reviewing === b.id} aria-controls={`${id}-review`} onClick={() => setReviewing((r) => (r === b.id ? null : b.id))}>
                  {reviewing === b.id ? 'Hide' : 'Review'} {reportName(b)}
                </Button>
              )}
            </td>
          </tr>
        ))}
      </Table>
      <div id={`${id}-review`}>
        {reviewing && <SalesImportReview batchId={reviewing} name={reportName(list.data?.salesImports.find((b) => b.id === reviewing))} />}
      </div>
    </section>
  );
}
