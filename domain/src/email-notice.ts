/** The email notices above the navigation (core spec §4, §8): verification and invalid-email notices. */

/** The verification notice; the spec's product name is replaced by the configured brand. */
export function verifyEmailMessage(brandName: string): string {
  return `Please check your email to verify your ${brandName} account.`;
}
export const INVALID_EMAIL_MESSAGE =
  'We were unable to deliver emails to the email address that was provided. Please edit your email address in Profile + Preferences.';

export interface EmailNoticeInput {
  emailVerified: boolean;
  notValidEmail: boolean;
  /** The INVALID_EMAIL_NOTIFICATION_SEEN marker is set. */
  invalidSeen: boolean;
  /** The skip-email-verification-banner cookie exists. */
  skipCookie: boolean;
  /** The user closed the notices (closing clears both). */
  closed?: boolean;
}

export interface EmailNotices {
  verification: boolean;
  invalid: boolean;
}

/** Verification notice: unverified and not flagged invalid. Invalid notice: flagged and not yet seen. Both hidden by the skip cookie or once closed. */
export function emailNotices(input: EmailNoticeInput): EmailNotices {
  if (input.skipCookie || input.closed === true) return { verification: false, invalid: false };
  return {
    verification: !input.emailVerified && !input.notValidEmail,
    invalid: input.notValidEmail && !input.invalidSeen,
  };
}

/** The invalid-email notice is dismissed (and the seen marker stored) when the URL query has code=success and an email. */
export function shouldAutoDismissInvalidNotice(query: Readonly<Record<string, string | undefined>>): boolean {
  return query.code === 'success' && typeof query.email === 'string' && query.email !== '';
}
