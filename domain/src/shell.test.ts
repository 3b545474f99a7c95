import {
  brandVariant,
  fillAppName,
  isExternalMenuHidden,
  isFooterCopyrightHidden,
  isHomePage,
  isMainNavHidden,
  isSignedInNavPath,
  lockedUserRedirect,
  needsCacheBuster,
  withCacheBuster,
} from './shell';

describe('chrome by path', () => {
  // path, home, nav hidden, footer copyright hidden, signed-in nav, external menu hidden
  it.each([
    ['/', true, true, false, false, false],
    ['', true, true, false, false, false],
    ['/?login=login', true, true, false, false, false],
    ['/about', false, false, false, false, false],
    ['/disabled', false, true, true, false, true],
    ['/on-boarding?step=2', false, true, true, false, true],
    ['/splash', false, true, true, false, true],
    ['/single-signup', false, false, false, false, true],
    ['/releases/12', false, false, false, true, false],
    ['/sales', false, false, false, true, false],
    ['/trends', false, false, false, true, false],
    ['/settings', false, false, false, true, false],
  ])('%j', (path, home, navHidden, footerHidden, signedInNav, externalHidden) => {
    expect(isHomePage(path)).toBe(home);
    expect(isMainNavHidden(path)).toBe(navHidden);
    expect(isFooterCopyrightHidden(path)).toBe(footerHidden);
    expect(isSignedInNavPath(path)).toBe(signedInNav);
    expect(isExternalMenuHidden(path)).toBe(externalHidden);
  });
});

describe('guards, brand, cache', () => {
  it.each([
    ['/captcha', null],
    ['/captcha?x=1', null],
    ['/releases', '/captcha'],
  ])('lockedUserRedirect(%s) = %j', (path, redirect) => {
    expect(lockedUserRedirect(path)).toBe(redirect);
  });
  it.each([
    ['FR', 'fr'],
    [' fr ', 'fr'],
    ['US', 'default'],
    [null, 'default'],
    [undefined, 'default'],
  ])('brandVariant(%j) = %s', (country, brand) => {
    expect(brandVariant(country)).toBe(brand);
  });
  it('fills the app name', () => {
    expect(fillAppName('Welcome to {appName} | {appName}', 'Level')).toBe('Welcome to Level | Level');
  });
  it.each([
    ['GET', '/api/releases', true],
    ['get', '/api/releases', true],
    ['GET', '/assets/logo.svg', false],
    ['POST', '/api/releases', false],
  ])('needsCacheBuster(%s, %s) = %s', (method, url, expected) => {
    expect(needsCacheBuster(method, url)).toBe(expected);
  });
  it.each([
    ['/api/releases', '/api/releases?t=5'],
    ['/api/sales?page=2', '/api/sales?page=2&t=5'],
  ])('withCacheBuster(%s)', (url, out) => {
    expect(withCacheBuster(url, 5)).toBe(out);
  });
});
