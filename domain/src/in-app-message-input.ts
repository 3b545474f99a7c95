/**
 * What support staff may write as an in-app message (supporting spec §3), and what a browser may
 * report about one: one superstruct struct each, used by the API (the GraphQL mutations and the
 * REST events path) and by the support form, so each rule, limit and wording lives here only. The
 * spec words none of these messages; they are the support form's.
 */
import { boolean, coerce, define, nullable, number, optional, string, type, type Failure, type Struct } from 'superstruct';
import { isBlank } from './blank';
import { DEVICES } from './breakpoints';
import { IN_APP_MESSAGE_TYPES, PAGE_IDS, type InAppEventType, type InAppMessageType } from './in-app-messages';
import { isSafeMessageUrl } from './message-html';
import { LIST_LIMITS, TEXT_LIMITS } from './text-limits';
import { listLimit } from './text-limit-checks';
import { fieldError, maxLength, type FieldError } from './validators';

const TYPE_NAMES = { 'popup-modal': 'POPUP_MODAL', 'alert-banner': 'ALERT_BANNER', 'sticky-bar': 'STICKY_BAR', 'blue-banner': 'BLUE_BANNER' } as const satisfies Record<
  InAppMessageType,
  string
>;

/** The API's (GraphQL and database) name of a message type. */
export type InAppMessageTypeName = (typeof TYPE_NAMES)[InAppMessageType];

/** The API's type names, in the spec's order. */
export const IN_APP_MESSAGE_TYPE_NAMES: readonly InAppMessageTypeName[] = IN_APP_MESSAGE_TYPES.map((wire) => TYPE_NAMES[wire]);

/** The API's name of a spec type ('popup-modal' → 'POPUP_MODAL'). */
export function typeNameOf(wire: InAppMessageType): InAppMessageTypeName {
  return TYPE_NAMES[wire];
}

/** The spec's name of an API type ('POPUP_MODAL' → 'popup-modal'): the REST shape and the label staff know. */
export function wireTypeOf(name: InAppMessageTypeName): InAppMessageType {
  return IN_APP_MESSAGE_TYPES[IN_APP_MESSAGE_TYPE_NAMES.indexOf(name)]!;
}

/** Who receives a message: everyone, signed-in people only, or visitors only. */
export const IN_APP_AUDIENCES = ['ALL', 'SIGNED_IN', 'VISITORS'] as const;
export type InAppAudience = (typeof IN_APP_AUDIENCES)[number];

/** What a browser reports: a message was shown (triggered) or clicked or dismissed (clicked). */
export const IN_APP_EVENT_TYPES = ['triggered', 'clicked'] as const satisfies readonly InAppEventType[];

/** The limits of a message's fields: headline 200, button text 100 (a label), the delay in seconds. */
export const IN_APP_MESSAGE_LIMITS = {
  headline: TEXT_LIMITS.headline,
  bodyText: TEXT_LIMITS.richText,
  ctaText: TEXT_LIMITS.label,
  ctaUrl: TEXT_LIMITS.url,
  pages: LIST_LIMITS.pages,
  delaySeconds: 3_600,
} as const;

/** The sentence for a body that is empty (the API also says it when sanitising leaves nothing). */
export const BODY_REQUIRED = 'Body text is required';

/**
 * A button's address: http(s) with a host, mailto with an address, or a path on this site ('/…';
 * never '//…' or '/\…', which browsers read as another host). It must also pass the message links'
 * own safety rule (encoded or split schemes). A relative address without '/' is refused: the same
 * message shows on many pages, so it would lead somewhere different on each.
 */
export function isCtaUrl(url: string): boolean {
  return isSafeMessageUrl(url) && (/^https?:\/\/[^\s/?#]+\S*$/i.test(url) || /^mailto:[^\s@]+@\S+$/i.test(url) || /^\/(?![/\\])\S*$/.test(url));
}

type Fields = Readonly<Record<string, unknown>>;
type Rule = (value: unknown, fields: Fields) => FieldError | undefined;

/** A field of an object, checked by one rule, which may read the object's other fields (superstruct's branch). */
function ruled<T>(name: string, rule: Rule): Struct<T, null> {
  return define<T>(name, (value, context) => {
    const error = rule(value, context.branch[context.branch.length - 2] as Fields);
    return error ? ({ errorKey: error.key, message: error.message } as Partial<Failure>) : true;
  });
}

const isGiven = (value: unknown) => value !== undefined && value !== null;

/** Nothing, null, or a string within `max` characters. */
const optionalText =
  (max: number): Rule =>
  (value) =>
    !isGiven(value) ? undefined : typeof value === 'string' ? maxLength(max)(value) : fieldError('invalid-type', 'Expected text');

/** A list of known strings, if given: not empty, within the list limits, every item known. */
const knownList =
  (known: readonly string[], empty: string, unknown: (items: string[]) => string): Rule =>
  (value) => {
    if (!isGiven(value)) return undefined;
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) return fieldError('invalid-type', 'Expected a list of texts');
    if (value.length === 0) return fieldError('required', empty);
    const limited = listLimit(LIST_LIMITS.pages)(value) ?? value.map(maxLength(TEXT_LIMITS.label)).find(Boolean);
    if (limited) return limited;
    const strangers = (value as string[]).filter((item) => !known.includes(item));
    return strangers.length > 0 ? fieldError('invalid', unknown(strangers)) : undefined;
  };

const instant = (value: unknown): number => (value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : NaN);

/** Nothing, null, a Date or an ISO date string. */
const optionalInstant: Rule = (value) => (isGiven(value) && Number.isNaN(instant(value)) ? fieldError('invalid-type', 'Not a valid date') : undefined);

const DELAY_RANGE = `Delay must be whole seconds from 0 to ${IN_APP_MESSAGE_LIMITS.delaySeconds}`;

/** Whole seconds from 0 to the limit, as a number (the API) or as typed (the form's digits); nothing means 0. */
const delay: Rule = (value) => {
  if (!isGiven(value)) return undefined;
  if (typeof value === 'string' && value.trim() === '') return fieldError('required', 'Delay is required (0 shows the message at once)');
  const seconds = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(seconds) && seconds >= 0 && seconds <= IN_APP_MESSAGE_LIMITS.delaySeconds ? undefined : fieldError('invalid', DELAY_RANGE);
};

/** The fields of a message as the API takes them (GraphQL input) and the form produces them. */
export interface InAppMessageInput {
  type: InAppMessageTypeName;
  headline?: string | null;
  bodyText: string;
  ctaText?: string | null;
  ctaUrl?: string | null;
  ctaNewTab?: boolean | null;
  disableCloseBtn?: boolean | null;
  /** Seconds: a number, or the form's digits. */
  delay?: number | string | null;
  pages?: string[] | null;
  devices?: string[] | null;
  startDate?: Date | string | null;
  endDate?: Date | string | null;
  audience?: InAppAudience | null;
  force?: boolean | null;
  isStandAlone?: boolean | null;
  isDisplayAlways?: boolean | null;
}

const flag = () => optional(nullable(boolean()));
const PAGE_OPTIONS = ['all', ...PAGE_IDS.map((page) => page.id)];

/**
 * A whole message (a new one, or a stored one with its changes applied). Every rule is a field's,
 * so a form hears all its errors at once: a popup needs a headline, a button needs both its text
 * and an address, the end comes after the start (an absent start is `now`). Absent pages, devices,
 * delay and audience take the stored defaults.
 */
export function inAppMessageStruct(now: Date = new Date()): Struct<InAppMessageInput, unknown> {
  return type({
    type: ruled<InAppMessageTypeName>('type', (value) =>
      isBlank(value)
        ? fieldError('required', 'Choose a message type')
        : (IN_APP_MESSAGE_TYPE_NAMES as readonly unknown[]).includes(value)
          ? undefined
          : fieldError('invalid', 'Unknown message type'),
    ),
    headline: ruled<string | null | undefined>(
      'headline',
      (value, fields) =>
        optionalText(IN_APP_MESSAGE_LIMITS.headline)(value, fields) ??
        (fields.type === 'POPUP_MODAL' && isBlank(value) ? fieldError('required', 'A popup needs a headline') : undefined),
    ),
    bodyText: ruled<string>(
      'bodyText',
      (value, fields) => optionalText(IN_APP_MESSAGE_LIMITS.bodyText)(value, fields) ?? (isBlank(value) ? fieldError('required', BODY_REQUIRED) : undefined),
    ),
    ctaText: ruled<string | null | undefined>(
      'ctaText',
      (value, fields) =>
        optionalText(IN_APP_MESSAGE_LIMITS.ctaText)(value, fields) ??
        (isBlank(value) && !isBlank(fields.ctaUrl) ? fieldError('required', 'The button needs a text') : undefined),
    ),
    ctaUrl: ruled<string | null | undefined>(
      'ctaUrl',
      (value, fields) =>
        optionalText(IN_APP_MESSAGE_LIMITS.ctaUrl)(value, fields) ??
        (isBlank(value)
          ? isBlank(fields.ctaText)
            ? undefined
            : fieldError('required', 'The button needs an address')
          : isCtaUrl((value as string).trim())
            ? undefined
            : fieldError('invalid', 'The button address must start with http://, https://, mailto: or / (a path on this site)')),
    ),
    ctaNewTab: flag(),
    disableCloseBtn: flag(),
    delay: ruled<number | string | null | undefined>('delay', delay),
    pages: ruled<string[] | null | undefined>(
      'pages',
      knownList(PAGE_OPTIONS, "Choose at least one page, or 'Every page'", (unknown) => `Pages must be 'all' or known page ids (unknown: ${unknown.join(', ')})`),
    ),
    devices: ruled<string[] | null | undefined>(
      'devices',
      knownList(DEVICES, 'Choose at least one device', () => `Devices must be some of ${DEVICES.join(', ')}`),
    ),
    startDate: ruled<Date | string | null | undefined>('startDate', optionalInstant),
    endDate: ruled<Date | string | null | undefined>('endDate', (value, fields) => {
      const invalid = optionalInstant(value, fields);
      if (invalid || !isGiven(value)) return invalid;
      const start = isGiven(fields.startDate) ? instant(fields.startDate) : now.getTime();
      return instant(value) <= start ? fieldError('invalid', 'The end date must be after the start date') : undefined;
    }),
    audience: ruled<InAppAudience | null | undefined>('audience', (value) =>
      !isGiven(value) || (IN_APP_AUDIENCES as readonly unknown[]).includes(value) ? undefined : fieldError('invalid', 'Unknown audience'),
    ),
    force: flag(),
    isStandAlone: flag(),
    isDisplayAlways: flag(),
  });
}

/** A reported event: which message, where its button led ('' or absent: no button), on which page, and what happened. */
export interface InAppEventInput {
  messageId: string;
  destinationUrl?: string | null;
  siteLocation: string;
  type: InAppEventType;
}

/**
 * An event as POST /api/in-app-messages/events and the recordInAppMessageEvent mutation take it: a
 * numeric message id is read as text, and the type's case does not matter ('clicked', 'CLICKED').
 */
export const inAppEventStruct: Struct<InAppEventInput, unknown> = type({
  messageId: coerce(
    ruled<string>('messageId', (value) =>
      typeof value !== 'string' || value === '' ? fieldError('required', 'messageId is required') : maxLength(TEXT_LIMITS.code)(value),
    ),
    number(),
    String,
  ),
  destinationUrl: ruled<string | null | undefined>('destinationUrl', optionalText(TEXT_LIMITS.url)),
  siteLocation: ruled<string>('siteLocation', (value, fields) =>
    typeof value === 'string' ? optionalText(TEXT_LIMITS.url)(value, fields) : fieldError('required', 'siteLocation is required'),
  ),
  type: coerce(
    ruled<InAppEventType>('type', (value) =>
      (IN_APP_EVENT_TYPES as readonly unknown[]).includes(value) ? undefined : fieldError('invalid', 'type must be clicked or triggered'),
    ),
    string(),
    (value) => value.toLowerCase(),
  ),
});
