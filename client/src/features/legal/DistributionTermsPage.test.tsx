import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import DistributionTermsPage, { handle, variantFrom } from './DistributionTermsPage';

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/distribution-terms" element={<DistributionTermsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const h1 = () => screen.getByRole('heading', { level: 1 }).textContent;
const h2s = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('DistributionTermsPage', () => {
  it('shows the general terms by default', () => {
    renderAt('/distribution-terms');
    expect(h1()).toBe('Distribution Terms');
    expect(h2s()).toHaveLength(12);
    const current = screen.getByRole('link', { name: 'Distribution Terms', current: 'page' });
    expect(current.getAttribute('href')).toBe('/distribution-terms');
  });

  it('shows the VIP agreement for ?variant=vip', () => {
    renderAt('/distribution-terms?variant=vip');
    expect(h1()).toBe('VIP Distribution Agreement');
    expect(h2s()).toEqual(['Eligibility', 'Plan and Payments', 'Net Receipts Wallet', 'Suspension of Payments']);
  });

  it('shows the VIP addendum for ?variant=vip-addendum', () => {
    renderAt('/distribution-terms?variant=vip-addendum');
    expect(h1()).toBe('VIP Distribution Terms Addendum');
    expect(h2s()[0]).toBe('Definitions');
  });

  it('falls back to the general terms for an unknown variant', () => {
    expect(variantFrom('gold')).toBe('general');
    expect(variantFrom(null)).toBe('general');
    renderAt('/distribution-terms?variant=gold');
    expect(h1()).toBe('Distribution Terms');
  });

  it('switches version from the keyboard', async () => {
    const user = userEvent.setup();
    renderAt('/distribution-terms');
    const versions = screen.getByRole('navigation', { name: 'Versions of the distribution terms' });
    expect(versions).toBeTruthy();
    const vip = screen.getByRole('link', { name: 'VIP Agreement' });
    vip.focus();
    await user.keyboard('{Enter}');
    expect(h1()).toBe('VIP Distribution Agreement');
    expect(screen.getByRole('link', { name: 'VIP Agreement', current: 'page' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'VIP Addendum' }));
    expect(h1()).toBe('VIP Distribution Terms Addendum');
  });

  it('has a title and description with the brand placeholder', () => {
    expect(handle.pageTitle).toContain('{appName}');
    expect(handle.pageDescription).toContain('{appName}');
  });
});
