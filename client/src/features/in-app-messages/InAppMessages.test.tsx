import type { InAppMessage } from '@cadence/domain/in-app-messages';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { api } from '../../../test/graphql';
import { useMswServer } from '../../../test/msw';
import { ORIGIN, renderShell } from '../../app/shell/__test-support__/shell-test-utils';

type Event = { messageId: string; destinationUrl: string; siteLocation: string; type: string };

let signedIn = false;
let userList: InAppMessage[] = [];
let visitorList: InAppMessage[] = [];
let userListRequests = 0;
let events: Event[] = [];

const server = useMswServer(
  api.query('ShellViewer', () =>
    HttpResponse.json({ data: { viewer: signedIn ? { __typename: 'Profile', id: 'u1', primaryArtists: ['Nova'], isAnalyticsDisabled: false } : null } }),
  ),
  http.get(`${ORIGIN}/api/in-app-messages`, () => {
    userListRequests += 1;
    return HttpResponse.json(userList);
  }),
  http.get(`${ORIGIN}/api/in-app-messages/unauthorized`, () => HttpResponse.json(visitorList)),
  http.post(`${ORIGIN}/api/in-app-messages/events`, async ({ request }) => {
    events.push((await request.json()) as Event);
    return new HttpResponse(null, { status: 204 });
  }),
);
void server;

function message(overrides: Partial<InAppMessage> & Pick<InAppMessage, 'id' | 'type'>): InAppMessage {
  return { bodyText: `Body ${overrides.id}`, pages: ['all'], devices: ['desktop', 'tablet', 'mobile'], start_date: '2024-01-01T00:00:00Z', delay: 0, ...overrides };
}

beforeEach(() => {
  window.__CADENCE__ = { brandName: 'Cadence' };
  signedIn = false;
  userList = [];
  visitorList = [];
  userListRequests = 0;
  events = [];
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = 'in-app-messages-fresh=; Max-Age=0; Path=/';
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1200 });
});
afterEach(() => {
  delete window.__CADENCE__;
});

test('a popup for the page shows after its delay as a dialog, reports triggered, and Escape dismisses it for good', async () => {
  visitorList = [message({ id: 'p1', type: 'popup-modal', headline: 'Hello', bodyText: '<p>Hi <img src=x onerror="alert(1)"><script>alert(2)</script>there</p>', pages: ['features'], delay: 1 })];
  const { router } = renderShell('/features');
  await screen.findByRole('heading', { name: 'features' });
  await act(() => new Promise((r) => setTimeout(r, 400)));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  const dialog = await screen.findByRole('dialog', { name: 'Hello' }, { timeout: 2000 });
  expect(dialog).toHaveTextContent('Hi there');
  expect(dialog.querySelector('img, script')).toBeNull();
  await waitFor(() => expect(events).toEqual([{ messageId: 'p1', destinationUrl: '', siteLocation: '/features', type: 'triggered' }]));
  expect(screen.getByRole('button', { name: 'Close message' })).toHaveFocus();

  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await waitFor(() => expect(events.map((e) => e.type)).toEqual(['triggered', 'clicked']));
  expect(localStorage.getItem('in-app-message-dismissed:popup-modal:p1')).not.toBeNull();

  await act(() => router.navigate('/about'));
  await act(() => router.navigate('/features'));
  await act(() => new Promise((r) => setTimeout(r, 1300)));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
}, 10_000);

test('the popup keeps focus inside, and focus returns to where it was when it closes', async () => {
  visitorList = [message({ id: 'p2', type: 'popup-modal', headline: 'Offer', ctaBtn: { text: 'See plans', url: '/features', isNewTab: false } })];
  renderShell('/about');
  const dialog = await screen.findByRole('dialog', { name: 'Offer' });
  const close = screen.getByRole('button', { name: 'Close message' });
  const cta = screen.getByRole('link', { name: 'See plans' });
  expect(close).toHaveFocus();
  await userEvent.tab();
  expect(cta).toHaveFocus();
  await userEvent.tab();
  expect(close).toHaveFocus();
  await userEvent.tab({ shift: true });
  expect(cta).toHaveFocus();
  expect(dialog).toHaveAttribute('aria-modal', 'true');
  expect(document.body.style.overflow).toBe('hidden');
  await userEvent.click(close);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(document.body.style.overflow).toBe('');
});

test('a popup whose close button is disabled has none and ignores Escape; its button dismisses it and navigates', async () => {
  visitorList = [message({ id: 'p3', type: 'popup-modal', headline: 'Must read', disableCloseBtn: true, isDisplayAlways: true, ctaBtn: { text: 'Got it', url: '/features', isNewTab: false } })];
  const { router } = renderShell('/about');
  await screen.findByRole('dialog', { name: 'Must read' });
  expect(screen.queryByRole('button', { name: 'Close message' })).not.toBeInTheDocument();
  await userEvent.keyboard('{Escape}');
  expect(screen.getByRole('dialog')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Got it' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/features'));
  expect(screen.queryByRole('dialog', { name: 'Must read' })).not.toBeInTheDocument();
  // isDisplayAlways: remembered for this visit only.
  expect(sessionStorage.getItem('in-app-message-dismissed:popup-modal:p3')).not.toBeNull();
  expect(localStorage.getItem('in-app-message-dismissed:popup-modal:p3')).toBeNull();
  await waitFor(() => expect(events.find((e) => e.type === 'clicked')).toEqual({ messageId: 'p3', destinationUrl: '/features', siteLocation: '/about', type: 'clicked' }));
});

test('a route change clears what shows; messages for the new page are chosen again', async () => {
  visitorList = [message({ id: 's1', type: 'sticky-bar', bodyText: 'Features only', pages: ['features'] })];
  const { router } = renderShell('/features');
  expect(await screen.findByRole('complementary', { name: 'Announcement' })).toHaveTextContent('Features only');
  await act(() => router.navigate('/about'));
  expect(screen.queryByRole('complementary', { name: 'Announcement' })).not.toBeInTheDocument();
});

test('a message for other devices does not show', async () => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 500 });
  visitorList = [message({ id: 'd1', type: 'sticky-bar', bodyText: 'Desktop only', devices: ['desktop'] }), message({ id: 'd2', type: 'blue-banner', bodyText: 'Phones too', devices: ['mobile'] })];
  renderShell('/about');
  expect(await screen.findByRole('complementary', { name: 'News' })).toHaveTextContent('Phones too');
  expect(screen.queryByText('Desktop only')).not.toBeInTheDocument();
});

test('a forced message shows alone, even where its pages do not match', async () => {
  visitorList = [
    message({ id: 'f1', type: 'alert-banner', bodyText: 'Forced', pages: ['settings'], force: true, start_date: '2024-01-01T00:00:00Z' }),
    message({ id: 'b1', type: 'blue-banner', bodyText: 'Ordinary', start_date: '2024-02-01T00:00:00Z' }),
  ];
  renderShell('/about');
  expect(await screen.findByRole('complementary', { name: 'Important notice' })).toHaveTextContent('Forced');
  expect(screen.queryByText('Ordinary')).not.toBeInTheDocument();
});

test('the banners area reports the layout for an alert banner plus a blue banner', async () => {
  visitorList = [message({ id: 'a1', type: 'alert-banner', bodyText: 'Alert' }), message({ id: 'b2', type: 'blue-banner', bodyText: 'Blue' })];
  const { container } = renderShell('/about');
  await screen.findByText('Alert');
  await screen.findByText('Blue');
  expect(container.querySelector('.banners')).toHaveAttribute('data-layout', 'two banners');
});

test('signed-in people get their list; it is fetched again only when the 12-hour marker cookie is gone', async () => {
  signedIn = true;
  userList = [message({ id: 'u1', type: 'blue-banner', bodyText: 'For members' })];
  visitorList = [message({ id: 'v1', type: 'blue-banner', bodyText: 'For visitors' })];
  const first = renderShell('/about');
  expect(await screen.findByText('For members')).toBeInTheDocument();
  expect(screen.queryByText('For visitors')).not.toBeInTheDocument();
  expect(userListRequests).toBe(1);
  expect(document.cookie).toContain('in-app-messages-fresh=');
  first.unmount();

  userList = [message({ id: 'u2', type: 'blue-banner', bodyText: 'Changed on the server' })];
  const second = renderShell('/about');
  expect(await screen.findByText('For members')).toBeInTheDocument();
  expect(userListRequests).toBe(1);
  second.unmount();

  document.cookie = 'in-app-messages-fresh=; Max-Age=0; Path=/';
  renderShell('/about');
  expect(await screen.findByText('Changed on the server')).toBeInTheDocument();
  expect(userListRequests).toBe(2);
});
