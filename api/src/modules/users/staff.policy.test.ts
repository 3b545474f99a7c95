import { describe, expect, it } from '@jest/globals';
import type { Viewer } from '../../context.ts';
import { mayStaff, requireStaffAction, STAFF_ACTIONS, type StaffAction } from './staff.policy.ts';

const user: Viewer = { userId: 'u', role: 'USER' };
const support: Viewer = { userId: 's', role: 'SUPPORT' };
const admin: Viewer = { userId: 'a', role: 'ADMIN' };
const supportActing: Viewer = { userId: 'u', role: 'USER', impersonatorId: 's' };

// action → [user, support, admin]
const TABLE: [StaffAction, boolean, boolean, boolean][] = [
  ['review-releases', false, true, true],
  ['act-as-user', false, true, true],
  ['in-app-messages', false, true, true],
  ['manage-accounts', false, true, true],
  ['review-withdrawals', false, true, true],
  ['read-audit-log', false, true, true],
  ['operate-system', false, true, true],
  ['manage-staff', false, false, true],
  ['manage-store-endpoints', false, false, true],
  ['import-sales', false, false, true],
  ['lift-super-block', false, false, true],
];

describe('the staff policy', () => {
  it('covers every action once', () => {
    expect(TABLE.map(([a]) => a).sort()).toEqual([...STAFF_ACTIONS.ADMIN].sort());
  });

  it.each(TABLE)('%s: user %s, support %s, admin %s', (action, byUser, bySupport, byAdmin) => {
    expect([mayStaff(user, action), mayStaff(support, action), mayStaff(admin, action)]).toEqual([byUser, bySupport, byAdmin]);
    // signed out and acting as a user: never
    expect(mayStaff(null, action)).toBe(false);
    expect(mayStaff(supportActing, action)).toBe(false);
    expect(mayStaff({ ...admin, impersonatorId: 'a' }, action)).toBe(false);
  });

  it('refuses with UNAUTHENTICATED signed out and FORBIDDEN otherwise', () => {
    expect(() => requireStaffAction(null, 'review-releases')).toThrow(expect.objectContaining({ code: 'UNAUTHENTICATED' }));
    expect(() => requireStaffAction(support, 'manage-staff')).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    expect(requireStaffAction(admin, 'manage-staff')).toBe(admin);
  });
});
