import {
  PAGE_IDS,
  pageLabel,
  delayMs,
  dismissalKey,
  dismissalStorage,
  inAppEventPayload,
  isDismissed,
  matchesDevice,
  matchesPage,
  pageIdForPath,
  selectInAppMessages,
  type DismissedKeys,
  type InAppMessage,
} from './in-app-messages';

describe('pageIdForPath', () => {
  it.each([
    ['/features', 'features'],
    ['/sales?year=2024', 'sales'],
    ['/trends', 'trends'],
    ['/settings', 'settings'],
    ['/releases/123', 'releases-id'],
    ['/releases/abc-def?tab=tracks', 'releases-id'],
    ['/releases/edit', 'releases-edit-id'],
    ['/releases/edit/123', 'releases-edit-id'],
    ['/releases/submitted', 'releases-submit'],
    ['/releases/editorial', 'releases-id'],
    ['/releases', 'releases'],
    ['/releases/', 'releases'],
    ['/releases?page=2', 'releases'],
    ['/on-boarding/review', 'on-boarding-review'],
    ['/on-boarding/congrats', 'on-boarding-congrats'],
    ['/on-boarding?step=2', 'on-boarding'],
    ['/choose-your-plan', 'choose-your-plan'],
    ['/', 'main'],
    ['/?login=login', 'main'],
    ['/about', 'main'],
    ['', 'main'],
  ])('%j -> %s', (url, id) => {
    expect(pageIdForPath(url)).toBe(id);
  });
});

const msg = (over: Partial<InAppMessage> & Pick<InAppMessage, 'id'>): InAppMessage => ({
  type: 'alert-banner',
  pages: ['all'],
  devices: ['desktop', 'tablet', 'mobile'],
  start_date: '2024-01-01T00:00:00Z',
  ...over,
});
const none: DismissedKeys = { session: new Set(), local: new Set() };

describe('matching helpers', () => {
  it.each([
    [['all'], '/anything', true],
    [['sales'], '/sales', true],
    [['sales', 'trends'], '/trends', true],
    [['releases'], '/releases/12', false],
    [['main'], '/', true],
    [[], '/', false],
  ])('pages %j on %s -> %s', (pages, url, expected) => {
    expect(matchesPage({ pages }, url)).toBe(expected);
  });
  it.each([
    [['mobile'], 500, true],
    [['mobile'], 800, false],
    [['tablet', 'desktop'], 1200, true],
    [[], 1200, false],
  ] as const)('devices %j at %i -> %s', (devices, width, expected) => {
    expect(matchesDevice({ devices }, width)).toBe(expected);
  });
  it.each([
    [5, 5000],
    ['2', 2000],
    [' 1.5 ', 1500],
    [0, 0],
    [-3, 0],
    ['soon', 0],
    ['', 0],
    [null, 0],
    [undefined, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])('delayMs(%j) = %i', (delay, ms) => {
    expect(delayMs(delay)).toBe(ms);
  });
  it.each([
    [true, 'session'],
    [false, 'local'],
    [null, 'local'],
    [undefined, 'local'],
  ])('dismissalStorage(isDisplayAlways %j) = %s', (isDisplayAlways, storage) => {
    expect(dismissalStorage({ isDisplayAlways })).toBe(storage);
  });
  it('keys dismissals by type and id, in the right storage', () => {
    const always = msg({ id: 7, type: 'sticky-bar', isDisplayAlways: true });
    const once = msg({ id: 8, type: 'popup-modal' });
    expect(dismissalKey(always)).toBe('in-app-message-dismissed:sticky-bar:7');
    const dismissed = { session: new Set([dismissalKey(always)]), local: new Set([dismissalKey(always)]) };
    expect(isDismissed(always, dismissed)).toBe(true);
    expect(isDismissed(once, dismissed)).toBe(false);
    expect(isDismissed(always, { session: new Set(), local: new Set([dismissalKey(always)]) })).toBe(false);
    expect(isDismissed(once, { session: new Set(), local: new Set([dismissalKey(once)]) })).toBe(true);
  });
});

describe('selectInAppMessages', () => {
  const oldBanner = msg({ id: 'b1', type: 'alert-banner', start_date: '2024-01-01T00:00:00Z' });
  const newBanner = msg({ id: 'b2', type: 'alert-banner', start_date: '2024-02-01T00:00:00Z', delay: '3' });
  const popup = msg({ id: 'p1', type: 'popup-modal', start_date: '2024-01-15T00:00:00Z', pages: ['sales'] });
  const mobileBar = msg({ id: 's1', type: 'sticky-bar', start_date: '2024-03-01T00:00:00Z', devices: ['mobile'] });
  const standAlone = msg({ id: 'sa', type: 'blue-banner', start_date: '2024-04-01T00:00:00Z', isStandAlone: true });
  const oldStandAlone = msg({ id: 'sa0', type: 'blue-banner', start_date: '2023-04-01T00:00:00Z', isStandAlone: true });
  const forced = msg({ id: 'f', type: 'popup-modal', start_date: '2023-01-01T00:00:00Z', force: true, pages: ['trends'], devices: ['desktop'] });
  const undated = msg({ id: 'u', type: 'sticky-bar', start_date: 'someday' });
  const undated2 = msg({ id: 'u2', type: 'sticky-bar', start_date: 'never' });

  const ids = (input: Partial<Parameters<typeof selectInAppMessages>[0]> & { messages: InAppMessage[] }) =>
    selectInAppMessages({ path: '/sales', windowWidth: 1200, dismissed: none, ...input }).map((s) => [s.message.id, s.delayMs]);

  it.each([
    ['newest per type, newest first, with delays', { messages: [oldBanner, popup, newBanner] }, [['b2', 3000], ['p1', 0]]],
    ['page filter', { messages: [popup, oldBanner], path: '/trends' }, [['b1', 0]]],
    ['device filter', { messages: [mobileBar, oldBanner] }, [['b1', 0]]],
    ['device filter, mobile', { messages: [mobileBar, oldBanner], windowWidth: 400 }, [['s1', 0], ['b1', 0]]],
    [
      'a dismissed newest falls back to the next of its type',
      { messages: [oldBanner, newBanner], dismissed: { session: new Set<string>(), local: new Set([dismissalKey(newBanner)]) } },
      [['b1', 0]],
    ],
    ['stand-alone newest is shown alone', { messages: [oldBanner, popup, standAlone] }, [['sa', 0]]],
    ['an older stand-alone is shown with the others', { messages: [oldBanner, oldStandAlone] }, [['b1', 0], ['sa0', 0]]],
    [
      'force is shown alone, ignoring page and dismissal',
      { messages: [newBanner, forced], path: '/sales', dismissed: { session: new Set<string>(), local: new Set([dismissalKey(forced)]) } },
      [['f', 0]],
    ],
    ['force still needs the device', { messages: [newBanner, forced], windowWidth: 400 }, [['b2', 3000]]],
    ['unparseable start dates sort last', { messages: [undated, undated2, oldBanner] }, [['b1', 0], ['u', 0]]],
    ['nothing to show', { messages: [] }, []],
  ])('%s', (_name, input, expected) => {
    expect(ids(input)).toEqual(expected);
  });
});

describe('inAppEventPayload', () => {
  it.each([
    [msg({ id: 1, ctaBtn: { text: 'Go', url: 'https://x.test/a' } }), 'clicked', 'https://x.test/a'],
    [msg({ id: 1, ctaBtn: { text: 'Go' } }), 'triggered', ''],
    [msg({ id: 1, ctaBtn: null }), 'triggered', ''],
  ] as const)('%j %s', (message, type, destinationUrl) => {
    expect(inAppEventPayload(message, 'https://app.test/sales', type)).toEqual({
      messageId: 1,
      destinationUrl,
      siteLocation: 'https://app.test/sales',
      type,
    });
  });
});

describe('page labels (issue 19 item 9)', () => {
  it.each(['all', ...PAGE_IDS.map((p) => p.id)])('%s has a friendly name that is not the raw id', (id) => {
    expect(pageLabel(id)).not.toBe(id);
    expect(pageLabel(id)).toMatch(/^[A-Z]/);
  });
});

test('an unknown page id is shown as itself', () => {
  expect(pageLabel('no-such-page')).toBe('no-such-page');
});
