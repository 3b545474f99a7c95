import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { api } from '../../../test/graphql';
import { useMswServer } from '../../../test/msw';
import { BrowserNotice, isInternetExplorer } from './BrowserNotice';
import { ORIGIN, renderShell } from './__test-support__/shell-test-utils';
import { noteSessionStarted } from '../../lib/session-hint';

let profile: Record<string, unknown> | null = null;
let signedOut = false;
let viewerAsked = 0;

useMswServer(
  api.query('ShellViewer', () => (viewerAsked++, HttpResponse.json({ data: { viewer: profile ? { __typename: 'Profile', ...profile } : null } }))),
  http.get(`${ORIGIN}/api/in-app-messages`, () => HttpResponse.json([])),
  http.get(`${ORIGIN}/api/in-app-messages/unauthorized`, () => HttpResponse.json([])),
  api.mutation('SignOut', () => {
    signedOut = true;
    return HttpResponse.json({ data: { signOut: { __typename: 'SignOutPayload', signedOut: true } } });
  }),
);

beforeEach(() => {
  window.__CADENCE__ = { brandName: 'Cadence', helpCenterUrl: 'https://help.cadence.test', supportEmail: 'support@cadence.test' };
  profile = { id: 'u1', primaryArtists: ['Nova'], isAnalyticsDisabled: false };
  signedOut = false;
});
afterEach(() => {
  delete window.__CADENCE__;
});

describe('signed-in navigation', () => {
  test('logo to /releases; Releases active only on /releases itself; Sales + Payments and Analytics', async () => {
    renderShell('/releases/42');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.getByRole('link', { name: 'Cadence' })).toHaveAttribute('href', '/releases');
    expect(within(nav).getByRole('link', { name: 'Releases' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Sales + Payments' })).toHaveAttribute('href', '/sales');
    expect(within(nav).getByRole('link', { name: 'Analytics' })).toHaveAttribute('href', '/trends');
  });

  test('Releases is current on /releases', async () => {
    renderShell('/releases');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Releases' })).toHaveAttribute('aria-current', 'page');
  });

  test('Analytics is hidden when analytics is disabled for the user', async () => {
    profile = { id: 'u1', primaryArtists: [], isAnalyticsDisabled: true };
    renderShell('/sales');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Analytics' })).not.toBeInTheDocument();
  });

  test('the account menu: Profile + Preferences goes to /settings and closes; Support opens the help centre in a new tab', async () => {
    const { router } = renderShell('/releases');
    const toggle = await screen.findByRole('button', { name: 'Account' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Profile + Preferences' })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const support = screen.getByRole('link', { name: 'Support (opens in a new tab)' });
    expect(support).toHaveAttribute('href', 'https://help.cadence.test');
    expect(support).toHaveAttribute('target', '_blank');
    await userEvent.click(screen.getByRole('link', { name: 'Profile + Preferences' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(screen.getByRole('button', { name: 'Account' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('a click outside closes the menu; Escape closes it and returns focus to the toggle', async () => {
    renderShell('/releases');
    const toggle = await screen.findByRole('button', { name: 'Account' });
    await userEvent.click(toggle);
    fireEvent.mouseDown(document.body);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Profile + Preferences' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  test('Sign Out signs out', async () => {
    const leave = jest.fn();
    renderShell('/releases', { leave });
    await userEvent.click(await screen.findByRole('button', { name: 'Account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(signedOut).toBe(true));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/'));
  });

  test('the mobile menu (768 px or less): its toggle opens the links and the account menu, locks page scrolling, and a link click closes it', async () => {
    const { router } = renderShell('/releases');
    const menu = await screen.findByRole('button', { name: 'Menu' });
    const panel = document.getElementById(menu.getAttribute('aria-controls')!)!;
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toHaveClass('app-menu__panel--open');
    expect(document.body.style.overflow).toBe('');

    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveClass('app-menu__panel--open');
    expect(document.body.style.overflow).toBe('hidden');
    expect(within(panel).getByRole('link', { name: 'Sales + Payments' })).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Account' }));
    expect(within(panel).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('link', { name: 'Sales + Payments' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sales'));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toHaveClass('app-menu__panel--open');
    expect(document.body.style.overflow).toBe('');
  });
});

describe('external menu', () => {
  beforeEach(() => {
    profile = null;
  });

  test('visitors get the marketing menu; its toggle opens it, locks scrolling, and a link click closes it', async () => {
    const { router } = renderShell('/about');
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/?login=login');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(nav).toHaveClass('site-nav-wrap--open');
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.click(within(nav).getByRole('link', { name: 'Features' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/features'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.body.style.overflow).toBe('');
  });

  test.each(['/', '/splash', '/disabled', '/on-boarding', '/single-signup'])('no menu on %s', async (path) => {
    renderShell(path);
    await screen.findByRole('heading', { level: 1 });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});

describe('Browser Notice', () => {
  test.each([
    ['Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko', true],
    ['Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1)', true],
    ['Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36', false],
  ])('%s → IE %s', (ua, ie) => {
    expect(isInternetExplorer(ua)).toBe(ie);
  });

  test('Internet Explorer users are asked to use Chrome after a short delay; Confirm closes it', async () => {
    render(<BrowserNotice userAgent="Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko" />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Browser Notice' }, { timeout: 2000 });
    expect(dialog).toHaveTextContent('Please use Google Chrome for the best experience of this website.');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

// Last: once a session has started in the page, it stays started for the module's life.
describe('a page whose request had no session cookie', () => {
  test('shows the visitor menu without asking who is signed in, and asks once a session starts in the page', async () => {
    window.__CADENCE__ = { ...window.__CADENCE__, session: false };
    viewerAsked = 0;
    renderShell('/about');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(viewerAsked).toBe(0);
    act(() => noteSessionStarted());
    expect(await within(nav).findByRole('link', { name: 'My releases' })).toHaveAttribute('href', '/releases');
    expect(viewerAsked).toBe(1);
  });
});
