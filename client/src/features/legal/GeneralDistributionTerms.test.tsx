import { render, screen, within } from '@testing-library/react';
import { GeneralDistributionTerms } from './GeneralDistributionTerms';

const HEADINGS = [
  'Eligibility',
  'Plans/Payments/Renewals',
  'Payments',
  'The Service',
  'License Grant',
  'Usage Data',
  'User Rights and Obligations',
  'Representations and Warranties',
  'Important Notice',
  'Changes to This Agreement',
  'Term/Termination/Suspension',
  'Force Majeure',
];

const year = new Date().getFullYear();

afterEach(() => {
  delete window.__CADENCE__;
});

describe('GeneralDistributionTerms', () => {
  it('shows the twelve sections in order', () => {
    render(<GeneralDistributionTerms brandName="Cadence" />);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(HEADINGS);
  });

  it('lists the same sections in its table of contents, linking to each one', () => {
    const { container } = render(<GeneralDistributionTerms brandName="Cadence" />);
    const toc = screen.getByRole('navigation', { name: 'Contents' });
    const links = within(toc).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(HEADINGS);
    for (const link of links) {
      const id = link.getAttribute('href')!.slice(1);
      expect(container.querySelector(`#${id} h2`)?.textContent).toBe(link.textContent);
    }
  });

  it('says when it was last updated', () => {
    const { container } = render(<GeneralDistributionTerms brandName="Cadence" />);
    const updated = container.querySelector('.legal-updated');
    expect(updated?.textContent).toBe('Last updated September 23, 2024');
    expect(updated?.querySelector('time')?.getAttribute('dateTime')).toBe('2024-09-23');
  });

  it('links to the terms of use in a new tab and says so', () => {
    render(<GeneralDistributionTerms brandName="Cadence" />);
    const link = screen.getByRole('link', { name: 'Terms of Use (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('/terms-of-use');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('speaks of the brand it is given', () => {
    const { container } = render(<GeneralDistributionTerms brandName="Tempo" hideCopyright />);
    expect(container.textContent).toContain('between you and Tempo');
    expect(container.textContent).not.toContain('Cadence ');
  });

  it('covers the figures the plan promises', () => {
    const { container } = render(<GeneralDistributionTerms brandName="Cadence" />);
    const text = container.textContent ?? '';
    expect(text).toContain('100% of your net receipts');
    expect(text).toContain('United States Dollars');
    expect(text).toContain('up to 200 recordings per recording artist, for up to 5 recording artists');
    expect(text).toContain('existing ISRCs');
    expect(text).toContain('No one under 13');
    expect(text).toContain('within 30 days');
    expect(text).toContain('Final Payment Date');
  });

  it('ends with the copyright line for the current year and the configured company', () => {
    render(<GeneralDistributionTerms brandName="Cadence" />);
    expect(screen.getByText(`© ${year} Cadence Music Ltd.`)).toBeTruthy();
  });

  it('takes the company from the brand configuration, or from its prop', () => {
    window.__CADENCE__ = { companyName: 'Tempo SAS' };
    const { unmount } = render(<GeneralDistributionTerms brandName="Tempo" />);
    expect(screen.getByText(`© ${year} Tempo SAS`)).toBeTruthy();
    unmount();
    render(<GeneralDistributionTerms brandName="Tempo" companyName="Other Ltd." />);
    expect(screen.getByText(`© ${year} Other Ltd.`)).toBeTruthy();
  });

  it('leaves out the copyright line when asked', () => {
    const { container } = render(<GeneralDistributionTerms brandName="Cadence" hideCopyright />);
    expect(container.textContent).not.toContain('©');
  });
});
