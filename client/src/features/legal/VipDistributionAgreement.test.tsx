import { render, screen } from '@testing-library/react';
import { VipDistributionAgreement } from './VipDistributionAgreement';

const year = new Date().getFullYear();

describe('VipDistributionAgreement', () => {
  it('has the four sections in order', () => {
    render(<VipDistributionAgreement brandName="Cadence" />);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Eligibility',
      'Plan and Payments',
      'Net Receipts Wallet',
      'Suspension of Payments',
    ]);
  });

  it('says the VIP account has no fee for now, though one may come back', () => {
    const { container } = render(<VipDistributionAgreement brandName="Cadence" />);
    expect(container.textContent).toContain('A VIP account currently has no fee. We may bring a fee back');
  });

  it('names the brand it is given', () => {
    const { container } = render(<VipDistributionAgreement brandName="Tempo" />);
    expect(container.textContent).toContain('VIP accounts on Tempo');
  });

  it('ends with the copyright line unless hidden', () => {
    const { container, rerender } = render(<VipDistributionAgreement brandName="Cadence" />);
    const last = container.querySelector('.legal-doc')?.lastElementChild;
    expect(last?.textContent).toBe(`© ${year} Cadence Music Ltd.`);
    rerender(<VipDistributionAgreement brandName="Cadence" hideCopyright />);
    expect(container.textContent).not.toContain('©');
  });
});
