import { useMutation } from '@apollo/client/react';
import { useId, useRef, useState } from 'react';
import { graphql } from '../../../gql';
import type { PageHandle } from '../../../lib/page-meta';
import { graphqlErrorInfo } from '../../../lib/graphql-errors';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { Field } from '../../../ui/Field';
import { Table } from '../../../ui/Table';
import { StaffNav } from '../StaffNav';
import '../support.css';
import { Button } from '../../../ui/Button';

export const handle: PageHandle = {
  pageTitle: 'Import a roster | {appName}',
  pageDescription: "Create accounts for a label's artists from a spreadsheet; each gets a set-password email.",
};

export const ImportLabelRosterMutation = graphql(`
  mutation ImportLabelRoster($input: ImportLabelRosterInput!) {
    importLabelRoster(input: $input) {
      invited {
        line
        email
        userId
      }
      errors {
        line
        email
        message
      }
    }
  }
`);

/** A roster file is read in the browser and sent as text; the API takes up to this much. */
const ROSTER_MAX_BYTES = 2_000_000;

interface RowResult {
  line: number;
  email: string | null;
  invited: boolean;
  text: string;
}

/** The API's invited people and refused rows, as one list in the file's order. */
export function rosterRows(result: { invited: readonly { line: number; email: string }[]; errors: readonly { line: number; email?: string | null; message: string }[] }): RowResult[] {
  return [
    ...result.invited.map((r) => ({ line: r.line, email: r.email, invited: true, text: 'Invited: a set-password email is on its way' })),
    ...result.errors.map((r) => ({ line: r.line, email: r.email ?? null, invited: false, text: r.message })),
  ].sort((a, b) => a.line - b.line);
}

/**
 * Issue 23: staff import a label's roster, a CSV sheet of email, first_name, last_name, artist_names
 * (artist names separated by ;). Each new person gets an account and a set-password email, audited
 * as "user imported"; the result names every row by its line.
 */
export default function RosterImportPage() {
  const titleId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [rows, setRows] = useState<RowResult[] | null>(null);
  const [importRoster, { loading }] = useMutation(ImportLabelRosterMutation);

  const onImport = async () => {
    const file = fileRef.current?.files?.[0];
    const problem = !file ? 'Choose the roster (a CSV file)' : file.size > ROSTER_MAX_BYTES ? 'The roster is larger than 2 MB: split it into smaller files' : undefined;
    setFileError(problem);
    if (problem || !file) {
      fileRef.current?.focus();
      return;
    }
    setFailure(null);
    setRows(null);
    try {
      const { data } = await importRoster({ variables: { input: { csv: await file.text() } } });
      if (data) setRows(rosterRows(data.importLabelRoster));
    } catch (e) {
      setFailure(graphqlErrorInfo(e).message);
    }
  };

  const invited = rows?.filter((r) => r.invited).length ?? 0;
  const refused = (rows?.length ?? 0) - invited;

  return (
    <section className="page roster-import" aria-labelledby={titleId}>
      <StaffNav />
      <h1 id={titleId}>Import a label&apos;s roster</h1>
      <p>
        A CSV sheet with the header <code>email,first_name,last_name,artist_names</code>, one person a row; separate several artist names with <code>;</code>. Each new person gets an
        account and an email to set their password. Rows with a bad or already registered email are reported and skipped.
      </p>
      <Field id="roster-file" label="Roster (CSV)" error={fileError}>
        {(p) => <input {...p} ref={fileRef} type="file" accept=".csv,text/csv" />}
      </Field>
      <Button disabled={loading} onClick={() => void onImport()}>
        Import roster
      </Button>
      {failure && <ErrorMessage>{failure}</ErrorMessage>}
      <div role="status" aria-live="polite">
        {rows && (
          <p>
            {invited === 1 ? '1 person invited' : `${invited} people invited`}, {refused === 1 ? '1 row refused' : `${refused} rows refused`}.
          </p>
        )}
      </div>
      {rows && rows.length > 0 && (
        <Table caption="Result by line" region="Roster result" columns={['Line', 'Email', 'Result']}>
          {rows.map((r) => (
            <tr key={r.line}>
              <td>{r.line}</td>
              <td>{r.email ?? '–'}</td>
              <td className={r.invited ? undefined : 'field__error'}>{r.text}</td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}
