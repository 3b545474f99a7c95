import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router-dom';

export interface SiteHeaderProps {
  /** Where the brand link leads (the start page for visitors, /releases when signed in). */
  home: string;
  brandName: string;
  logo: string;
  /** The signed-in application's header (its own breakpoints in the shell's CSS). */
  app?: boolean;
  /** The navigation: links, menus. */
  children: ReactNode;
}

/** The site header both navigations share (issue 17): the brand link with its logo, then the navigation. */
export function SiteHeader({ home, brandName, logo, app = false, children }: SiteHeaderProps) {
  return (
    <header className={app ? 'site-header site-header--app' : 'site-header'}>
      <Link className="site-header__brand" to={home}>
        <img src={logo} alt="" width="28" height="28" />
        <span>{brandName}</span>
      </Link>
      {children}
    </header>
  );
}

export interface MenuToggleProps {
  ref?: Ref<HTMLButtonElement>;
  open: boolean;
  /** The id of the menu it opens and closes. */
  controls: string;
  onClick: () => void;
}

/** The "Menu" toggle of a narrow screen's navigation: a disclosure button (aria-expanded, aria-controls). */
export function MenuToggle({ ref, open, controls, onClick }: MenuToggleProps) {
  return (
    <button ref={ref} type="button" className="menu-toggle" aria-expanded={open} aria-controls={controls} onClick={onClick}>
      <span className="menu-toggle__icon" aria-hidden="true" />
      <span className="visually-hidden">Menu</span>
    </button>
  );
}
