import { EMPTY_VALUES, fromMessage, scheduleStatus, toCreateInput, toLocalInput, toUpdateInput, validateInAppMessage, type InAppMessageFormValues } from './in-app-message-form';

const valid: InAppMessageFormValues = { ...EMPTY_VALUES, type: 'STICKY_BAR', bodyText: 'Hello', pages: ['main'] };

test.each<[string, Partial<InAppMessageFormValues>, Record<string, string>]>([
  ['a valid banner', {}, {}],
  ['a popup without headline', { type: 'POPUP_MODAL' }, { headline: 'A popup needs a headline' }],
  ['a banner without headline', { type: 'ALERT_BANNER' }, {}],
  ['blank body', { bodyText: '  ' }, { bodyText: 'Body text is required' }],
  ['button text without address', { ctaText: 'Go' }, { ctaUrl: 'The button needs an address' }],
  ['button address without text', { ctaUrl: '/sales' }, { ctaText: 'The button needs a text' }],
  ['a relative button address', { ctaText: 'Go', ctaUrl: 'sales' }, { ctaUrl: 'The button address must start with http://, https://, mailto: or / (a path on this site)' }],
  ['a mailto button, as the API allows', { ctaText: 'Write to us', ctaUrl: 'mailto:help@example.com' }, {}],
  ['an unknown page, as the API refuses it', { pages: ['nowhere'] }, { pages: "Pages must be 'all' or known page ids (unknown: nowhere)" }],
  ['empty delay', { delay: '' }, { delay: 'Delay is required (0 shows the message at once)' }],
  ['fractional delay', { delay: '1.5' }, { delay: 'Delay must be whole seconds from 0 to 3600' }],
  ['too long delay', { delay: '3601' }, { delay: 'Delay must be whole seconds from 0 to 3600' }],
  ['no devices', { devices: [] }, { devices: 'Choose at least one device' }],
  ['end before start', { startDate: '2030-01-02T10:00', endDate: '2030-01-01T10:00' }, { endDate: 'The end date must be after the start date' }],
  ['end in the past with no start', { endDate: '2000-01-01T10:00' }, { endDate: 'The end date must be after the start date' }],
  ['end after start', { startDate: '2030-01-01T10:00', endDate: '2030-01-02T10:00' }, {}],
])('%s', (_name, change, errors) => {
  expect(validateInAppMessage({ ...valid, ...change })).toEqual(errors);
});

test.each([
  [{ headline: 'h'.repeat(201) }, { headline: 'Length should be less or equal to 200' }],
  [{ bodyText: 'b'.repeat(10_001) }, { bodyText: 'Length should be less or equal to 10000' }],
  [{ ctaText: 'c'.repeat(101), ctaUrl: '/x' }, { ctaText: 'Length should be less or equal to 100' }],
  [{ ctaText: 'Go', ctaUrl: `/${'u'.repeat(2000)}` }, { ctaUrl: 'Length should be less or equal to 2000' }],
])('texts over the API limits are refused (case %#)', (change, errors) => {
  expect(validateInAppMessage({ ...valid, ...change })).toEqual(errors);
});

test("inputs: 'all' stands alone, empty texts are null, local dates become instants", () => {
  const values = { ...valid, pages: ['all', 'sales'], startDate: '2030-01-01T10:00', headline: ' ' };
  const input = toCreateInput(values);
  expect(input).toMatchObject({ pages: ['all'], headline: null, ctaText: null, ctaUrl: null, delay: 0, startDate: new Date('2030-01-01T10:00').toISOString() });
  expect(input).not.toHaveProperty('endDate');
  expect(toUpdateInput('m1', values)).toMatchObject({ id: 'm1', endDate: null, startDate: input.startDate });
});

test('a stored message round-trips through the form values', () => {
  const stored = {
    id: 'm1',
    type: 'POPUP_MODAL' as const,
    headline: 'Hi',
    bodyText: '<p>x</p>',
    ctaBtn: { text: 'Go', url: '/sales', isNewTab: true },
    disableCloseBtn: true,
    delay: 3,
    pages: ['sales'],
    devices: ['MOBILE' as const],
    startDate: new Date('2030-01-01T10:00').toISOString(),
    endDate: null,
    force: false,
    isStandAlone: true,
    isDisplayAlways: true,
    audience: 'VISITORS' as const,
  };
  const values = fromMessage(stored);
  expect(values).toMatchObject({ ctaText: 'Go', ctaUrl: '/sales', ctaNewTab: true, delay: '3', startDate: '2030-01-01T10:00', endDate: '' });
  expect(toUpdateInput('m1', values)).toMatchObject({ type: 'POPUP_MODAL', headline: 'Hi', devices: ['MOBILE'], audience: 'VISITORS', isDisplayAlways: true, disableCloseBtn: true });
  expect(toLocalInput('not a date')).toBe('');
});

test.each([
  ['2030-01-02T00:00:00Z', null, 'scheduled'],
  ['2030-01-01T00:00:00Z', null, 'live'],
  ['2029-12-01T00:00:00Z', '2030-01-01T12:00:00Z', 'live'],
  ['2029-12-01T00:00:00Z', '2030-01-01T00:00:00Z', 'ended'],
])('a message starting %s and ending %s is %s', (startDate, endDate, status) => {
  expect(scheduleStatus({ startDate, endDate }, new Date('2030-01-01T00:00:00Z'))).toBe(status);
});
