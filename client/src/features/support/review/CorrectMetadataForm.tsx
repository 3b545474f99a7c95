import type { FragmentType } from '@apollo/client';
import { useFragment, useMutation } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { graphql } from '../../../gql';
import type { CorrectMetadataForm_ReleaseFragment } from '../../../gql/graphql';
import { graphqlErrorInfo } from '../../../lib/graphql-errors';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { AdminEditReleaseMutation } from '../console.graphql';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/Field';

/** The fields staff may correct, and the version they correct. */
const CorrectMetadataFormReleaseFragment = graphql(`
  fragment CorrectMetadataForm_release on ReviewRelease {
    id
    version
    title
    catalogNumber
    upc
    releaseDate
    originalReleaseDate
  }
`);

const FIELDS = [
  ['title', 'Title', 'text'],
  ['catalogNumber', 'Catalog number', 'text'],
  ['upc', 'UPC', 'text'],
  ['releaseDate', 'Release date', 'date'],
  ['originalReleaseDate', 'Original release date', 'date'],
] as const;

type Field = (typeof FIELDS)[number][0];

/**
 * ADMIN_EDIT: staff correct a release's metadata in review; only changed fields are sent (the API audits old and new values).
 * The page's release is masked: the form reads its own fragment, and starts over (the page's key) when the version changes.
 */
export function CorrectMetadataForm({ release: from, onDone }: { release: FragmentType<CorrectMetadataForm_ReleaseFragment>; onDone: (message: string) => void }) {
  const { data, complete } = useFragment({ fragment: CorrectMetadataFormReleaseFragment, from });
  return complete ? <CorrectMetadataFields release={data} onDone={onDone} /> : null;
}

function CorrectMetadataFields({ release, onDone }: { release: CorrectMetadataForm_ReleaseFragment; onDone: (message: string) => void }) {
  const id = useId();
  const initial = (): Record<Field, string> => ({
    title: release.title,
    catalogNumber: release.catalogNumber ?? '',
    upc: release.upc ?? '',
    releaseDate: release.releaseDate ?? '',
    originalReleaseDate: release.originalReleaseDate ?? '',
  });
  const [values, setValues] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [edit, { loading }] = useMutation(AdminEditReleaseMutation);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const before = initial();
    const changed = Object.fromEntries(FIELDS.filter(([f]) => values[f] !== before[f]).map(([f]) => [f, values[f]]));
    if (Object.keys(changed).length === 0) {
      setProblem('Nothing to change');
      return;
    }
    try {
      await edit({ variables: { input: { releaseId: release.id, version: release.version, ...changed } } });
      onDone(`Corrected: ${Object.keys(changed).length === 1 ? 'one field' : `${Object.keys(changed).length} fields`}.`);
    } catch (failure) {
      setProblem(graphqlErrorInfo(failure).message);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} aria-labelledby={`${id}-heading`} noValidate className="review__decision">
      <h2 id={`${id}-heading`}>Correct metadata</h2>
      {problem && <ErrorMessage>{problem}</ErrorMessage>}
      {FIELDS.map(([field, label, type]) => (
        <Field key={field} id={`${id}-${field}`} label={label}>
          {(control) => <input {...control} type={type} value={values[field]} onChange={(e) => setValues((all) => ({ ...all, [field]: e.target.value }))} />}
        </Field>
      ))}
      <div>
        <Button type="submit" variant="secondary" disabled={loading}>
          Save correction
        </Button>
      </div>
    </form>
  );
}
