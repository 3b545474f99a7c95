import { emailNotices, INVALID_EMAIL_MESSAGE, shouldAutoDismissInvalidNotice, verifyEmailMessage } from './email-notice';

const base = { emailVerified: false, notValidEmail: false, invalidSeen: false, skipCookie: false };

describe('emailNotices', () => {
  it.each([
    ['unverified', base, { verification: true, invalid: false }],
    ['verified', { ...base, emailVerified: true }, { verification: false, invalid: false }],
    ['invalid, not seen', { ...base, notValidEmail: true }, { verification: false, invalid: true }],
    ['invalid, seen', { ...base, notValidEmail: true, invalidSeen: true }, { verification: false, invalid: false }],
    ['skip cookie', { ...base, notValidEmail: true, skipCookie: true }, { verification: false, invalid: false }],
    ['closed', { ...base, closed: true }, { verification: false, invalid: false }],
    ['not closed', { ...base, closed: false }, { verification: true, invalid: false }],
  ])('%s', (_name, input, expected) => {
    expect(emailNotices(input)).toEqual(expected);
  });
  it('has the exact messages', () => {
    expect(verifyEmailMessage('Cadence')).toBe('Please check your email to verify your Cadence account.');
    expect(INVALID_EMAIL_MESSAGE).toBe(
      'We were unable to deliver emails to the email address that was provided. Please edit your email address in Profile + Preferences.',
    );
  });
});

describe('shouldAutoDismissInvalidNotice', () => {
  it.each([
    [{ code: 'success', email: 'a@b.co' }, true],
    [{ code: 'success', email: '' }, false],
    [{ code: 'success' }, false],
    [{ code: 'fail', email: 'a@b.co' }, false],
    [{}, false],
  ])('%j -> %s', (query, expected) => {
    expect(shouldAutoDismissInvalidNotice(query)).toBe(expected);
  });
});
