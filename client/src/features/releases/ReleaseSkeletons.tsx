/**
 * Issue 22: the first screens of the releases list and of the release editor, drawn while their
 * chunk and data load (a first load: Shell.tsx; the editor's own wait: ReleaseEditor.tsx). Each uses
 * the real page's classes from releases.css, so heading, buttons, rows and panels take the same room
 * at every width and the page replaces its skeleton without moving anything. Its own small chunk:
 * the public pages never load it.
 */
import { Ghost, SkeletonPage } from '../../ui/Skeleton';
import './releases.css';

const ROWS = 3;

/** /releases: heading and its two buttons, the totals line, the filter chips, the first rows. */
export function ReleasesSkeleton() {
  return (
    <SkeletonPage className="page releases" label="Loading your releases…">
      <header className="releases__header">
        <h1>Releases</h1>
        <span className="button button--primary skeleton__block">New release</span>
        <span className="button button--secondary skeleton__block">Import a catalogue</span>
      </header>
      <p className="releases__totals">
        <Ghost>3 releases and 4 tracks delivered or on their way.</Ghost>
      </p>
      <div className="releases__filters">
        {['All (7)', 'Draft (3)', 'Published (2)'].map((chip) => (
          <span key={chip} className="filter-chip skeleton__block">
            {chip}
          </span>
        ))}
      </div>
      <ul className="release-list">
        {Array.from({ length: ROWS }, (_, i) => (
          <li key={i} className="release-row">
            <span className="release-row__cover skeleton__block" />
            <span className="release-row__main">
              <span className="release-row__title">
                <Ghost>A release title</Ghost>
              </span>
              <span>
                <Ghost>Artist name</Ghost>
              </span>
              <span>
                <Ghost>Release date: 01/01/2027 · 1 track</Ghost>
              </span>
            </span>
            <span className="badge release-badge skeleton__block">Draft</span>
            <span className="release-row__actions">
              <span className="button button--secondary button--small skeleton__block">Delete</span>
            </span>
          </li>
        ))}
      </ul>
    </SkeletonPage>
  );
}

/** The details form's first fields: label, one-line box and hint if any (their message line comes from .release-form). */
const FIELDS: readonly { label: string; hint?: string }[] = [
  { label: 'Release title' },
  { label: 'Genre' },
  { label: 'Language' },
  { label: 'Release date', hint: 'Leave empty to release as soon as possible (ASAP).' },
  { label: 'Original release date' },
];

/**
 * /releases/{id} and /releases/edit?id=: the way back, the title with its status, the artist line,
 * then the editor's two columns (one below 768 px): details form, and beside it the cover art and
 * the buttons.
 */
export function ReleaseEditorSkeleton() {
  return (
    <SkeletonPage className="page" label="Loading the release…">
      <p>
        <Ghost>← Your releases</Ghost>
      </p>
      <header className="releases__header">
        <h1>
          <Ghost>Release title</Ghost>
        </h1>
        <span className="badge release-badge skeleton__block">Draft</span>
      </header>
      <p className="release-row__artist">
        <Ghost>Artist name · Release date: ASAP · Worldwide</Ghost>
      </p>
      <div className="release-editor">
        <div className="release-form">
          {FIELDS.map(({ label, hint }) => (
            <div key={label} className="field">
              <span>
                <Ghost>{label}</Ghost>
              </span>
              <span className="skeleton__input skeleton__block" />
              {hint && (
                <small className="field__hint">
                  <Ghost>{hint}</Ghost>
                </small>
              )}
            </div>
          ))}
        </div>
        <div>
          <div className="cover-art">
            <h2>
              <Ghost>Cover art</Ghost>
            </h2>
            <p>
              <Ghost>No cover art yet.</Ghost>
            </p>
            <div className="drop-area" />
            <div className="message-line" />
          </div>
          <div className="button-row">
            <span className="button button--secondary skeleton__block">Save details</span>
            <span className="button button--secondary skeleton__block">Check release</span>
            <span className="button button--primary skeleton__block">Submit release</span>
          </div>
        </div>
      </div>
    </SkeletonPage>
  );
}

export type ReleaseSkeletonKind = 'releases' | 'release';

/** The chunk's entry for the frame (Shell.tsx), which picks the skeleton by route. */
export default function ReleaseSkeleton({ kind }: { kind: ReleaseSkeletonKind }) {
  return kind === 'releases' ? <ReleasesSkeleton /> : <ReleaseEditorSkeleton />;
}
