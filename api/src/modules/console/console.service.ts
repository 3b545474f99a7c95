/**
 * The operations console (issue 14): the staff-facing use-cases that span modules (an account page
 * with releases and audit history, the audit log of a release). Each asks the staff policy, then
 * calls the owning module's service; this module owns no table.
 */
import type { AppContext } from '../../context.ts';
import { badInput } from '../../domain-error.ts';
import { listAuditEvents, type AuditLogPayload } from '../audit/audit.service.ts';
import { listReleasesOfUser, releaseAuditEntityIds, type StaffReleaseSummary } from '../releases/release-review.service.ts';
import { getStaffAccount, type StaffAccountView } from '../support/support.service.ts';
import { mayStaff, requireStaffAction } from '../users/staff.policy.ts';

export interface AuditPageInput {
  first?: number | null;
  after?: string | null;
}

function pageSize(first: number | null | undefined): number {
  const n = first ?? 50;
  if (!Number.isInteger(n) || n < 1 || n > 100) throw badInput('first must be between 1 and 100', [{ field: 'first', key: 'range', message: 'first must be between 1 and 100' }], 'range');
  return n;
}

/** The audit history of one account (what happened to it, whoever did it), newest first. */
export async function userAuditLog(ctx: AppContext, input: AuditPageInput & { userId: string }): Promise<AuditLogPayload> {
  requireStaffAction(ctx.viewer, 'read-audit-log');
  return listAuditEvents(ctx, { userId: input.userId, first: pageSize(input.first), after: input.after });
}

/** The audit history of one release and its tracks, newest first. */
export async function releaseAuditLog(ctx: AppContext, input: AuditPageInput & { releaseId: string }): Promise<AuditLogPayload> {
  requireStaffAction(ctx.viewer, 'read-audit-log');
  const first = pageSize(input.first);
  const entityIds = await releaseAuditEntityIds(ctx, input.releaseId);
  return listAuditEvents(ctx, { entityIds, first, after: input.after });
}

export interface StaffAccountPage {
  account: StaffAccountView;
  releases: StaffReleaseSummary[];
}

/** A person's account page: profile, plan, status, balance (from the ledger), releases. */
export async function staffAccountPage(ctx: AppContext, userId: string): Promise<StaffAccountPage> {
  const account = await getStaffAccount(ctx, userId);
  return { account, releases: await listReleasesOfUser(ctx, userId) };
}

/** What the signed-in staff member may do in the console, so the client never recomputes it. */
export function consoleAbilities(ctx: Pick<AppContext, 'viewer'>) {
  const v = ctx.viewer;
  return {
    reviewReleases: mayStaff(v, 'review-releases'),
    manageAccounts: mayStaff(v, 'manage-accounts'),
    readAuditLog: mayStaff(v, 'read-audit-log'),
    manageStaff: mayStaff(v, 'manage-staff'),
    manageStoreEndpoints: mayStaff(v, 'manage-store-endpoints'),
    importSales: mayStaff(v, 'import-sales'),
    liftSuperBlock: mayStaff(v, 'lift-super-block'),
  };
}
