/** Who may do what with in-app messages. */
import type { Viewer } from '../../context.ts';
import { mayStaff } from '../users/staff.policy.ts';

/** Support staff (and admins) write messages and read their statistics. */
export function canManageInAppMessages(viewer: Viewer | null): boolean {
  return mayStaff(viewer, 'in-app-messages');
}

/** The audiences whose messages a caller may see: signed-in people and visitors get different lists. */
export function visibleAudiences(viewer: Viewer | null): ('ALL' | 'SIGNED_IN' | 'VISITORS')[] {
  return viewer ? ['ALL', 'SIGNED_IN'] : ['ALL', 'VISITORS'];
}
