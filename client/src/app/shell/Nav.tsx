import { useEffect, useId } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
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
    <header className="site-header">
      <Link className="site-header__brand" to="/">
        <img src={logo} alt="" width="28" height="28" />
        <span>{brandName}</span>
      </Link>
      <div ref={containerRef} className="site-header__menu">
        <button ref={toggleRef} type="button" className="menu-toggle" aria-expanded={open} aria-controls={menuId} onClick={toggle}>
          <span className="menu-toggle__icon" aria-hidden="true" />
          <span className="visually-hidden">Menu</span>
        </button>
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
                <Link className="button button--small" to="/releases">
                  My releases
                </Link>
              ) : (
                <Link className="button button--small" to="/?login=login">
                  Sign in
                </Link>
              )}
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
