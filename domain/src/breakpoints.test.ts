import { deviceForWidth, usesExternalMobileMenu, usesMobileMenu } from './breakpoints';

describe('breakpoints', () => {
  it.each([
    [0, 'mobile'],
    [767, 'mobile'],
    [768, 'tablet'],
    [992, 'tablet'],
    [993, 'desktop'],
    [1920, 'desktop'],
  ])('deviceForWidth(%i) = %s', (width, device) => {
    expect(deviceForWidth(width)).toBe(device);
  });
  it.each([
    [768, true, true],
    [769, false, true],
    [900, false, true],
    [901, false, false],
  ])('width %i: mobile menu %s, external mobile menu %s', (width, mobile, external) => {
    expect(usesMobileMenu(width)).toBe(mobile);
    expect(usesExternalMobileMenu(width)).toBe(external);
  });
});
