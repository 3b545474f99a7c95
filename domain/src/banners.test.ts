import { bannerLayout, isMarketingPage } from './banners';

describe('isMarketingPage', () => {
  it.each([
    ['/', true],
    ['/about', true],
    ['/features', true],
    ['/releases', false],
    ['/releases/12', false],
    ['/sales', false],
    ['/trends', false],
    ['/settings', false],
    ['/on-boarding?step=2', false],
  ])('%s -> %s', (path, expected) => {
    expect(isMarketingPage(path)).toBe(expected);
  });
});

describe('bannerLayout', () => {
  // path, alert, blue, email -> layout
  it.each([
    ['/releases', true, true, true, 'three banners'],
    ['/', true, true, true, 'two banners'],
    ['/', true, true, false, 'two banners'],
    ['/releases', true, true, false, 'two banners'],
    ['/releases', true, false, true, 'two banners'],
    ['/releases', false, true, true, 'two banners'],
    ['/', true, false, true, null],
    ['/releases', false, false, false, 'all seen'],
    ['/', false, false, false, 'all seen'],
    ['/', false, false, true, 'all seen'],
    ['/releases', false, false, true, null],
    ['/releases', true, false, false, null],
    ['/', false, true, false, null],
  ])('%s alert=%s blue=%s email=%s -> %j', (path, alert, blue, email, layout) => {
    expect(bannerLayout({ path, alert, blue, email })).toBe(layout);
  });
});
