import type { FragmentType } from '@apollo/client';
import { useFragment } from '@apollo/client/react';
import { releaseTitleOrDefault } from '@cadence/domain/release-rules';
import { Link } from 'react-router-dom';
import { graphql } from '../../gql';
import type { ReleaseRow_ReleaseFragment } from '../../gql/graphql';
import { ReleaseStatusBadge } from './ReleaseStatusBadge';
import { Button } from '../../ui/Button';

/** What one row of the release list shows; status, comment and dates feed the cache's status policies. */
export const ReleaseRowFragment = graphql(`
  fragment ReleaseRow_release on Release {
    id
    title
    status
    comment
    releaseDate
    takedownDate
    rejectDate
    displayStatus
    releaseDateText
    artistName
    trackCount
    coverArtUrl
    viewerCan {
      edit
      delete
      takedown
    }
  }
`);

export interface ReleaseRowProps {
  /** The list's release, masked: the row reads its own fragment from the cache. */
  release: FragmentType<ReleaseRow_ReleaseFragment>;
  onTakedown: () => void;
  onDelete: () => void;
}

/** One release: cover, title linking to the editor, artist, date, status and the actions the server allows. */
export function ReleaseRow({ release: from, onTakedown, onDelete }: ReleaseRowProps) {
  const { data: release, complete } = useFragment({ fragment: ReleaseRowFragment, from });
  if (!complete) return null;
  const title = releaseTitleOrDefault(release.title);
  return (
    <li className="release-row">
      {release.coverArtUrl ? (
        <img className="release-row__cover" src={release.coverArtUrl} alt="" width={64} height={64} />
      ) : (
        <span className="release-row__cover release-row__cover--empty" aria-hidden="true" />
      )}
      <div className="release-row__main">
        <Link className="release-row__title" to={`/releases/${release.id}`}>
          {title}
        </Link>
        <span className="release-row__artist">{release.artistName}</span>
        <span className="release-row__meta">
          Release date: {release.releaseDateText} · {release.trackCount} {release.trackCount === 1 ? 'track' : 'tracks'}
        </span>
      </div>
      <ReleaseStatusBadge status={release.displayStatus} />
      <div className="release-row__actions">
        {release.viewerCan.takedown && (
          <Button size="small" onClick={onTakedown} aria-label={`Take down ${title}`}>
            Take down
          </Button>
        )}
        {release.viewerCan.delete && (
          <Button variant="secondary" size="small" onClick={onDelete} aria-label={`Delete ${title}`}>
            Delete
          </Button>
        )}
      </div>
    </li>
  );
}
