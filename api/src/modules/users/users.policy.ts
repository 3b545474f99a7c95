/** Who may do what with an account. Services enforce these; the API also sends them as viewerCan. */
import type { Viewer } from '../../context.ts';
import { DomainError } from '../../domain-error.ts';
import { isActingAsUser, mayWhileActing } from '../support/impersonation.policy.ts';

/** Support staff acting as a user (what they may do then: support/impersonation.policy.ts). */
export function isImpersonating(viewer: Viewer | null): boolean {
  return isActingAsUser(viewer);
}

/** Password changes: only the person, never support acting as them. */
export function canChangePassword(viewer: Viewer | null): boolean {
  return viewer !== null && mayWhileActing(viewer, 'credentials');
}

/** Email changes: only the person. */
export function canChangeEmail(viewer: Viewer | null): boolean {
  return viewer !== null && mayWhileActing(viewer, 'credentials');
}

/** Payout account changes and withdrawals: only the person. */
export function canWithdraw(viewer: Viewer | null): boolean {
  return viewer !== null && mayWhileActing(viewer, 'money');
}

/** Deleting the account: only the person (the release rule is checked by the service). */
export function canDeleteOwnAccount(viewer: Viewer | null): boolean {
  return viewer !== null && mayWhileActing(viewer, 'account-deletion');
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

/** Refuses non-staff viewers (FORBIDDEN) and staff who are themselves acting as a user. */
export function requireStaff(viewer: Viewer | null): Viewer {
  const v = requireViewer(viewer);
  if (!isStaff(v) || isImpersonating(v)) throw new DomainError('FORBIDDEN', 'Not allowed');
  return v;
}
