/**
 * @jest-environment node
 */
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import CookiesPolicyPage from './CookiesPolicyPage';
import DistributionTermsPage from './DistributionTermsPage';
import PrivacyPolicyPage from './PrivacyPolicyPage';
import TermsOfUsePage from './TermsOfUsePage';

// The public pages are rendered on the server, where there is no window or document.
async function renderOnServer(path: string, url: string, Page: ComponentType): Promise<string> {
  const routes = [{ path, Component: Page }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error('unexpected redirect');
  const html = renderToString(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />,
  );
  // React separates adjacent text nodes with empty comments; drop them to compare text.
  return html.replaceAll('<!-- -->', '');
}

describe('legal pages on the server', () => {
  it('has no window here', () => {
    expect(typeof window).toBe('undefined');
  });

  it.each([
    ['/terms-of-use', TermsOfUsePage, 'Terms of Use'],
    ['/privacy-policy', PrivacyPolicyPage, 'Privacy Policy'],
    ['/cookies-policy', CookiesPolicyPage, 'Cookies Policy'],
    ['/distribution-terms', DistributionTermsPage, 'Distribution Terms'],
  ])('renders %s with the default brand', async (path, Page, title) => {
    const html = await renderOnServer(path, path, Page);
    expect(html).toContain(`<h1>${title}</h1>`);
  });

  it('renders the variant chosen in the query', async () => {
    const html = await renderOnServer('/distribution-terms', '/distribution-terms?variant=vip-addendum', DistributionTermsPage);
    expect(html).toContain('<h1>VIP Distribution Terms Addendum</h1>');
    expect(html).toContain('Cadence Music Ltd.');
  });
});
