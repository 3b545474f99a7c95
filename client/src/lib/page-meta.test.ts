import { applyPageMeta, deepestPageHandle, fillAppName, isPageHandle } from './page-meta';

test('fillAppName replaces every placeholder', () => {
  expect(fillAppName('{appName} | About {appName}', 'Cadence')).toBe('Cadence | About Cadence');
  expect(fillAppName('No placeholder', 'Cadence')).toBe('No placeholder');
});

test('the deepest match with a handle wins', () => {
  const parent = { pageTitle: 'Parent', pageDescription: 'p' };
  const child = { pageTitle: 'Child', pageDescription: 'c' };
  expect(deepestPageHandle([{ handle: parent }, { handle: child }, { handle: undefined }])).toBe(child);
  expect(deepestPageHandle([{ handle: parent }, { handle: { pageTitle: 'only title' } }])).toBe(parent);
  expect(deepestPageHandle([])).toBeUndefined();
  expect(isPageHandle(null)).toBe(false);
});

test('applyPageMeta writes the title and creates the description when missing', () => {
  document.head.querySelector('meta[name="description"]')?.remove();
  applyPageMeta(document, { pageTitle: 'Terms | {appName}', pageDescription: 'The terms of {appName}.' }, 'Cadence');
  expect(document.title).toBe('Terms | Cadence');
  expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', 'The terms of Cadence.');
  applyPageMeta(document, { pageTitle: 'x', pageDescription: 'second' }, 'Cadence');
  expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
});
