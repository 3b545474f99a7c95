import { isExternalNavHidden, isFooterHidden, isMainNavHidden } from './visibility';

test.each([
  ['/', true],
  ['', true],
  ['/disabled', true],
  ['/on-boarding', true],
  ['/on-boarding/review', true],
  ['/splash', true],
  ['/releases', false],
  ['/about', false],
  ['/single-signup', false],
  ['/splashy', false],
])('main navigation hidden on %j: %s', (pathname, hidden) => {
  expect(isMainNavHidden(pathname)).toBe(hidden);
});

test.each([
  ['/single-signup', true],
  ['/splash', true],
  ['/', true],
  ['/features', false],
])('visitors navigation hidden on %j: %s', (pathname, hidden) => {
  expect(isExternalNavHidden(pathname)).toBe(hidden);
});

test.each([
  ['/disabled', true],
  ['/on-boarding', true],
  ['/on-boarding/congrats', true],
  ['/splash', true],
  ['/', false],
  ['/releases', false],
  ['/single-signup', false],
])('footer hidden on %j: %s', (pathname, hidden) => {
  expect(isFooterHidden(pathname)).toBe(hidden);
});
