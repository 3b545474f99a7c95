/** Who may see and do what with deliveries and store endpoints. */
import type { Viewer } from '../../context.ts';

/** Staff (support or admin), not acting as anyone. */
export function isStaff(viewer: Viewer | null): boolean {
  return viewer !== null && (viewer.role === 'SUPPORT' || viewer.role === 'ADMIN');
}

/** Store endpoints hold store credentials: admins only (support cannot). */
export function canManageStoreEndpoints(viewer: Viewer | null): boolean {
  return viewer?.role === 'ADMIN';
}

/** Marking a delivery acknowledged (a store confirmed by mail or portal): staff. */
export function canAcknowledgeDelivery(viewer: Viewer | null): boolean {
  return isStaff(viewer);
}

/** A release's deliveries and messages: its owner (support acting as them is the owner) and staff. */
export function canViewDeliveries(viewer: Viewer | null, release: { userId: string }): boolean {
  return viewer !== null && (viewer.userId === release.userId || isStaff(viewer));
}
