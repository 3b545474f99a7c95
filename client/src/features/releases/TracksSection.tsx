import { CheckMessageLine } from './CheckMessageLine';
import { FILE_TYPE_EXTENSIONS } from '@cadence/domain/constants';
import { downloads } from '../../lib/rest';
import { trackTitleOrDefault } from '@cadence/domain/track-rules';
import type { FragmentType } from '@apollo/client';
import { useFragment } from '@apollo/client/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { graphql } from '../../gql';
import type { TracksSection_ReleaseFragment } from '../../gql/graphql';
import { editFailureMessage } from './edit-errors';
import { FileDropArea } from './FileDropArea';
import { UploadProgressList } from './UploadProgressList';
import { useUploads } from './useUpload';
import { Button } from '../../ui/Button';

/** "3:07" from milliseconds. */
export function durationText(ms: number | null | undefined): string | null {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return null;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The track pane (supporting §4): a CLOSE link that closes it, around the content it is given.
 * When it opens it scrolls into view and takes the focus (its heading), so the keyboard and screen
 * readers are where the eyes are.
 */
export function TrackPane({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const node = heading.current;
    if (!node) return;
    const reduce = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    node.scrollIntoView?.({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
    node.focus({ preventScroll: true });
  }, []);
  return (
    <section className="track-pane" aria-label={title}>
      <div className="track-pane__head">
        <h3 ref={heading} tabIndex={-1}>
          {title}
        </h3>
        <Button variant="link" onClick={onClose}>
          CLOSE
        </Button>
      </div>
      {children}
    </section>
  );
}

/** The list of tracks: order, title, ISRC and the uploaded audio of each. */
export const TracksSectionReleaseFragment = graphql(`
  fragment TracksSection_release on Release {
    id
    tracks {
      id
      title
      isrc
      audio {
        fileName
        durationMs
      }
    }
  }
`);

type Track = TracksSection_ReleaseFragment['tracks'][number];

export interface TracksSectionProps {
  /** The release, masked: the section reads its own fragment from the cache. */
  release: FragmentType<TracksSection_ReleaseFragment>;
  editable: boolean;
  /** The server check's messages per track id (shown in the list). */
  trackIssues: Readonly<Record<string, string[]>>;
  upload: (file: File, onUploadProgress: (p: { loaded: number; total: number }) => void) => Promise<unknown>;
  reorder: (trackIds: string[]) => Promise<unknown>;
  remove: (trackId: string) => Promise<unknown>;
  renderEditor: (track: Track) => ReactNode;
  onError: (message: string) => void;
  issue?: string;
}

const AUDIO_TYPES = [...FILE_TYPE_EXTENSIONS.TRACK, 'audio/wav', 'audio/x-wav', 'audio/wave', 'audio/flac', 'audio/x-flac'];

const NO_TRACKS: readonly Track[] = [];

function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * Tracks: drag-and-drop (or choose) WAV and FLAC files, each with its own progress bar; the list in
 * order, moved with buttons (keyboard) or by dragging; a pane to edit one track at a time.
 */
export function TracksSection({ release, editable, trackIssues, upload, reorder, remove, renderEditor, onError, issue }: TracksSectionProps) {
  const fragment = useFragment({ fragment: TracksSectionReleaseFragment, from: release });
  const tracks = fragment.complete ? fragment.data.tracks : NO_TRACKS;
  const { entries, run, dismiss } = useUploads();
  /**
   * Audio files go up one after another, in the order chosen. Each upload answers with the release's
   * track list; sent side by side, an answer read before the other track was saved could arrive last
   * and drop that track from the page (it was saved, but the list hid it until a reload).
   */
  const uploadQueue = useRef<Promise<unknown>>(Promise.resolve());
  const [openId, setOpenId] = useState<string | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const open = tracks.find((t) => t.id === openId);

  const move = (from: number, to: number) => {
    if (to < 0 || to >= tracks.length) return;
    const next = moved(tracks, from, to);
    setAnnouncement(`${trackTitleOrDefault(tracks[from]?.title)} moved to position ${to + 1}`);
    void reorder(next.map((t) => t.id)).catch((error: unknown) => onError(editFailureMessage(error, 'The new order was not saved. Please try again.')));
  };

  return (
    <section className="tracks" aria-labelledby="tracks-title">
      <h2 id="tracks-title">Tracks</h2>
      {editable && (
        <FileDropArea
          label="Choose audio files"
          multiple
          accept=".wav,.flac,audio/wav,audio/flac"
          supportedTypes={AUDIO_TYPES}
          onFiles={({ accepted, rejected }) => {
            for (const r of rejected) onError(`${r.file.name}: only WAV or FLAC files can be uploaded.`);
            for (const { file } of accepted) {
              const turn = uploadQueue.current.catch(() => undefined);
              const sent = run(file, async (progress) => {
                await turn;
                return upload(file, progress);
              });
              uploadQueue.current = sent;
            }
          }}
        >
          <p>Drop WAV or FLAC files here (44.1 kHz, 16 bit or better).</p>
        </FileDropArea>
      )}
      <UploadProgressList entries={entries} onDismiss={dismiss} />
      <CheckMessageLine message={issue} reserved={editable} />
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {tracks.length > 0 && (
        <ol className="track-list" aria-label="Tracks in order">
          {tracks.map((track, i) => {
            const title = trackTitleOrDefault(track.title);
            const problems = trackIssues[track.id] ?? [];
            return (
              <li
                key={track.id}
                className="track-item"
                draggable={editable}
                onDragStart={(e) => {
                  setDragged(i);
                  e.dataTransfer.effectAllowed = 'move';
                }}
                onDragOver={(e) => {
                  if (dragged !== null) e.preventDefault();
                }}
                onDrop={(e) => {
                  e.preventDefault();
                  if (dragged !== null && dragged !== i) move(dragged, i);
                  setDragged(null);
                }}
              >
                <span className="track-item__title">
                  {i + 1}. {title}
                  {track.isrc && <span className="release-row__meta"> · {track.isrc}</span>}
                  {durationText(track.audio?.durationMs) && <span className="release-row__meta"> · {durationText(track.audio?.durationMs)}</span>}
                  {track.audio?.fileName && <span className="release-row__meta"> · {track.audio.fileName}</span>}
                </span>
                {track.audio && (
                  // A preview of the uploaded audio, loaded only when played.
                  <audio className="track-item__preview" controls preload="none" src={downloads.trackAudio(track.id)} aria-label={`Listen to ${title}`} />
                )}
                {editable && (
                  <>
                    <Button variant="secondary" size="small" aria-label={`Move ${title} up`} disabled={i === 0} onClick={() => move(i, i - 1)}>
                      ↑
                    </Button>
                    <Button variant="secondary" size="small" aria-label={`Move ${title} down`} disabled={i === tracks.length - 1} onClick={() => move(i, i + 1)}>
                      ↓
                    </Button>
                  </>
                )}
                <Button id={`track-open-${track.id}`} size="small" aria-label={`${editable ? 'Edit' : 'View'} track ${i + 1}`} aria-expanded={openId === track.id} onClick={() => setOpenId(openId === track.id ? null : track.id)}>
                  {editable ? 'Edit' : 'View'}
                </Button>
                {editable && (
                  <Button
                    variant="secondary" size="small"
                    aria-label={`Delete ${title}`}
                    onClick={() => void remove(track.id).catch((error: unknown) => onError(editFailureMessage(error, 'The track was not deleted. Please try again.')))}
                  >
                    Delete
                  </Button>
                )}
                {problems.length > 0 && (
                  <ul className="field__error" aria-label={`Problems with track ${i + 1}`}>
                    {problems.map((p) => (
                      <li key={p}>{p}</li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {open && (
        <TrackPane key={open.id} title={`Track ${tracks.indexOf(open) + 1}: ${trackTitleOrDefault(open.title)}`} onClose={() => {
            // Back to the button that opened the pane.
            const id = open.id;
            setOpenId(null);
            window.requestAnimationFrame(() => document.getElementById(`track-open-${id}`)?.focus());
          }}>
          {renderEditor(open)}
        </TrackPane>
      )}
    </section>
  );
}
