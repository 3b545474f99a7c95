import { CheckMessageLine } from './CheckMessageLine';
import { territoryText } from '@cadence/domain/territory';
import { FORM_ERROR, type FormApi } from 'final-form';
import { useId, type MutableRefObject, type ReactNode } from 'react';
import { Field, Form, FormSpy } from 'react-final-form';
import { Checkbox } from '../../ui/Field';
import { releaseInputFrom, sameList, sameText, sameValues, validateReleaseForm, type ReleaseFormValues } from './release-form';
import type { UpdateReleaseInput } from '../../gql/graphql';
import { Button } from '../../ui/Button';

export interface Dictionaries {
  genres: readonly { id: string; name: string }[];
  languages: readonly { id: string; name: string }[];
  countries: readonly { code: string; name: string }[];
  dsps: readonly { id: string; uri: string; name: string }[];
}

export interface ReleaseMetadataFormProps {
  initialValues: ReleaseFormValues;
  dictionaries: Dictionaries;
  hideDspSelection: boolean;
  today: string;
  /** Problems the server's check reported, by field (title, genreId, releaseDate, upc, territory, outletUris...). */
  issues: Readonly<Record<string, string>>;
  /** Saves the details; when it rejects it has already told the user why, and the form records a failed save. */
  onSave: (input: Omit<UpdateReleaseInput, 'id' | 'version'>) => Promise<void>;
  /** The form element's id: the page's Save button sits elsewhere and names the form. */
  id: string;
  /** Lets the page save pending changes before it submits the release. */
  formRef?: MutableRefObject<FormApi<ReleaseFormValues> | null>;
  /** Told whether the form holds unsaved edits (the page asks before leaving them). */
  onDirtyChange?: (dirty: boolean) => void;
}

/** One labelled control with its error (client rule first, else the server's check) announced. */
function Control({ label, name, error, children, hint }: { label: string; name: string; error?: string; hint?: string; children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode }) {
  const id = `release-${name}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <small id={hintId} className="field__hint">
          {hint}
        </small>
      )}
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The release's metadata (title, genre, language, dates, catalog number, UPC, territory, stores),
 * validated with the domain's release-input struct as the user types, saved through updateRelease.
 */
export function ReleaseMetadataForm({ initialValues, dictionaries, hideDspSelection, today, issues, onSave, id, formRef, onDirtyChange }: ReleaseMetadataFormProps) {
  const territoryLegendId = useId();
  const countryName = (code: string) => dictionaries.countries.find((c) => c.code === code)?.name ?? code;
  return (
    <Form<ReleaseFormValues>
      initialValues={initialValues}
      // A new version of the release (an upload, a credit, another tab's save) merges into the form:
      // fields the person has edited keep their text, the others take the saved values.
      keepDirtyOnReinitialize
      initialValuesEqual={sameValues}
      validate={(values) => validateReleaseForm(values, today, hideDspSelection)}
      onSubmit={async (values) => {
        try {
          await onSave(releaseInputFrom(values, hideDspSelection));
          return undefined;
        } catch (error) {
          // onSave has told the user why; the form keeps the values and records the failed save (hasSubmitErrors).
          return { [FORM_ERROR]: error instanceof Error ? error.message : 'The details were not saved.' };
        }
      }}
      render={({ handleSubmit, values, form }) => {
        if (formRef) formRef.current = form;
        const errorOf = (name: string, meta: { error?: string; touched?: boolean; modified?: boolean; dirty?: boolean }, serverKey = name) =>
          (meta.touched || meta.modified ? meta.error : undefined) ?? (meta.dirty ? undefined : issues[serverKey]);
        return (
          <form id={id} className="release-form" onSubmit={(e) => void handleSubmit(e)} noValidate aria-label="Release details">
            {onDirtyChange && <FormSpy subscription={{ dirty: true }} onChange={({ dirty }) => onDirtyChange(dirty === true)} />}
            <Field<string> name="title" isEqual={sameText}>
              {({ input, meta }) => (
                <Control label="Release title" name="title" error={errorOf('title', meta)}>
                  {(a) => <input {...input} {...a} type="text" maxLength={200} />}
                </Control>
              )}
            </Field>
            <Field<string> name="genreId" isEqual={sameText}>
              {({ input, meta }) => (
                <Control label="Genre" name="genreId" error={errorOf('genreId', meta)}>
                  {(a) => (
                    <select {...input} {...a}>
                      <option value="">Select a genre</option>
                      {dictionaries.genres.map((g) => (
                        <option key={g.id} value={g.id}>
                          {g.name}
                        </option>
                      ))}
                    </select>
                  )}
                </Control>
              )}
            </Field>
            <Field<string> name="languageId" isEqual={sameText}>
              {({ input, meta }) => (
                <Control label="Language" name="languageId" error={errorOf('languageId', meta)}>
                  {(a) => (
                    <select {...input} {...a}>
                      {dictionaries.languages.map((l) => (
                        <option key={l.id} value={l.id}>
                          {l.name}
                        </option>
                      ))}
                    </select>
                  )}
                </Control>
              )}
            </Field>
            <Field<string> name="releaseDate" isEqual={sameText}>
              {({ input, meta }) => (
                <Control label="Release date" name="releaseDate" error={errorOf('releaseDate', meta)} hint="Leave empty to release as soon as possible (ASAP).">
                  {(a) => <input {...input} {...a} type="date" min={today} />}
                </Control>
              )}
            </Field>
            <Field<string> name="originalReleaseDate" isEqual={sameText}>
              {({ input, meta }) => (
                <Control label="Original release date" name="originalReleaseDate" error={errorOf('originalReleaseDate', meta)} hint="Only for music released before.">
                  {(a) => <input {...input} {...a} type="date" />}
                </Control>
              )}
            </Field>
            <Field<string> name="catalogNumber" isEqual={sameText}>
              {({ input, meta }) => (
                <Control label="Catalog number" name="catalogNumber" error={errorOf('catalogNumber', meta)}>
                  {(a) => <input {...input} {...a} type="text" maxLength={50} />}
                </Control>
              )}
            </Field>
            <Field<string> name="upc" isEqual={sameText}>
              {({ input, meta }) => (
                <Control label="UPC" name="upc" error={errorOf('upc', meta)} hint="Leave empty and we assign one.">
                  {(a) => <input {...input} {...a} type="text" inputMode="numeric" maxLength={16} />}
                </Control>
              )}
            </Field>

            <fieldset aria-labelledby={territoryLegendId}>
              <legend id={territoryLegendId}>Territory</legend>
              {(
                [
                  ['worldwide', 'Worldwide'],
                  ['only', 'Only in'],
                  ['except', 'Everywhere except'],
                ] as const
              ).map(([value, label]) => (
                <Field<string> key={value} name="territoryMode" type="radio" value={value}>
                  {({ input }) => (
                    <label className="field--inline">
                      <input {...input} /> {label}
                    </label>
                  )}
                </Field>
              ))}
              {values.territoryMode !== 'worldwide' && (
                <Field<string[]> name="countryCodes" isEqual={sameList}>
                  {({ input, meta }) => (
                    <Control label="Countries" name="countryCodes" error={errorOf('countryCodes', meta, 'territory')}>
                      {(a) => (
                        <select
                          {...a}
                          multiple
                          name={input.name}
                          value={input.value || []}
                          onBlur={() => input.onBlur()}
                          onChange={(e) => input.onChange([...e.target.selectedOptions].map((o) => o.value))}
                        >
                          {dictionaries.countries.map((c) => (
                            <option key={c.code} value={c.code}>
                              {c.name}
                            </option>
                          ))}
                        </select>
                      )}
                    </Control>
                  )}
                </Field>
              )}
              <p className="field__hint" aria-live="polite">
                {territoryText(values.territoryMode === 'worldwide' ? null : { allowed: values.territoryMode === 'only', countryCodes: (values.countryCodes ?? []).join(',') }, countryName)}
              </p>
            </fieldset>

            {!hideDspSelection && (
              <Field<string[]> name="outletUris" isEqual={sameList}>
                {({ input, meta }) => {
                  const error = errorOf('outletUris', meta);
                  const selected = new Set(input.value || []);
                  const toggle = (uri: string, on: boolean) => {
                    const next = new Set(selected);
                    if (on) next.add(uri);
                    else next.delete(uri);
                    input.onChange([...next]);
                  };
                  return (
                    <fieldset aria-describedby={error ? 'release-outlets-error' : undefined}>
                      <legend>Stores</legend>
                      <Button variant="link" onClick={() => input.onChange(dictionaries.dsps.map((d) => d.uri))}>
                        Select all stores
                      </Button>
                      <div className="outlet-list">
                        {dictionaries.dsps.map((dsp) => (
                          <Checkbox key={dsp.uri} id={`release-outlet-${dsp.id}`} label={dsp.name} checked={selected.has(dsp.uri)} onChange={(on) => toggle(dsp.uri, on)} />
                        ))}
                      </div>
                      <CheckMessageLine id="release-outlets-error" message={error} />
                    </fieldset>
                  );
                }}
              </Field>
            )}
          </form>
        );
      }}
    />
  );
}
