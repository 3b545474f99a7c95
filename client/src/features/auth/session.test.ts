import { STORAGE_KEYS } from '@cadence/domain/constants';
import { handleSessionEnded } from '../../app/AccountLayer';
import { clearLock, isLockRemembered, readCookie, rememberLock, rememberWantedUrl, takeWantedUrl } from '../../lib/session';

beforeEach(() => window.localStorage.clear());

test('the wanted URL is read once, and only same-site paths are followed', () => {
  rememberWantedUrl('/sales?year=2025');
  expect(takeWantedUrl()).toBe('/sales?year=2025');
  expect(takeWantedUrl()).toBeNull();
  rememberWantedUrl('//evil.example/x');
  expect(takeWantedUrl()).toBeNull();
  rememberWantedUrl('https://evil.example/x');
  expect(takeWantedUrl()).toBeNull();
});

test('a lock is remembered until the captcha clears it, which returns the wanted URL (sign-in by default)', () => {
  expect(isLockRemembered()).toBe(false);
  rememberLock('me@cadence-mail.com', '/settings');
  expect(isLockRemembered()).toBe(true);
  expect(clearLock()).toBe('/settings');
  expect(isLockRemembered()).toBe(false);
  expect(window.localStorage.getItem(STORAGE_KEYS.usernameFormData)).toBeNull();
  expect(clearLock()).toBe('/?login=login');
});

test('cookies are read by exact name', () => {
  expect(readCookie('force_login', 'a=1; force_login=u%201; force_login_x=2')).toBe('u 1');
  expect(readCookie('age_restricted', 'age_restricted_not=1')).toBeNull();
});

test('a 401 on a signed-in page clears local data and remembers the page for after sign-in', () => {
  window.localStorage.setItem(STORAGE_KEYS.userProfile, '{"id":"u1"}');
  window.history.pushState({}, '', '/settings?tab=tokens');
  handleSessionEnded();
  expect(window.localStorage.getItem(STORAGE_KEYS.userProfile)).toBeNull();
  expect(window.localStorage.getItem(STORAGE_KEYS.authRedirectUrl)).toBe('/settings?tab=tokens');
});

test('a 401 on a public page only clears local data', () => {
  window.localStorage.setItem(STORAGE_KEYS.userProfile, '{"id":"u1"}');
  window.history.pushState({}, '', '/about');
  handleSessionEnded();
  expect(window.localStorage.getItem(STORAGE_KEYS.userProfile)).toBeNull();
  expect(window.localStorage.getItem(STORAGE_KEYS.authRedirectUrl)).toBeNull();
});
