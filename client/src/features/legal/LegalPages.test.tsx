import type { ComponentType } from 'react';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import CookiesPolicyPage, { handle as cookiesHandle } from './CookiesPolicyPage';
import PrivacyPolicyPage, { handle as privacyHandle } from './PrivacyPolicyPage';
import TermsOfUsePage, { handle as termsHandle } from './TermsOfUsePage';

const PAGES: [string, ComponentType, { pageTitle: string; pageDescription: string }][] = [
  ['Terms of Use', TermsOfUsePage, termsHandle],
  ['Privacy Policy', PrivacyPolicyPage, privacyHandle],
  ['Cookies Policy', CookiesPolicyPage, cookiesHandle],
];

function renderPage(Page: ComponentType) {
  return render(
    <MemoryRouter>
      <Page />
    </MemoryRouter>,
  );
}

afterEach(() => {
  delete window.__CADENCE__;
});

describe.each(PAGES)('%s page', (title, Page, handle) => {
  it('has its h1, a last updated date and a title with the brand placeholder', () => {
    const { container } = renderPage(Page);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(container.querySelector('.legal-updated')?.textContent).toMatch(/^Last updated \w+ \d{1,2}, \d{4}$/);
    expect(handle.pageTitle).toContain('{appName}');
    expect(handle.pageDescription).toContain('{appName}');
  });

  it('has a table of contents linking to every h2 section', () => {
    const { container } = renderPage(Page);
    const links = within(screen.getByRole('navigation', { name: 'Contents' })).getAllByRole('link');
    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(links.map((a) => a.textContent)).toEqual(headings.map((h) => h.textContent));
    for (const link of links) {
      const target = container.querySelector(link.getAttribute('href')!);
      expect(target?.querySelector('h2')?.textContent).toBe(link.textContent);
    }
  });

  it('uses the configured brand', () => {
    window.__CADENCE__ = { brandName: 'Tempo', companyName: 'Tempo SAS', supportEmail: 'aide@tempo.test' };
    const { container } = renderPage(Page);
    expect(container.textContent).toContain('Tempo');
    expect(container.textContent).not.toContain('Cadence');
  });
});

describe('Privacy Policy page', () => {
  it('covers what we collect, retention and children', () => {
    const { container } = renderPage(PrivacyPolicyPage);
    const h3s = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(h3s).toEqual([
      'Account and profile data',
      'Release metadata and files',
      'Payment and payout data',
      'Usage and analytics data',
    ]);
    const text = container.textContent ?? '';
    expect(text).toContain('We keep those records after your account is deleted, but without your name');
    expect(text).toContain('Children under 13 may not use');
    expect(text).toContain("we need a parent's or guardian's email address");
  });
});

describe('Cookies Policy page', () => {
  it('lists the cookies and storage keys the app uses', () => {
    const { container } = renderPage(CookiesPolicyPage);
    const codes = Array.from(container.querySelectorAll('table code')).map((c) => c.textContent);
    expect(codes).toEqual(
      expect.arrayContaining([
        'rememberme',
        'force_login',
        'skip-email-verification-banner',
        'age_restricted',
        'auth-redirect-url',
        'redirect_url',
        'lock_redirect_url',
        'INVALID_EMAIL_NOTIFICATION_SEEN',
        'hide-upgrade-plan-warning',
      ]),
    );
    const text = container.textContent ?? '';
    expect(text).toContain('httpOnly');
    expect(text).toContain('Marketing campaign and template cookies');
    expect(text).toContain('Web push click cookie');
    expect(text).toContain('In-app message refresh marker');
    expect(text).toContain('12 hours');
    expect(screen.getAllByRole('table')).toHaveLength(2);
    // Scrollable tables stay reachable from the keyboard.
    const wraps = Array.from(container.querySelectorAll('.legal-table-wrap'));
    expect(wraps).toHaveLength(2);
    for (const wrap of wraps) {
      expect(wrap.getAttribute('role')).toBe('region');
      expect(wrap.getAttribute('tabindex')).toBe('0');
    }
  });
});
