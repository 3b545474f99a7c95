import { useEffect, useId } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { buttonClass } from '../../ui/Button';
import { MenuToggle, SiteHeader } from '../../ui/SiteHeader';
import { useBrand } from '../../lib/brand';
import { getBootConfig } from '../../lib/boot-config';
import { useScrollLock } from '../../ui/scroll-lock';
import { useDisclosure } from './useDisclosure';

export interface NavProps {
  /** A signed-in person on a marketing page gets a way back to the app instead of "Sign in". */
  signedIn?: boolean;
}

/**
 * The visitors' (external) navigation. At 900 px or less the links fold into a menu behind a
 * toggle (CSS decides, so the server-rendered HTML is the same for every width); the menu closes
 * on a link click, a click outside or Escape, and locks page scrolling while open.
 */
export function Nav({ signedIn = false }: NavProps) {
  const { brandName } = useBrand();
  const { logo } = getBootConfig();
  const menuId = useId();
  const { open, setOpen, toggle, close, containerRef, toggleRef } = useDisclosure();
  const { pathname } = useLocation();
  useScrollLock(open);
  useEffect(() => setOpen(false), [pathname, setOpen]);

  return (
    <SiteHeader home="/" brandName={brandName} logo={logo}>
      <div ref={containerRef} className="site-header__menu">
        <MenuToggle ref={toggleRef} open={open} controls={menuId} onClick={toggle} />
        <nav aria-label="Main" id={menuId} className={open ? 'site-nav-wrap site-nav-wrap--open' : 'site-nav-wrap'}>
          <ul className="site-nav" onClick={(e) => (e.target as HTMLElement).closest('a') && close()}>
            <li>
              <NavLink to="/features" end>
                Features
              </NavLink>
            </li>
            <li>
              <NavLink to="/about" end>
                About
              </NavLink>
            </li>
            <li>
              {signedIn ? (
                <Link className={buttonClass('primary', 'small')} to="/releases">
                  My releases
                </Link>
              ) : (
                <Link className={buttonClass('primary', 'small')} to="/?login=login">
                  Sign in
                </Link>
              )}
            </li>
          </ul>
        </nav>
      </div>
    </SiteHeader>
  );
}
