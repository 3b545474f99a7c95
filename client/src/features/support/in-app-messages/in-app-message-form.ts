/**
 * The support form's values for an in-app message (supporting spec §3), and their conversion to and
 * from the API. Kept apart from the components so the rules read and test on their own.
 */
import { TEXT_LIMITS, textLimitErrors } from '@cadence/domain/text-limits';
import { toMessages } from '@cadence/domain/validators';
import { DEVICES } from '@cadence/domain/breakpoints';
import { IN_APP_MESSAGE_TYPES, PAGE_IDS, type InAppMessageType as WireType } from '@cadence/domain/in-app-messages';
import type { CreateInAppMessageInput, InAppMessageAudience, InAppMessageType, InAppMessagesAdmin_MessageFragment, UpdateInAppMessageInput } from '../../../gql/graphql';

/** The API's enum value of a spec type name ('popup-modal' → 'POPUP_MODAL'). */
export const apiType = (wire: WireType): InAppMessageType => wire.toUpperCase().replace('-', '_') as InAppMessageType;
/** The spec's name of an API type ('POPUP_MODAL' → 'popup-modal'), used as the label staff know. */
export const wireType = (type: InAppMessageType): WireType => type.toLowerCase().replace('_', '-') as WireType;

export const TYPE_OPTIONS = IN_APP_MESSAGE_TYPES.map((wire) => ({ value: apiType(wire), label: wire }));
export const PAGE_OPTIONS = ['all', ...PAGE_IDS.map((p) => p.id)];
export const DEVICE_OPTIONS: readonly string[] = DEVICES;
export const AUDIENCE_OPTIONS: readonly { value: InAppMessageAudience; label: string }[] = [
  { value: 'ALL', label: 'Everyone' },
  { value: 'SIGNED_IN', label: 'Signed-in people only' },
  { value: 'VISITORS', label: 'Visitors only' },
];

/** Mirrors the API's limit, so staff hear it before they submit. */
export const DELAY_MAX_SECONDS = 3_600;

export interface InAppMessageFormValues {
  type: InAppMessageType | '';
  headline: string;
  bodyText: string;
  ctaText: string;
  ctaUrl: string;
  ctaNewTab: boolean;
  disableCloseBtn: boolean;
  delay: string;
  pages: string[];
  devices: string[];
  /** `datetime-local` value in the browser's zone; empty means now (start) or never (end). */
  startDate: string;
  endDate: string;
  audience: InAppMessageAudience;
  force: boolean;
  isStandAlone: boolean;
  isDisplayAlways: boolean;
}

export const EMPTY_VALUES: InAppMessageFormValues = {
  type: '',
  headline: '',
  bodyText: '',
  ctaText: '',
  ctaUrl: '',
  ctaNewTab: false,
  disableCloseBtn: false,
  delay: '0',
  pages: [],
  devices: [...DEVICES],
  startDate: '',
  endDate: '',
  audience: 'ALL',
  force: false,
  isStandAlone: false,
  isDisplayAlways: false,
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a `datetime-local` value in the browser's zone. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const toIso = (local: string): string | null => (local.trim() === '' ? null : new Date(local).toISOString());

/** Only http(s) addresses and paths on this site, as the brief asks (the API also accepts mailto). */
export const isAllowedUrl = (url: string): boolean => /^https?:\/\/[^\s/]+\S*$/i.test(url) || /^\/(?!\/)\S*$/.test(url);

type Errors = Partial<Record<keyof InAppMessageFormValues, string>>;

/** The API's limits (domain text-limits), checked as the person types. */
const LIMITS = { headline: TEXT_LIMITS.headline, bodyText: TEXT_LIMITS.richText, ctaText: TEXT_LIMITS.label, ctaUrl: TEXT_LIMITS.url };

/** Form-level checks: what each type requires, the button, the delay, targeting and the dates. */
export function validateInAppMessage(values: Partial<InAppMessageFormValues>): Errors {
  const errors: Errors = {};
  const str = (v: string | undefined) => (v ?? '').trim();
  if (!values.type) errors.type = 'Choose a message type';
  const tooLong = toMessages(Object.fromEntries(textLimitErrors(values, LIMITS).map((e) => [e.field, e])));
  if (values.type === 'POPUP_MODAL' && str(values.headline) === '') errors.headline = 'A popup needs a headline';
  if (str(values.bodyText) === '') errors.bodyText = 'Body text is required';
  const ctaText = str(values.ctaText);
  const ctaUrl = str(values.ctaUrl);
  if (ctaUrl !== '' && !isAllowedUrl(ctaUrl)) errors.ctaUrl = 'The button address must start with http://, https:// or / (a path on this site)';
  else if (ctaText !== '' && ctaUrl === '') errors.ctaUrl = 'The button needs an address';
  if (ctaUrl !== '' && ctaText === '') errors.ctaText = 'The button needs a text';
  const delay = str(values.delay);
  if (delay === '') errors.delay = 'Delay is required (0 shows the message at once)';
  else if (!/^\d+$/.test(delay) || Number(delay) > DELAY_MAX_SECONDS) errors.delay = `Delay must be whole seconds from 0 to ${DELAY_MAX_SECONDS}`;
  if (!values.pages?.length) errors.pages = "Choose at least one page, or 'Every page'";
  if (!values.devices?.length) errors.devices = 'Choose at least one device';
  Object.assign(errors, tooLong);
  const start = str(values.startDate);
  const end = str(values.endDate);
  if (end !== '' && new Date(end).getTime() <= (start === '' ? Date.now() : new Date(start).getTime())) errors.endDate = 'The end date must be after the start date';
  return errors;
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** The create input of valid form values; empty dates are left to the API (start now, no end). */
export function toCreateInput(values: InAppMessageFormValues): CreateInAppMessageInput {
  const startDate = toIso(values.startDate);
  const endDate = toIso(values.endDate);
  return {
    type: values.type as InAppMessageType,
    headline: orNull(values.headline),
    bodyText: values.bodyText,
    ctaText: orNull(values.ctaText),
    ctaUrl: orNull(values.ctaUrl),
    ctaNewTab: values.ctaNewTab,
    disableCloseBtn: values.disableCloseBtn,
    delay: Number(values.delay),
    pages: values.pages.includes('all') ? ['all'] : values.pages,
    devices: values.devices,
    ...(startDate ? { startDate } : {}),
    ...(endDate ? { endDate } : {}),
    audience: values.audience,
    force: values.force,
    isStandAlone: values.isStandAlone,
    isDisplayAlways: values.isDisplayAlways,
  };
}

/** The update input: every field is sent, so an emptied field clears (an emptied end date means no end). */
export function toUpdateInput(id: string, values: InAppMessageFormValues): UpdateInAppMessageInput {
  const { startDate, endDate, ...rest } = toCreateInput(values);
  return { id, ...rest, ...(startDate ? { startDate } : {}), endDate: endDate ?? null };
}

/** Form values of a stored message, for editing. */
export function fromMessage(m: InAppMessagesAdmin_MessageFragment): InAppMessageFormValues {
  return {
    type: m.type,
    headline: m.headline ?? '',
    bodyText: m.bodyText,
    ctaText: m.ctaBtn?.text ?? '',
    ctaUrl: m.ctaBtn?.url ?? '',
    ctaNewTab: m.ctaBtn?.isNewTab ?? false,
    disableCloseBtn: m.disableCloseBtn,
    delay: String(m.delay),
    pages: [...m.pages],
    devices: [...m.devices],
    startDate: toLocalInput(m.startDate),
    endDate: toLocalInput(m.endDate),
    audience: m.audience,
    force: m.force,
    isStandAlone: m.isStandAlone,
    isDisplayAlways: m.isDisplayAlways,
  };
}

/** The flags worth seeing in the list, in words. */
export function flagLabels(m: Pick<InAppMessagesAdmin_MessageFragment, 'force' | 'isStandAlone' | 'isDisplayAlways' | 'disableCloseBtn'>): string[] {
  return [m.force && 'force', m.isStandAlone && 'stand-alone', m.isDisplayAlways && 'display always', m.disableCloseBtn && 'no close button'].filter(
    (f): f is string => typeof f === 'string',
  );
}

/** Where a message is in its schedule, so staff see at a glance which ones can show now. */
export function scheduleStatus(m: Pick<InAppMessagesAdmin_MessageFragment, 'startDate' | 'endDate'>, now = new Date()): 'scheduled' | 'live' | 'ended' {
  if (new Date(m.startDate).getTime() > now.getTime()) return 'scheduled';
  if (m.endDate && new Date(m.endDate).getTime() <= now.getTime()) return 'ended';
  return 'live';
}
