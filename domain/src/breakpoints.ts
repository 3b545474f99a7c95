/** Breakpoints (core spec §9, supporting spec §9): mobile under 768, tablet 768 to 992, desktop above 992. */
import { BREAKPOINT_DESKTOP_ABOVE, BREAKPOINT_TABLET_MIN, EXTERNAL_MOBILE_MENU_MAX_WIDTH, MOBILE_MENU_MAX_WIDTH } from './constants';

export const DEVICES = ['desktop', 'mobile', 'tablet'] as const;
export type Device = (typeof DEVICES)[number];

/** The device class of a window width: mobile < 768 <= tablet <= 992 < desktop. */
export function deviceForWidth(width: number): Device {
  if (width < BREAKPOINT_TABLET_MIN) return 'mobile';
  return width <= BREAKPOINT_DESKTOP_ABOVE ? 'tablet' : 'desktop';
}

/** The signed-in mobile menu is used at 768px or less. */
export function usesMobileMenu(width: number): boolean {
  return width <= MOBILE_MENU_MAX_WIDTH;
}

/** The external (marketing) mobile menu is used at 900px or less. */
export function usesExternalMobileMenu(width: number): boolean {
  return width <= EXTERNAL_MOBILE_MENU_MAX_WIDTH;
}
