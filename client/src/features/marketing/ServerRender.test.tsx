/**
 * @jest-environment node
 */
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { MockedProvider } from '@apollo/client/testing/react';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import AboutPage from './AboutPage';
import FeaturesPage from './FeaturesPage';
import HomePage from './HomePage';
import WhyLevelPage from './WhyLevelPage';

// The public pages are rendered on the server, where there is no window or document.
async function renderOnServer(path: string, Page: ComponentType): Promise<string> {
  const handler = createStaticHandler([{ path, Component: Page }]);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error('unexpected redirect');
  const html = renderToString(
    <MockedProvider mocks={[]}>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />
    </MockedProvider>,
  );
  // React separates adjacent text nodes with empty comments; drop them to compare text.
  return html.replaceAll('<!-- -->', '');
}

describe('marketing pages on the server', () => {
  it('has no window here', () => {
    expect(typeof window).toBe('undefined');
  });

  it.each([
    ['/', HomePage, 'CREATE YOUR RELEASE'],
    ['/about', AboutPage, '<h1>About Cadence</h1>'],
    ['/features', FeaturesPage, 'Release builder'],
    ['/why-level', WhyLevelPage, '<h1>Why Cadence</h1>'],
  ])('renders %s with the default brand', async (path, Page, expected) => {
    const html = await renderOnServer(path, Page);
    expect(html).toContain(expected);
  });
});
