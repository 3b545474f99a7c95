/**
 * Staff roles (issue 14): what support and admin may do, as small functions the services call so no
 * transport can bypass them. Support reviews releases, acts as a user, edits in-app messages, blocks
 * accounts and reviews withdrawals; admin may do all of that and also manage staff, store endpoints
 * and sales imports. Staff acting as a user are that user: every staff ability is gone meanwhile.
 */
import type { Viewer } from '../../context.ts';
import { DomainError } from '../../domain-error.ts';
import { isActingAsUser } from '../support/impersonation.policy.ts';

/** Everything a staff member may be allowed to do. */
export type StaffAction =
  | 'review-releases'
  | 'act-as-user'
  | 'in-app-messages'
  | 'manage-accounts'
  | 'review-withdrawals'
  | 'read-audit-log'
  | 'manage-staff'
  | 'manage-store-endpoints'
  | 'import-sales'
  | 'lift-super-block'
  | 'operate-system';

const SUPPORT_ACTIONS: readonly StaffAction[] = ['review-releases', 'act-as-user', 'in-app-messages', 'manage-accounts', 'review-withdrawals', 'read-audit-log', 'operate-system'];
const ADMIN_ONLY_ACTIONS: readonly StaffAction[] = ['manage-staff', 'manage-store-endpoints', 'import-sales', 'lift-super-block'];

/** The actions each role holds (USER holds none). */
export const STAFF_ACTIONS: Readonly<Record<'USER' | 'SUPPORT' | 'ADMIN', readonly StaffAction[]>> = {
  USER: [],
  SUPPORT: SUPPORT_ACTIONS,
  ADMIN: [...SUPPORT_ACTIONS, ...ADMIN_ONLY_ACTIONS],
};

/** Whether the viewer (signed in as themselves, not acting as someone) may take this staff action. */
export function mayStaff(viewer: Viewer | null, action: StaffAction): boolean {
  if (!viewer || isActingAsUser(viewer)) return false;
  const role = viewer.role as keyof typeof STAFF_ACTIONS;
  return (STAFF_ACTIONS[role] ?? []).includes(action);
}

/** The viewer when they may take the action; otherwise UNAUTHENTICATED (signed out) or FORBIDDEN. */
export function requireStaffAction(viewer: Viewer | null, action: StaffAction): Viewer {
  if (!viewer) throw new DomainError('UNAUTHENTICATED', 'Sign in required');
  if (!mayStaff(viewer, action)) throw new DomainError('FORBIDDEN', 'Not allowed', { key: 'staff-action-refused', action });
  return viewer;
}

/** Support and admin review releases (approve, reject, correct metadata). */
export const canReviewReleases = (viewer: Viewer | null) => mayStaff(viewer, 'review-releases');
/** Support and admin block, unblock and super-block accounts and read their account page. */
export const canManageAccounts = (viewer: Viewer | null) => mayStaff(viewer, 'manage-accounts');
/** Support and admin read the audit log of a user or a release. */
export const canReadAuditLog = (viewer: Viewer | null) => mayStaff(viewer, 'read-audit-log');
/** Only admin change a person's role (grant or remove support or admin). */
export const canManageStaff = (viewer: Viewer | null) => mayStaff(viewer, 'manage-staff');
/** Only admin configure store (DSP) endpoints. */
export const canManageStoreEndpoints = (viewer: Viewer | null) => mayStaff(viewer, 'manage-store-endpoints');
/** Only admin import sales reports. */
export const canImportSales = (viewer: Viewer | null) => mayStaff(viewer, 'import-sales');
/** Only admin lift a super block (support may impose one). */
export const canLiftSuperBlock = (viewer: Viewer | null) => mayStaff(viewer, 'lift-super-block');
/** Support and admin read the system page (jobs, server errors, failing deliveries and payouts) and retry or cancel failed jobs. */
export const canOperateSystem = (viewer: Viewer | null) => mayStaff(viewer, 'operate-system');
