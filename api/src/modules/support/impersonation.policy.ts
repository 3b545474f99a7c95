/**
 * What support staff may do while acting as a user: the one place that decides it. Support acts as
 * a person to see and fix their catalogue; everything that belongs to the person alone is refused
 * here, and the services call this so that no transport (GraphQL, REST, API token) bypasses it.
 */
import type { Viewer } from '../../context.ts';
import { DomainError } from '../../domain-error.ts';

/** The kinds of action that only the person themselves may take. */
export type PersonalAction = 'money' | 'credentials' | 'api-tokens' | 'consents' | 'account-deletion' | 'private-mail';

/** Why each one is refused, in the words the person acting sees (403 / FORBIDDEN). */
export const ACTING_REFUSALS: Record<PersonalAction, string> = {
  money: 'Payout details, withdrawals and payments are not available while acting as another user.',
  credentials: 'Password and email changes are not available while acting as another user.',
  'api-tokens': 'API tokens cannot be created or revoked while acting as another user.',
  consents: 'Agreements and consents can only be given by the person, not while acting as another user.',
  'account-deletion': 'Deleting the account is not available while acting as another user.',
  'private-mail': 'The outbox is not available while acting as another user.',
};

/** True while the request is support staff acting as a user. */
export function isActingAsUser(viewer: Viewer | null): boolean {
  return Boolean(viewer?.impersonatorId);
}

/** May this viewer take this personal action? Everyone but support acting as the person. */
export function mayWhileActing(viewer: Viewer | null, action: PersonalAction): boolean {
  return !(isActingAsUser(viewer) && Object.hasOwn(ACTING_REFUSALS, action));
}

/** Refuses a personal action (FORBIDDEN, key 'impersonation-refused') while acting as a user. */
export function refuseWhileActing(viewer: Viewer | null, action: PersonalAction): void {
  if (!mayWhileActing(viewer, action)) {
    throw new DomainError('FORBIDDEN', ACTING_REFUSALS[action], { key: 'impersonation-refused', action });
  }
}
