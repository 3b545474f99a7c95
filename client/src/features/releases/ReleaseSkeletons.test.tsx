import { render, screen, within } from '@testing-library/react';
import { pendingSkeleton } from '../../app/shell/PendingPage';
import ReleaseSkeleton, { ReleaseEditorSkeleton, ReleasesSkeleton } from './ReleaseSkeletons';

/** The busy region around a skeleton's status line. */
function busyRegionOf(status: HTMLElement): HTMLElement {
  const region = status.closest<HTMLElement>('[aria-busy]');
  if (!region) throw new Error('the status line is outside any busy region');
  return region;
}

test.each([
  ['the releases list', <ReleasesSkeleton key="list" />, 'Loading your releases…', 'Releases'],
  ['the release editor', <ReleaseEditorSkeleton key="editor" />, 'Loading the release…', ''],
])('%s skeleton is one busy region that says what is loading, and offers nothing to use', (_, skeleton, text, words) => {
  const { container } = render(<main>{skeleton}</main>);
  const status = screen.getByRole('status');
  expect(status).toHaveTextContent(text);
  expect(status).toHaveClass('visually-hidden');
  const region = busyRegionOf(status);
  expect(region).toHaveAttribute('aria-busy', 'true');
  expect(container.querySelector('main')?.firstElementChild).toBe(region);
  // Screen readers meet the status line only: the drawing is hidden and holds no control.
  expect(within(region).getAllByRole('status')).toHaveLength(1);
  expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  for (const role of ['link', 'button', 'textbox', 'combobox', 'checkbox', 'list'] as const) expect(screen.queryAllByRole(role)).toEqual([]);
  expect(container.querySelectorAll('a, button, input, select, textarea, [tabindex]')).toHaveLength(0);
  // The drawing's words are CSS (data-ghost): nothing to find or copy, but the list's known heading.
  const drawing = region.querySelector('[aria-hidden="true"]');
  expect(drawing?.textContent).toBe(words);
  expect(drawing?.querySelectorAll('[data-ghost]').length).toBeGreaterThan(5);
});

test('the chunk renders the skeleton it is asked for', () => {
  const { rerender } = render(<ReleaseSkeleton kind="releases" />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading your releases…');
  rerender(<ReleaseSkeleton kind="release" />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading the release…');
});

test('a first load shows the list skeleton on /releases and the editor skeleton on a release, nothing elsewhere', () => {
  expect(pendingSkeleton('releases', '')).toBe('releases');
  expect(pendingSkeleton('releases', '?status=Published')).toBe('releases');
  expect(pendingSkeleton('release', '')).toBe('release');
  expect(pendingSkeleton('release-edit', '?id=42')).toBe('release');
  // The new-release step is a short form with nothing to load.
  expect(pendingSkeleton('release-edit', '')).toBeNull();
  expect(pendingSkeleton(undefined, '')).toBeNull();
  expect(pendingSkeleton('0-0-3', '')).toBeNull();
});
