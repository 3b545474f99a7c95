import { render, screen } from '@testing-library/react';
import { VipTermsAddendum } from './VipTermsAddendum';

const year = new Date().getFullYear();

describe('VipTermsAddendum', () => {
  it('defines the six terms in a description list', () => {
    const { container } = render(<VipTermsAddendum brandName="Cadence" />);
    const terms = Array.from(container.querySelectorAll('dl > dt')).map((dt) => dt.textContent);
    expect(terms).toEqual([
      'Net Receipts',
      'Final Payment Date',
      'Exclusive Exploitation Period',
      'Fee',
      'Group',
      'Music Platforms',
    ]);
    expect(container.querySelectorAll('dl > dd')).toHaveLength(6);
  });

  it('states the 8% fee, the 30-day objection windows and the 2-year exclusive period', () => {
    const { container } = render(<VipTermsAddendum brandName="Cadence" />);
    const text = container.textContent ?? '';
    expect(text).toContain('We keep a distribution fee of 8%. You receive 100% of Net Receipts');
    expect(text).toContain('within 30 days of its date');
    expect(text).toContain('until 30 days after the Final Payment Date');
    expect(text).toContain('lasts 2 years from its commercial release');
  });

  it('says when it was last updated', () => {
    const { container } = render(<VipTermsAddendum brandName="Cadence" />);
    expect(container.querySelector('.legal-updated')?.textContent).toBe('Last updated September 23, 2024');
  });

  it('links to the terms of use and the distribution terms in new tabs', () => {
    render(<VipTermsAddendum brandName="Cadence" />);
    for (const [name, href] of [
      ['Terms of Use (opens in a new tab)', '/terms-of-use'],
      ['Distribution Terms (opens in a new tab)', '/distribution-terms'],
    ] as const) {
      const link = screen.getByRole('link', { name });
      expect(link.getAttribute('href')).toBe(href);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('shows the copyright line with the current year unless hidden', () => {
    const { container, rerender } = render(<VipTermsAddendum brandName="Cadence" />);
    expect(screen.getByText(`© ${year} Cadence Music Ltd.`)).toBeTruthy();
    rerender(<VipTermsAddendum brandName="Cadence" hideCopyright />);
    expect(container.textContent).not.toContain('©');
  });
});
