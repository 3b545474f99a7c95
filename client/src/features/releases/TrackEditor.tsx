import { textLimit } from '@cadence/domain/text-limit-checks';
import { validateRemixer } from '@cadence/domain/artist-names';
import { ARTIST_ROLE } from '@cadence/domain/constants';
import { normalizeIsrc, validateIsrc } from '@cadence/domain/isrc';
import { isLiveRecording, recordingVersionId } from '@cadence/domain/release-rules';
import { isRemixTitle, trackDuplicateErrors } from '@cadence/domain/track-rules';
import type { FragmentType } from '@apollo/client';
import { useFragment } from '@apollo/client/react';
import { useEffect } from 'react';
import { Field, Form, FormSpy } from 'react-final-form';
import { CheckboxField } from '../../ui/TextField';
import { graphql } from '../../gql';
import type { ArtistRole, TrackEditor_TrackFragment } from '../../gql/graphql';
import { ArtistInput } from './ArtistInput';
import { sameText } from './release-form';
import type { ReleaseEditorActions } from './useReleaseEditorActions';
import { Button } from '../../ui/Button';

export const CREDIT_ROLES: readonly { role: ArtistRole; label: string }[] = [
  { role: 'PRIMARY', label: 'Primary artists' },
  { role: 'FEATURED', label: 'Featured artists' },
  { role: 'COMPOSER', label: 'Composers' },
  { role: 'LYRICIST', label: 'Lyricists' },
  { role: 'PRODUCER', label: 'Producers' },
  { role: 'REMIXER', label: 'Remixers' },
];

/** What the track pane edits: the track's details and its credits per role. */
export const TrackEditorTrackFragment = graphql(`
  fragment TrackEditor_track on Track {
    id
    title
    isrc
    languageId
    recordingVersionId
    isCover
    isRemix
    explicitLyrics
    credits {
      id
      artistName
      role
      artistRelationTypeId
    }
  }
`);

interface TrackFormValues {
  title: string;
  isrc: string;
  live: boolean;
  isCover: boolean;
  isRemix: boolean;
  languageId: string;
  explicitLyrics: boolean;
}

/** A track of the release as the duplicate rules see it. */
export interface SiblingTrack {
  id: string;
  title: string;
  isrc?: string | null;
}

export interface TrackEditorProps {
  /** The release's track, masked: the editor reads its own fragment from the cache. */
  track: FragmentType<TrackEditor_TrackFragment>;
  /** Every track of the release in order (for the ISRC and title duplicate rules). */
  tracks: readonly SiblingTrack[];
  languages: readonly { id: string; name: string }[];
  /** The release's primary artists: a track credit may not repeat them. */
  primaryArtists: readonly string[];
  /** The server check's problems for this track, by field (title, isrc, audio, artists). */
  issues: Readonly<Record<string, string>>;
  editable: boolean;
  actions: Pick<ReleaseEditorActions, 'saveTrack' | 'addCredit' | 'removeCredit' | 'applyToAll'>;
  onError: (message: string) => void;
  /** Told whether the track's form holds unsaved edits (the page asks before leaving them). */
  onDirtyChange?: (dirty: boolean) => void;
}

/** "US-CAD-26-00002" is the ISRC the server saves as "USCAD2600002": no unsaved change. */
const sameIsrc = (a: unknown, b: unknown) => (normalizeIsrc(a) ?? (typeof a === 'string' ? a.trim() : '')) === (normalizeIsrc(b) ?? (typeof b === 'string' ? b.trim() : ''));

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong. Please try again.');

/**
 * One track's details and credits: title, ISRC (domain pattern plus uniqueness within the release),
 * live or studio recording, cover and remix flags, language, explicit lyrics, and the artist inputs
 * per role; 'APPLY TO ALL TRACKS IN RELEASE' copies credits, genre and language to the other tracks.
 */
export function TrackEditor({ track: from, ...props }: TrackEditorProps) {
  // A closed pane holds no edits.
  useEffect(() => () => props.onDirtyChange?.(false), []);
  const { data: track, complete } = useFragment({ fragment: TrackEditorTrackFragment, from });
  // A track deleted meanwhile leaves the cache before its pane closes.
  if (!complete) return null;
  return <TrackForms track={track} {...props} />;
}

function TrackForms({ track, tracks, languages, primaryArtists, issues, editable, actions, onError, onDirtyChange }: Omit<TrackEditorProps, 'track'> & { track: TrackEditor_TrackFragment }) {
  const index = tracks.findIndex((t) => t.id === track.id);
  const initialValues: TrackFormValues = {
    title: track.title,
    isrc: track.isrc ?? '',
    live: isLiveRecording(track.recordingVersionId),
    isCover: track.isCover,
    isRemix: track.isRemix,
    languageId: track.languageId,
    explicitLyrics: track.explicitLyrics,
  };

  const validate = (values: TrackFormValues) => {
    const errors: Partial<Record<keyof TrackFormValues, string>> = {};
    // final-form leaves a cleared field undefined.
    const isrcText = values.isrc ?? '';
    const isrc = isrcText.trim() === '' ? undefined : validateIsrc(isrcText);
    const edited = tracks.map((t) => (t.id === track.id ? { isrc: isrcText, title: values.title ?? '' } : t));
    const duplicates = trackDuplicateErrors(edited)[index] ?? {};
    const isrcError = isrc ?? duplicates.isrc;
    if (isrcError) errors.isrc = isrcError.message;
    const titleError = textLimit('trackTitle')(values.title ?? '') ?? duplicates.title;
    if (titleError) errors.title = titleError.message;
    return errors;
  };

  const creditsOf = (role: ArtistRole) => track.credits.filter((c) => c.role === role).map((c) => ({ id: c.id, name: c.artistName }));
  const remixer = validateRemixer(track, track.credits);

  return (
    <div className="track-editor">
      <Form<TrackFormValues>
        initialValues={initialValues}
        // New versions of the track (a credit, an upload, a refetch) merge in; edited fields keep their text.
        keepDirtyOnReinitialize
        validate={validate}
        onSubmit={async (values) => {
          try {
            await actions.saveTrack({
              id: track.id,
              title: (values.title ?? '').trim(),
              isrc: (values.isrc ?? '').trim() === '' ? null : (values.isrc ?? '').trim(),
              recordingVersionId: recordingVersionId(values.live),
              isCover: values.isCover,
              isRemix: values.isRemix,
              languageId: values.languageId,
              explicitLyrics: values.explicitLyrics,
            });
          } catch (error) {
            onError(messageOf(error));
          }
        }}
        render={({ handleSubmit, values, submitting }) => (
          <form onSubmit={(e) => void handleSubmit(e)} noValidate aria-label={`Track ${index + 1} details`}>
            {onDirtyChange && <FormSpy subscription={{ dirty: true }} onChange={({ dirty }) => onDirtyChange(dirty === true)} />}
            <fieldset disabled={!editable}>
              <Field<string> name="title" isEqual={sameText}>
                {({ input, meta }) => {
                  const error = (meta.touched || meta.modified ? meta.error : undefined) ?? (meta.dirty ? undefined : issues.title);
                  return (
                    <div className="field">
                      <label htmlFor={`track-${track.id}-title`}>Track title</label>
                      <input {...input} id={`track-${track.id}-title`} type="text" aria-invalid={error ? true : undefined} aria-describedby={error ? `track-${track.id}-title-error` : undefined} />
                      {error && (
                        <p id={`track-${track.id}-title-error`} className="field__error" role="alert">
                          {error}
                        </p>
                      )}
                      {isRemixTitle(values.title ?? '') && <small className="field__hint">The title makes this track a remix: credit a remixer.</small>}
                    </div>
                  );
                }}
              </Field>
              <Field<string> name="isrc" isEqual={sameIsrc}>
                {({ input, meta }) => {
                  const error = meta.error ?? (meta.dirty ? undefined : issues.isrc);
                  return (
                    <div className="field">
                      <label htmlFor={`track-${track.id}-isrc`}>ISRC</label>
                      <input
                        {...input}
                        id={`track-${track.id}-isrc`}
                        type="text"
                        placeholder="CC-XXX-YY-NNNNN"
                        aria-invalid={error ? true : undefined}
                        aria-describedby={`track-${track.id}-isrc-hint${error ? ` track-${track.id}-isrc-error` : ''}`}
                      />
                      <small id={`track-${track.id}-isrc-hint`} className="field__hint">
                        Leave empty and we assign one.
                      </small>
                      {error && (
                        <p id={`track-${track.id}-isrc-error`} className="field__error" role="alert">
                          {error}
                        </p>
                      )}
                    </div>
                  );
                }}
              </Field>
              <Field<string> name="languageId">
                {({ input }) => (
                  <div className="field">
                    <label htmlFor={`track-${track.id}-language`}>Language</label>
                    <select {...input} id={`track-${track.id}-language`}>
                      {languages.map((l) => (
                        <option key={l.id} value={l.id}>
                          {l.name}
                        </option>
                      ))}
                    </select>
                  </div>
                )}
              </Field>
              {(
                [
                  ['live', 'Live recording'],
                  ['isCover', 'Cover song'],
                  ['isRemix', 'Remix'],
                  ['explicitLyrics', 'Explicit lyrics'],
                ] as const
              ).map(([name, label]) => (
                <CheckboxField key={name} name={name} label={label} />
              ))}
              {editable && (
                <Button type="submit" size="small" disabled={submitting}>
                  Save track
                </Button>
              )}
            </fieldset>
          </form>
        )}
      />

      <section aria-label={`Track ${index + 1} credits`}>
        <h3>Credits</h3>
        {CREDIT_ROLES.map(({ role, label }) => (
          <ArtistInput
            key={role}
            label={label}
            artists={creditsOf(role)}
            disabled={!editable}
            context={{ role: ARTIST_ROLE[role], primaryArtists: role === 'PRIMARY' ? [] : primaryArtists }}
            serverError={role === 'REMIXER' ? (remixer?.message ?? issues.artists) : role === 'PRIMARY' ? issues.artists : undefined}
            onAdd={async (names) => {
              try {
                await actions.addCredit(role, names.join(', '), track.id);
              } catch (error) {
                onError(messageOf(error));
              }
            }}
            onRemove={(artist) => void actions.removeCredit(artist.id).catch((error: unknown) => onError(messageOf(error)))}
          />
        ))}
        <Button
          variant="link"
          disabled={!editable || tracks.length < 2}
          onClick={() => void actions.applyToAll(track.id).catch((error: unknown) => onError(messageOf(error)))}
        >
          APPLY TO ALL TRACKS IN RELEASE
        </Button>
      </section>
    </div>
  );
}
