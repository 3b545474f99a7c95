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
        <span className="button button--primary skeleton__block" data-ghost="New release" />
        <span className="button button--secondary skeleton__block" data-ghost="Import a catalogue" />
      </header>
      <p className="releases__totals">
        <Ghost text="3 releases and 4 tracks delivered or on their way." />
      </p>
      <div className="releases__filters">
        {['All (7)', 'Draft (3)', 'Published (2)'].map((chip) => (
          <span key={chip} className="filter-chip skeleton__block" data-ghost={chip} />
        ))}
      </div>
      <ul className="release-list">
        {Array.from({ length: ROWS }, (_, i) => (
          <li key={i} className="release-row">
            <span className="release-row__cover skeleton__block" />
            <span className="release-row__main">
              <span className="release-row__title">
                <Ghost text="A release title" />
              </span>
              <span>
                <Ghost text="Artist name" />
              </span>
              <span>
                <Ghost text="Release date: 01/01/2027 · 1 track" />
              </span>
            </span>
            <span className="badge release-badge skeleton__block" data-ghost="Draft" />
            <span className="release-row__actions">
              <span className="button button--secondary button--small skeleton__block" data-ghost="Delete" />
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
        <Ghost text="← Your releases" />
      </p>
      <header className="releases__header">
        <h1>
          <Ghost text="Release title" />
        </h1>
        <span className="badge release-badge skeleton__block" data-ghost="Draft" />
      </header>
      <p className="release-row__artist">
        <Ghost text="Artist name · Release date: ASAP · Worldwide" />
      </p>
      <div className="release-editor">
        <div className="release-form">
          {FIELDS.map(({ label, hint }) => (
            <div key={label} className="field">
              <span>
                <Ghost text={label} />
              </span>
              <span className="skeleton__input skeleton__block" />
              {hint && (
                <small className="field__hint">
                  <Ghost text={hint} />
                </small>
              )}
            </div>
          ))}
        </div>
        <div>
          <div className="cover-art">
            <h2>
              <Ghost text="Cover art" />
            </h2>
            <p>
              <Ghost text="No cover art yet." />
            </p>
            <div className="drop-area" />
            <div className="message-line" />
          </div>
          <div className="button-row">
            <span className="button button--secondary skeleton__block" data-ghost="Save details" />
            <span className="button button--secondary skeleton__block" data-ghost="Check release" />
            <span className="button button--primary skeleton__block" data-ghost="Submit release" />
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
