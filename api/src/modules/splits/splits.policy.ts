/** Who may do what with royalty splits. */
import type { Viewer } from '../../context.ts';

/** Only the release's owner changes its splits (staff acting as the owner act as the owner). */
export function canChangeSplits(viewer: Viewer, release: { userId: string }): boolean {
  return viewer.userId === release.userId;
}
