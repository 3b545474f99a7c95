import type { ComponentType } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { HttpResponse } from 'msw';
import { useMswServer } from '../../../test/msw';
import { api } from '../../../test/graphql';
import { StoresListDocument } from '../../gql/graphql';
import AboutPage, { handle as aboutHandle } from './AboutPage';
import FeaturesPage, { handle as featuresHandle } from './FeaturesPage';
import HomePage, { handle as homeHandle } from './HomePage';
import WhyLevelPage, { handle as whyHandle } from './WhyLevelPage';

useMswServer(
  api.query(StoresListDocument, () =>
    HttpResponse.json({ data: { dsps: [{ id: '1', name: 'Spotify' }, { id: '2', name: 'Apple Music' }] } }),
  ),
);

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

describe('HomePage', () => {
  it('says what Cadence is', () => {
    const { container } = renderPage(HomePage);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Get your music into streaming stores and keep 100% of your net receipts.',
    );
    expect(container.textContent).toContain('open source');
  });

  it('links to sign-up (the dialog on its create-account side), says the price, and links to the features', () => {
    renderPage(HomePage);
    const signUp = screen.getAllByRole('link', { name: /^Sign up/ });
    expect(signUp.length).toBeGreaterThan(1);
    for (const link of signUp) expect(link.getAttribute('href')).toBe('/?login=signup');
    expect(screen.getByText(/Free to start/)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'See the features' })[0]?.getAttribute('href')).toBe('/features');
  });

  it('shows the four release steps', () => {
    renderPage(HomePage);
    expect(screen.getByRole('list', { name: 'How releasing works' }).children).toHaveLength(4);
  });
});

describe('FeaturesPage', () => {
  it('presents every feature', () => {
    renderPage(FeaturesPage);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Release builder',
      'Delivery to stores',
      'Analytics',
      'Sales and withdrawals',
      'Plans',
      'In-app support',
    ]);
  });

  it('lists the stores we deliver to, from the dictionary', async () => {
    renderPage(FeaturesPage);
    const list = await screen.findByRole('list', { name: 'Stores we deliver to' });
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Spotify', 'Apple Music']);
  });
});

describe('WhyLevelPage', () => {
  it('speaks of the configured brand', () => {
    window.__CADENCE__ = { brandName: 'Tempo' };
    renderPage(WhyLevelPage);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Why Tempo');
  });
});

describe.each([
  ['HomePage', HomePage, homeHandle],
  ['AboutPage', AboutPage, aboutHandle],
  ['FeaturesPage', FeaturesPage, featuresHandle],
  ['WhyLevelPage', WhyLevelPage, whyHandle],
] as const)('%s', (_name, Page, handle) => {
  it('has exactly one h1 and a title and description with the brand placeholder', () => {
    renderPage(Page);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(handle.pageTitle).toContain('{appName}');
    expect(handle.pageDescription).toContain('{appName}');
  });

  it('uses the configured brand', () => {
    window.__CADENCE__ = { brandName: 'Tempo', companyName: 'Tempo SAS', supportEmail: 'aide@tempo.test' };
    const { container } = renderPage(Page);
    expect(container.textContent).toContain('Tempo');
    expect(container.textContent).not.toContain('Cadence');
  });
});
