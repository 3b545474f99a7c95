/**
 * In-app message selection (supporting spec §3, §4): which messages a page shows, after what delay,
 * and where a dismissal is remembered. Pure: the caller passes the path, the window width and the
 * dismissal keys it found in session and local storage.
 */
import { deviceForWidth, type Device } from './breakpoints';
import { IN_APP_DELAY_UNIT_MS } from './constants';

export const IN_APP_MESSAGE_TYPES = ['popup-modal', 'alert-banner', 'sticky-bar', 'blue-banner'] as const;
export type InAppMessageType = (typeof IN_APP_MESSAGE_TYPES)[number];

export interface InAppMessage {
  id: string | number;
  type: InAppMessageType;
  headline?: string | null;
  bodyText?: string | null;
  ctaBtn?: { text?: string | null; url?: string | null; isNewTab?: boolean | null } | null;
  disableCloseBtn?: boolean | null;
  /** Seconds; anything non-numeric counts as 0. */
  delay?: unknown;
  /** Page ids or 'all'. */
  pages: readonly string[];
  devices: readonly Device[];
  start_date: string;
  force?: boolean | null;
  isStandAlone?: boolean | null;
  isDisplayAlways?: boolean | null;
}

/**
 * Page ids in match order; the first match wins. Each matches when the URL contains its path, except:
 * 'releases-id' needs '/releases/' followed by an id (not 'edit' or 'submitted', which have their own ids,
 * otherwise they would be unreachable), and 'main' ('/') matches every URL, so it is the fallback.
 */
export const PAGE_IDS: readonly { id: string; path: string; matches: (url: string) => boolean }[] = [
  ['features', '/features'],
  ['sales', '/sales'],
  ['trends', '/trends'],
  ['settings', '/settings'],
  ['releases-id', '/releases/'],
  ['releases-edit-id', '/releases/edit'],
  ['releases-submit', '/releases/submitted'],
  ['releases', '/releases'],
  ['on-boarding-review', '/on-boarding/review'],
  ['on-boarding-congrats', '/on-boarding/congrats'],
  ['on-boarding', '/on-boarding'],
  ['choose-your-plan', '/choose-your-plan'],
  ['main', '/'],
].map(([id, path]) => ({
  id: id as string,
  path: path as string,
  matches: id === 'releases-id' ? (url: string) => /\/releases\/(?!(?:edit|submitted)(?:[/?#]|$))[^/?#]+/.test(url) : (url: string) => url.includes(path as string),
}));

/** What staff read for each page id in the message editor (issue 19 item 9: never the raw id). */
export const PAGE_LABELS: Readonly<Record<string, string>> = {
  all: 'Every page',
  features: 'Features page',
  sales: 'Sales + Payments',
  trends: 'Analytics',
  settings: 'Settings',
  'releases-id': 'A release’s page',
  'releases-edit-id': 'Release editor',
  'releases-submit': 'Release submitted',
  releases: 'Releases list',
  'on-boarding-review': 'On-boarding: review',
  'on-boarding-congrats': 'On-boarding: congratulations',
  'on-boarding': 'On-boarding',
  'choose-your-plan': 'Choose your plan',
  main: 'Start page and other pages',
};

/** The friendly name of a page id (the id itself when unknown). */
export function pageLabel(id: string): string {
  return PAGE_LABELS[id] ?? id;
}

/** The page id of a URL (path with optional query), by the first matching entry of PAGE_IDS. */
export function pageIdForPath(url: string): string {
  return (PAGE_IDS.find((page) => page.matches(url)) ?? { id: 'main' }).id;
}

/** A message targets the page when its pages include 'all' or the page's id. */
export function matchesPage(message: Pick<InAppMessage, 'pages'>, url: string): boolean {
  return message.pages.includes('all') || message.pages.includes(pageIdForPath(url));
}

/** A message shows only when the window width's device is one of its devices. */
export function matchesDevice(message: Pick<InAppMessage, 'devices'>, windowWidth: number): boolean {
  return message.devices.includes(deviceForWidth(windowWidth));
}

/** Delay in ms: the seconds value (number or numeric string) times 1000; non-numeric or negative counts as 0. */
export function delayMs(delay: unknown): number {
  const seconds = typeof delay === 'number' ? delay : typeof delay === 'string' && delay.trim() !== '' ? Number(delay) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? seconds * IN_APP_DELAY_UNIT_MS : 0;
}

/** Where a dismissal is remembered: session storage for isDisplayAlways messages (shown again next visit), else local storage. */
export function dismissalStorage(message: Pick<InAppMessage, 'isDisplayAlways'>): 'session' | 'local' {
  return message.isDisplayAlways === true ? 'session' : 'local';
}

/** The storage key remembering a dismissal, per type and id. */
export function dismissalKey(message: Pick<InAppMessage, 'type' | 'id'>): string {
  return `in-app-message-dismissed:${message.type}:${message.id}`;
}

/** Dismissal keys present in each storage. */
export interface DismissedKeys {
  session: ReadonlySet<string>;
  local: ReadonlySet<string>;
}

/** True when the message's key is in the storage its isDisplayAlways flag selects. */
export function isDismissed(message: InAppMessage, dismissed: DismissedKeys): boolean {
  return dismissed[dismissalStorage(message)].has(dismissalKey(message));
}

const startTime = (message: InAppMessage): number => {
  const t = Date.parse(message.start_date);
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
};

/** Newest first by start_date (unparseable dates last); ties keep list order. */
function newestFirst(messages: readonly InAppMessage[]): InAppMessage[] {
  return [...messages].sort((a, b) => {
    const diff = startTime(b) - startTime(a);
    return Number.isNaN(diff) ? 0 : diff;
  });
}

export interface SelectedInAppMessage {
  message: InAppMessage;
  delayMs: number;
}

export interface SelectInAppMessagesInput {
  messages: readonly InAppMessage[];
  /** Current URL path (query allowed). */
  path: string;
  windowWidth: number;
  dismissed: DismissedKeys;
}

/**
 * The messages to show on a page, newest first. Device must match. A force message (the newest one)
 * is shown alone, ignoring page and dismissal. Otherwise the newest not-dismissed page-matching
 * message of each type is shown, unless the newest of those is stand-alone: then only it.
 */
export function selectInAppMessages({ messages, path, windowWidth, dismissed }: SelectInAppMessagesInput): SelectedInAppMessage[] {
  const forDevice = newestFirst(messages.filter((m) => matchesDevice(m, windowWidth)));
  const forced = forDevice.find((m) => m.force === true);
  const pick = (list: InAppMessage[]) => list.map((message) => ({ message, delayMs: delayMs(message.delay) }));
  if (forced) return pick([forced]);
  const eligible = forDevice.filter((m) => matchesPage(m, path) && !isDismissed(m, dismissed));
  const newest = eligible[0];
  if (newest?.isStandAlone === true) return pick([newest]);
  const newestPerType = new Set(IN_APP_MESSAGE_TYPES.map((type) => eligible.find((m) => m.type === type)));
  return pick(eligible.filter((m) => newestPerType.has(m)));
}

export type InAppEventType = 'triggered' | 'clicked';

/** Body of POST /api/in-app-messages/events: destinationUrl is '' when the message has no button. */
export function inAppEventPayload(message: InAppMessage, siteLocation: string, type: InAppEventType) {
  return { messageId: message.id, destinationUrl: message.ctaBtn?.url ?? '', siteLocation, type };
}
