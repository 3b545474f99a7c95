import { render, screen, within } from '@testing-library/react';
import { ReleaseSteps } from './ReleaseSteps';

describe('ReleaseSteps', () => {
  it('shows the four steps in order as an ordered list', () => {
    render(<ReleaseSteps />);
    const list = screen.getByRole('list', { name: 'How releasing works' });
    expect(list.tagName).toBe('OL');
    const titles = within(list)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('.mk-steps__title')?.textContent);
    expect(titles).toEqual([
      'CREATE YOUR RELEASE',
      'SUBMIT FOR DELIVERY',
      'MONITOR TRENDS & INSIGHTS',
      'TRACK SALES & WITHDRAW INCOME',
    ]);
  });

  it('puts a decorative arrow between steps, hidden from assistive technology', () => {
    const { container } = render(<ReleaseSteps />);
    const arrows = container.querySelectorAll('.mk-steps__arrow');
    expect(arrows).toHaveLength(3);
    for (const arrow of arrows) expect(arrow.getAttribute('aria-hidden')).toBe('true');
    const items = container.querySelectorAll('li');
    expect(items[3]?.querySelector('.mk-steps__arrow')).toBeNull();
  });

  it('can leave out the descriptions and take another label', () => {
    const { container } = render(<ReleaseSteps label="Steps" showDetails={false} />);
    expect(screen.getByRole('list', { name: 'Steps' })).toBeTruthy();
    expect(container.querySelectorAll('.mk-steps__text')).toHaveLength(0);
  });
});
