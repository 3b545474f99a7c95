/** Who may do what with an account. Services enforce these; the API also sends them as viewerCan. */
import type { Viewer } from '../../context.ts';
import { DomainError } from '../../domain-error.ts';

export const IMPERSONATION_REFUSED = 'This action is not available while acting as another user.';

/** Support staff acting as a user must not change the person's credentials, email or payouts. */
export function isImpersonating(viewer: Viewer | null): boolean {
  return Boolean(viewer?.impersonatorId);
}

/** Password changes: only the person, never support acting as them. */
export function canChangePassword(viewer: Viewer | null): boolean {
  return viewer !== null && !isImpersonating(viewer);
}

/** Email changes: only the person. */
export function canChangeEmail(viewer: Viewer | null): boolean {
  return viewer !== null && !isImpersonating(viewer);
}

/** Payout account changes and withdrawals: only the person. */
export function canWithdraw(viewer: Viewer | null): boolean {
  return viewer !== null && !isImpersonating(viewer);
}

/** Deleting the account: only the person (the release rule is checked by the service). */
export function canDeleteOwnAccount(viewer: Viewer | null): boolean {
  return viewer !== null && !isImpersonating(viewer);
}

/** Staff tools (search, act as, block). */
export function isStaff(viewer: Viewer | null): boolean {
  return viewer?.role === 'SUPPORT' || viewer?.role === 'ADMIN';
}

/** The signed-in viewer, or UNAUTHENTICATED. */
export function requireViewer(viewer: Viewer | null): Viewer {
  if (!viewer) throw new DomainError('UNAUTHENTICATED', 'Sign in required');
  return viewer;
}

/** Refuses the action while impersonating (FORBIDDEN). */
export function refuseWhileImpersonating(viewer: Viewer): void {
  if (isImpersonating(viewer)) throw new DomainError('FORBIDDEN', IMPERSONATION_REFUSED, { key: 'impersonation-refused' });
}

/** Refuses non-staff viewers (FORBIDDEN) and staff who are themselves acting as a user. */
export function requireStaff(viewer: Viewer | null): Viewer {
  const v = requireViewer(viewer);
  if (!isStaff(v) || isImpersonating(v)) throw new DomainError('FORBIDDEN', 'Not allowed');
  return v;
}
