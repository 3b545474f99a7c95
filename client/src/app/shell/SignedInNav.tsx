import { useEffect, useId } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useBrand } from '../../lib/brand';
import { getBootConfig } from '../../lib/boot-config';
import type { Viewer } from '../../lib/viewer';
import { signOut } from '../../lib/data-layer';
import { useShellServices } from '../../lib/shell-services';
import { useScrollLock } from '../../ui/scroll-lock';
import { MenuToggle, SiteHeader } from '../../ui/SiteHeader';
import { useDisclosure } from './useDisclosure';

/**
 * Core §2: the signed-in navigation on /releases, /sales, /trends and /settings. The account menu
 * is a disclosure (button + list of links), which keyboards and screen readers handle natively.
 * Core §2 and §9: at 768 px or less the links and the account menu fold into a mobile menu behind
 * a toggle (CSS decides, so every width renders the same HTML); it locks page scrolling while open
 * and closes on a link click, a click outside, Escape or a change of page.
 */
export function SignedInNav({ viewer }: { viewer: Viewer }) {
  const { brandName, supportEmail } = useBrand();
  const { logo, helpCenterUrl } = getBootConfig();
  const { leave } = useShellServices();
  const menuId = useId();
  const { open, setOpen, toggle, close, containerRef, toggleRef } = useDisclosure();
  const mobileMenuId = useId();
  const mobile = useDisclosure();
  const { setOpen: setMobileOpen, close: closeMobile } = mobile;
  const { pathname } = useLocation();
  useScrollLock(mobile.open);
  useEffect(() => {
    setOpen(false);
    setMobileOpen(false);
  }, [pathname, setOpen, setMobileOpen]);

  return (
    <SiteHeader home="/releases" brandName={brandName} logo={logo} app>
      <div ref={mobile.containerRef} className="app-menu">
        <MenuToggle ref={mobile.toggleRef} open={mobile.open} controls={mobileMenuId} onClick={mobile.toggle} />
        <div id={mobileMenuId} className={mobile.open ? 'app-menu__panel app-menu__panel--open' : 'app-menu__panel'} onClick={(e) => (e.target as HTMLElement).closest('a') && closeMobile()}>
          <nav aria-label="Main">
            <ul className="site-nav">
              <li>
                <NavLink to="/releases" end>
                  Releases
                </NavLink>
              </li>
              <li>
                <NavLink to="/sales">Sales + Payments</NavLink>
              </li>
              {!viewer.isAnalyticsDisabled && (
                <li>
                  <NavLink to="/trends">Analytics</NavLink>
                </li>
              )}
            </ul>
          </nav>
          <div ref={containerRef} className="account-menu">
            <button ref={toggleRef} type="button" className="account-menu__toggle" aria-expanded={open} aria-controls={menuId} onClick={toggle}>
              Account
            </button>
            <ul id={menuId} className="account-menu__list" hidden={!open}>
              <li>
                <Link to="/settings" onClick={close}>
                  Profile + Preferences
                </Link>
              </li>
              <li>
                {/* Without a configured help centre, Support falls back to the support address. */}
                <a href={helpCenterUrl ?? `mailto:${supportEmail}`} target="_blank" rel="noopener noreferrer" onClick={close}>
                  Support<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
              <li>
                <button type="button" onClick={() => void signOut(leave)}>
                  Sign Out
                </button>
              </li>
            </ul>
          </div>
        </div>
      </div>
    </SiteHeader>
  );
}
