/** Who may read or import sales. */
import type { Viewer } from '../../context.ts';

/** Support staff and admins (read-only on other users' sales; they import reports). */
export function isStaff(viewer: Viewer | null): boolean {
  return viewer?.role === 'SUPPORT' || viewer?.role === 'ADMIN';
}

/** A user reads their own sales and streams; staff read anyone's. */
export function canReadSalesOf(viewer: Viewer | null, ownerId: string): boolean {
  return viewer !== null && (viewer.userId === ownerId || isStaff(viewer));
}

/** Importing reports and resolving unmatched lines is staff work. */
export function canImportSales(viewer: Viewer | null): boolean {
  return isStaff(viewer);
}
