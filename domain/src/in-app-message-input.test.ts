import {
  IN_APP_MESSAGE_LIMITS,
  IN_APP_MESSAGE_TYPE_NAMES,
  inAppEventStruct,
  inAppMessageStruct,
  isCtaUrl,
  typeNameOf,
  wireTypeOf,
} from './in-app-message-input';
import { IN_APP_MESSAGE_TYPES } from './in-app-messages';
import { validateShape } from './validators';

const NOW = new Date('2030-01-01T00:00:00Z');
const Message = inAppMessageStruct(NOW);
const banner = { type: 'STICKY_BAR', bodyText: 'Hello' };

/** The key and message of each failing field, or {} when the value is valid. */
function errorsOf(value: unknown): Record<string, string> {
  const result = validateShape(Message, value);
  return result.ok ? {} : Object.fromEntries(Object.entries(result.errors).map(([field, e]) => [field, `${e.key}: ${e.message}`]));
}

describe('type names', () => {
  it('map each spec name to its API name and back, in the spec order', () => {
    expect(IN_APP_MESSAGE_TYPE_NAMES).toEqual(['POPUP_MODAL', 'ALERT_BANNER', 'STICKY_BAR', 'BLUE_BANNER']);
    for (const wire of IN_APP_MESSAGE_TYPES) expect(wireTypeOf(typeNameOf(wire))).toBe(wire);
    expect(typeNameOf('sticky-bar')).toBe('STICKY_BAR');
  });
});

describe('isCtaUrl', () => {
  it.each([
    ['https://example.com/x', true],
    ['http://example.com', true],
    ['/releases?x=1', true],
    ['/', true],
    ['mailto:help@example.com', true],
    ['mailto:', false],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['javascript:alert(1)', false],
    ['java&#115;cript:alert(1)', false],
    ['releases', false],
    ['#top', false],
    ['https://', false],
    ['https:///x', false],
    ['ftp://example.com', false],
    ['', false],
  ])('%s: %s', (url, allowed) => {
    expect(isCtaUrl(url)).toBe(allowed);
  });
});

describe('inAppMessageStruct', () => {
  it('accepts a minimal message and a complete one', () => {
    expect(errorsOf(banner)).toEqual({});
    const complete = {
      type: 'POPUP_MODAL',
      headline: 'h'.repeat(IN_APP_MESSAGE_LIMITS.headline),
      bodyText: '<p>Hi</p>',
      ctaText: 'c'.repeat(IN_APP_MESSAGE_LIMITS.ctaText),
      ctaUrl: ' /sales ',
      ctaNewTab: true,
      disableCloseBtn: null,
      delay: IN_APP_MESSAGE_LIMITS.delaySeconds,
      pages: ['all'],
      devices: ['mobile'],
      startDate: new Date('2030-02-01T00:00:00Z'),
      endDate: '2030-03-01T00:00:00Z',
      audience: 'VISITORS',
      force: false,
      isStandAlone: true,
      isDisplayAlways: false,
      id: 'extra fields are ignored',
    };
    expect(validateShape(Message, complete)).toEqual({ ok: true, value: complete });
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['no type', { type: '' }, { type: 'required: Choose a message type' }],
    ['an unknown type', { type: 'TOAST' }, { type: 'invalid: Unknown message type' }],
    ['a popup without headline', { type: 'POPUP_MODAL', headline: '  ' }, { headline: 'required: A popup needs a headline' }],
    ['a popup with a headline', { type: 'POPUP_MODAL', headline: 'Hi' }, {}],
    ['a banner without headline', { type: 'ALERT_BANNER', headline: null }, {}],
    ['a headline over 200', { headline: 'h'.repeat(201) }, { headline: 'maxlength: Length should be less or equal to 200' }],
    ['a headline that is not text', { headline: 5 }, { headline: 'invalid-type: Expected text' }],
    ['no body', { bodyText: undefined }, { bodyText: 'required: Body text is required' }],
    ['a blank body', { bodyText: '  ' }, { bodyText: 'required: Body text is required' }],
    ['a body over the limit', { bodyText: 'b'.repeat(10_001) }, { bodyText: 'maxlength: Length should be less or equal to 10000' }],
    ['button text over 100', { ctaText: 'c'.repeat(101), ctaUrl: '/x' }, { ctaText: 'maxlength: Length should be less or equal to 100' }],
    ['button text without address', { ctaText: 'Go' }, { ctaUrl: 'required: The button needs an address' }],
    ['button address without text', { ctaUrl: '/sales', ctaText: '' }, { ctaText: 'required: The button needs a text' }],
    ['an unsafe button address', { ctaText: 'Go', ctaUrl: 'javascript:alert(1)' }, { ctaUrl: 'invalid: The button address must start with http://, https://, mailto: or / (a path on this site)' }],
    ['a button address over the limit', { ctaText: 'Go', ctaUrl: `/${'u'.repeat(2000)}` }, { ctaUrl: 'maxlength: Length should be less or equal to 2000' }],
    ['a delay typed as digits', { delay: '30' }, {}],
    ['an empty typed delay', { delay: ' ' }, { delay: 'required: Delay is required (0 shows the message at once)' }],
    ['a fractional delay', { delay: 1.5 }, { delay: 'invalid: Delay must be whole seconds from 0 to 3600' }],
    ['a fractional typed delay', { delay: '1.5' }, { delay: 'invalid: Delay must be whole seconds from 0 to 3600' }],
    ['a negative delay', { delay: -1 }, { delay: 'invalid: Delay must be whole seconds from 0 to 3600' }],
    ['a delay over an hour', { delay: 3601 }, { delay: 'invalid: Delay must be whole seconds from 0 to 3600' }],
    ['a delay of another kind', { delay: true }, { delay: 'invalid: Delay must be whole seconds from 0 to 3600' }],
    ['no pages', { pages: [] }, { pages: "required: Choose at least one page, or 'Every page'" }],
    ['unknown pages', { pages: ['sales', 'nowhere', 'moon'] }, { pages: "invalid: Pages must be 'all' or known page ids (unknown: nowhere, moon)" }],
    ['too many pages', { pages: Array.from({ length: 51 }, () => 'sales') }, { pages: 'maxitems: At most 50 items' }],
    ['a page id over 100', { pages: ['p'.repeat(101)] }, { pages: 'maxlength: Length should be less or equal to 100' }],
    ['pages that are not texts', { pages: [1] }, { pages: 'invalid-type: Expected a list of texts' }],
    ['pages that are not a list', { pages: 'sales' }, { pages: 'invalid-type: Expected a list of texts' }],
    ['no devices', { devices: [] }, { devices: 'required: Choose at least one device' }],
    ['unknown devices', { devices: ['watch'] }, { devices: 'invalid: Devices must be some of desktop, mobile, tablet' }],
    ['an unknown audience', { audience: 'STAFF' }, { audience: 'invalid: Unknown audience' }],
    ['a start that is no date', { startDate: 'soon' }, { startDate: 'invalid-type: Not a valid date' }],
    ['an end that is no date', { endDate: 7 }, { endDate: 'invalid-type: Not a valid date' }],
    ['an end before the start', { startDate: '2030-01-02T10:00:00Z', endDate: new Date('2030-01-01T10:00:00Z') }, { endDate: 'invalid: The end date must be after the start date' }],
    ['an end at the start', { startDate: '2030-01-02T10:00:00Z', endDate: '2030-01-02T10:00:00Z' }, { endDate: 'invalid: The end date must be after the start date' }],
    ['an end before now without a start', { endDate: '2029-12-31T23:00:00Z' }, { endDate: 'invalid: The end date must be after the start date' }],
    ['an end after now without a start', { endDate: '2030-01-01T01:00:00Z', startDate: null }, {}],
    ['no end', { endDate: null }, {}],
    ['a flag that is not a boolean', { force: 'yes' }, { force: 'invalid-type: Expected a value of type `boolean`, but received: `"yes"`' }],
  ])('%s', (_name, change, errors) => {
    expect(errorsOf({ ...banner, ...change })).toEqual(errors);
  });

  it('reports every failing field at once, so a form shows them together', () => {
    expect(Object.keys(errorsOf({ type: 'POPUP_MODAL', ctaUrl: 'x:y', delay: -1, pages: [], devices: [] })).sort()).toEqual([
      'bodyText',
      'ctaText',
      'ctaUrl',
      'delay',
      'devices',
      'headline',
      'pages',
    ]);
  });

  it('takes the end date against the current time by default', () => {
    expect(validateShape(inAppMessageStruct(), { ...banner, endDate: '2000-01-01T00:00:00Z' }).ok).toBe(false);
  });
});

describe('inAppEventStruct', () => {
  it('reads numeric ids as text and the type in any case', () => {
    expect(validateShape(inAppEventStruct, { messageId: 7, siteLocation: '/', type: 'CLICKED' })).toEqual({ ok: true, value: { messageId: '7', siteLocation: '/', type: 'clicked' } });
    expect(validateShape(inAppEventStruct, { messageId: 'm1', destinationUrl: '', siteLocation: '/sales', type: 'triggered' }).ok).toBe(true);
  });

  it.each<[Record<string, unknown>, Record<string, string>]>([
    [{ messageId: '' }, { messageId: 'required: messageId is required' }],
    [{ messageId: undefined }, { messageId: 'required: messageId is required' }],
    [{ messageId: 'm'.repeat(65) }, { messageId: 'maxlength: Length should be less or equal to 64' }],
    [{ siteLocation: undefined }, { siteLocation: 'required: siteLocation is required' }],
    [{ siteLocation: `/${'s'.repeat(2000)}` }, { siteLocation: 'maxlength: Length should be less or equal to 2000' }],
    [{ destinationUrl: 5 }, { destinationUrl: 'invalid-type: Expected text' }],
    [{ type: 'hovered' }, { type: 'invalid: type must be clicked or triggered' }],
    [{ type: undefined }, { type: 'invalid: type must be clicked or triggered' }],
  ])('refuses %#', (change, errors) => {
    const result = validateShape(inAppEventStruct, { messageId: 'm1', siteLocation: '/', type: 'clicked', ...change });
    expect(result.ok ? {} : Object.fromEntries(Object.entries(result.errors).map(([field, e]) => [field, `${e.key}: ${e.message}`]))).toEqual(errors);
  });
});
