/**
 * Email rules (core spec §5, supporting spec §5 and §8): required, the standard pattern, the common
 * JS pattern, a top-level-domain check and the configured blocked-domain patterns (case-insensitive).
 */
import { EMAIL_PATTERN, fieldError, maxLength, type Check, type FieldError } from './validators';
import { TEXT_LIMITS } from './text-limits';

export const EMAIL_REQUIRED_MESSAGE = 'Email required';
export const EMAIL_INVALID_MESSAGE = 'Not a valid email';
export const EMAIL_BLOCKED_MESSAGE = 'Please use a different email address.';
/** The legacy REST body of a change to an address another account has (core §8). */
export const USER_EXISTS_BODY = 'User exists';
/** The error key (GraphQL `extensions.key`) of the same refusal: clients match it, never the message. */
export const USER_EXISTS_KEY = 'user-exists';

/** The widely copied "common JS" email pattern: needs a dotted domain whose last label has 2+ letters. */
export const COMMON_JS_EMAIL_PATTERN =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

/** Top-level domains reserved for tests and documentation (RFC 2606, RFC 6761): never deliverable. */
export const RESERVED_TLDS: readonly string[] = ['test', 'example', 'invalid', 'localhost', 'local'];

export interface EmailRuleOptions {
  /** Blocked-domain patterns from configuration (`blackDomainList`): regular-expression sources matched against the whole domain or a parent of it. */
  blockedDomains?: readonly (string | RegExp)[];
}

/** The domain part of an email address, lower-cased ('' when there is no '@'). */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at === -1 ? '' : email.slice(at + 1).trim().toLowerCase();
}

/** A top-level domain is accepted when it is 2-63 letters and not reserved. */
export function isAcceptedTld(domain: string): boolean {
  const tld = domain.slice(domain.lastIndexOf('.') + 1).toLowerCase();
  return /^[a-z]{2,63}$/.test(tld) && !RESERVED_TLDS.includes(tld);
}

function toBlockedRegExp(pattern: string | RegExp): RegExp {
  if (pattern instanceof RegExp) return new RegExp(pattern.source, 'i');
  try {
    return new RegExp(`^(?:.*\\.)?(?:${pattern})$`, 'i');
  } catch {
    return new RegExp(`^(?:.*\\.)?${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'i');
  }
}

/** True when the domain matches a blocked pattern (strings match the domain or any subdomain of it, case-insensitively). */
export function isBlockedDomain(domain: string, patterns: readonly (string | RegExp)[]): boolean {
  return patterns.some((p) => toBlockedRegExp(p).test(domain));
}

/**
 * The account email rule. Keys: 'required' ('Email required'); 'email', 'common-js-pattern',
 * 'not-tld-domains' ('Not a valid email'); 'not-allowed-domain' ('Please use a different email address.').
 */
export function validateEmail(value: unknown, options: EmailRuleOptions = {}): FieldError | undefined {
  const email = typeof value === 'string' ? value.trim() : '';
  if (email === '') return fieldError('required', EMAIL_REQUIRED_MESSAGE);
  // Before any pattern: a long string is refused at once, whatever it holds.
  const tooLong = maxLength(TEXT_LIMITS.email)(email);
  if (tooLong) return tooLong;
  if (!EMAIL_PATTERN.test(email)) return fieldError('email', EMAIL_INVALID_MESSAGE);
  if (!COMMON_JS_EMAIL_PATTERN.test(email)) return fieldError('common-js-pattern', EMAIL_INVALID_MESSAGE);
  const domain = emailDomain(email);
  if (!isAcceptedTld(domain)) return fieldError('not-tld-domains', EMAIL_INVALID_MESSAGE);
  if (isBlockedDomain(domain, options.blockedDomains ?? [])) return fieldError('not-allowed-domain', EMAIL_BLOCKED_MESSAGE);
  return undefined;
}

/** validateEmail as a Check bound to configuration, for forms. */
export function emailValidator(options: EmailRuleOptions = {}): Check<unknown> {
  return (value) => validateEmail(value, options);
}

/** Parent/guardian email: required when the user is a minor, and when given it must pass the email rule. */
export function validateParentEmail(value: unknown, isMinor: boolean, options: EmailRuleOptions = {}): FieldError | undefined {
  const blank = typeof value !== 'string' || value.trim() === '';
  return blank && !isMinor ? undefined : validateEmail(value, options);
}

/** Email addresses compare case-insensitively (and ignoring surrounding spaces). */
export function isSameEmail(a: string | null | undefined, b: string | null | undefined): boolean {
  return (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
}

/** Contacts form: Save is enabled only for a non-empty, valid email that differs from the current one. */
export function canSaveEmail(newEmail: string | null | undefined, currentEmail: string | null | undefined, options: EmailRuleOptions = {}): boolean {
  return !isSameEmail(newEmail, currentEmail) && validateEmail(newEmail, options) === undefined;
}

/** Message after an email change request: 'Change Email request has been sent. Please check your {email} email'. */
export function emailChangeSentMessage(email: string): string {
  return `Change Email request has been sent. Please check your ${email} email`;
}

/**
 * The message under the email field when a change fails: body 'User exists' -> 'Please use a
 * different email address.'; status 0 -> 'Something with server. Please try again later'; any other
 * string body is shown as the server's message; otherwise nothing.
 */
export function emailChangeErrorMessage(status: number, body: unknown): string | undefined {
  if (body === USER_EXISTS_BODY) return EMAIL_BLOCKED_MESSAGE;
  if (status === 0) return 'Something with server. Please try again later';
  return typeof body === 'string' && body !== '' ? body : undefined;
}
