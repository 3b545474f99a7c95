import {
  canSaveEmail,
  emailChangeErrorMessage,
  emailChangeSentMessage,
  emailDomain,
  emailValidator,
  isAcceptedTld,
  isBlockedDomain,
  isSameEmail,
  validateEmail,
  validateParentEmail,
} from './email';

const blockedDomains = ['mailinator\\.com', 'yopmail\\..*', 'bad(', /TEMP-MAIL/];

const REQUIRED = { key: 'required', message: 'Email required' };
const invalid = (key: string) => ({ key, message: 'Not a valid email' });
const BLOCKED = { key: 'not-allowed-domain', message: 'Please use a different email address.' };

describe('validateEmail', () => {
  it.each([
    [undefined, REQUIRED],
    [null, REQUIRED],
    ['', REQUIRED],
    ['   ', REQUIRED],
    [42, REQUIRED],
    ['plainaddress', invalid('email')],
    ['a b@c.com', invalid('email')],
    ['ann@localhost', invalid('common-js-pattern')],
    ['ann@host.c', invalid('common-js-pattern')],
    ['ann@host.c0m', invalid('common-js-pattern')],
    ['ann@host.test', invalid('not-tld-domains')],
    ['ann@printer.local', invalid('not-tld-domains')],
    ['ann@MAILINATOR.com', BLOCKED],
    ['ann@x.mailinator.com', BLOCKED],
    ['ann@yopmail.fr', BLOCKED],
    ['ann@bad.org', undefined], // the invalid pattern 'bad(' only matches literally
    ['ann@my-temp-mail.org', BLOCKED],
    ['ann@notmailinator.com', undefined],
    [' Ann.Lee+tag@Example.co.uk ', undefined],
  ])('%j', (value, expected) => {
    expect(validateEmail(value, { blockedDomains })).toEqual(expected);
  });

  it.each([
    [243, { key: 'maxlength', message: 'Length should be less or equal to 254' }],
    [100_000, { key: 'maxlength', message: 'Length should be less or equal to 254' }],
  ])('limits an address to 254 characters (local part of %d)', (n, expected) => {
    expect(validateEmail(`${'a'.repeat(n)}@example.com`)).toEqual(expected);
  });

  it('has no blocked domains by default', () => {
    expect(validateEmail('ann@mailinator.com')).toBeUndefined();
    expect(emailValidator()('ann@mailinator.com')).toBeUndefined();
    expect(emailValidator({ blockedDomains })('ann@mailinator.com')).toEqual(BLOCKED);
  });
});

describe('helpers', () => {
  it.each([
    ['Ann@Example.COM', 'example.com'],
    ['nope', ''],
  ])('emailDomain(%j) = %j', (email, domain) => {
    expect(emailDomain(email)).toBe(domain);
  });
  it.each([
    ['example.com', true],
    ['example.MUSIC', true],
    ['example.test', false],
    ['example.c', false],
    ['localhost', false],
  ])('isAcceptedTld(%j) = %s', (domain, expected) => {
    expect(isAcceptedTld(domain)).toBe(expected);
  });
  it.each([
    ['bad(', true],
    ['x.bad(', true],
    ['bad', false],
  ])('an invalid pattern matches literally: isBlockedDomain(%j) = %s', (domain, expected) => {
    expect(isBlockedDomain(domain, ['bad('])).toBe(expected);
  });
});

describe('validateParentEmail', () => {
  it.each([
    ['', true, REQUIRED],
    [null, true, REQUIRED],
    ['', false, undefined],
    [undefined, false, undefined],
    ['nope', false, invalid('email')],
    ['mum@example.com', true, undefined],
    ['mum@mailinator.com', false, BLOCKED],
  ])('%j (minor: %s)', (value, minor, expected) => {
    expect(validateParentEmail(value, minor, { blockedDomains })).toEqual(expected);
  });
  it('works without options', () => {
    expect(validateParentEmail('mum@mailinator.com', true)).toBeUndefined();
  });
});

describe('contacts form', () => {
  it.each([
    ['A@x.com', ' a@X.com ', true],
    [null, undefined, true],
    ['a@x.com', 'b@x.com', false],
  ])('isSameEmail(%j, %j) = %s', (a, b, expected) => {
    expect(isSameEmail(a, b)).toBe(expected);
  });
  it.each([
    ['', 'old@x.com', false],
    ['OLD@x.com', 'old@x.com', false],
    ['new@x', 'old@x.com', false],
    ['new@mailinator.com', 'old@x.com', false],
    ['new@x.com', 'old@x.com', true],
  ])('canSaveEmail(%j, %j) = %s', (next, current, expected) => {
    expect(canSaveEmail(next, current, { blockedDomains })).toBe(expected);
  });
  it('canSaveEmail works without options', () => {
    expect(canSaveEmail('new@x.com', 'old@x.com')).toBe(true);
  });
  it('formats the sent message', () => {
    expect(emailChangeSentMessage('ann@x.com')).toBe('Change Email request has been sent. Please check your ann@x.com email');
  });
  it.each([
    [409, 'User exists', 'Please use a different email address.'],
    [0, null, 'Something with server. Please try again later'],
    [400, 'Email is locked', 'Email is locked'],
    [400, '', undefined],
    [500, { message: 'x' }, undefined],
  ])('emailChangeErrorMessage(%i, %j) = %j', (status, body, expected) => {
    expect(emailChangeErrorMessage(status, body)).toBe(expected);
  });
});
