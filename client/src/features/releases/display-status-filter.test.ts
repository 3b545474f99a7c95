import { statusesShowing } from './display-status-filter';

const today = '2026-01-15';

test.each([
  ['Draft', ['BEFORE_CREATED', 'NOT_COMPLETED', 'REJECTED']],
  ['Denied', ['NOT_COMPLETED', 'REJECTED']],
  ['Importing', ['IMPORTING']],
  ['Scheduled', ['DELIVERED']],
  ['Published', ['DELIVERED', 'LIVE']],
  ['Takedown Submitted', ['AWAITING_TAKEDOWN']],
  ['Takedown Complete', ['TAKEDOWN_COMPLETED']],
  ['Pending', ['OK', 'ADMIN_EDIT', 'VALIDATED', 'APPROVED', 'FAILED']],
] as const)('%s is shown by releases in %j', (display, statuses) => {
  expect(statusesShowing(display, today)).toEqual(statuses);
});
