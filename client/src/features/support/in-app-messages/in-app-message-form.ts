/**
 * The support form's values for an in-app message (supporting spec §3), and their conversion to and
 * from the API. Kept apart from the components so the rules read and test on their own.
 */
import { toMessages, validateShape } from '@cadence/domain/validators';
import { DEVICES, type Device } from '@cadence/domain/breakpoints';
import { IN_APP_MESSAGE_TYPES, PAGE_IDS } from '@cadence/domain/in-app-messages';
import { inAppMessageStruct, typeNameOf } from '@cadence/domain/in-app-message-input';
import type {
  CreateInAppMessageInput,
  InAppMessageAudience,
  InAppMessageDevice,
  InAppMessageType,
  InAppMessageRow_MessageFragment,
  UpdateInAppMessageInput,
} from '../../../gql/graphql';

export const TYPE_OPTIONS = IN_APP_MESSAGE_TYPES.map((wire) => ({ value: typeNameOf(wire), label: wire }));
export const PAGE_OPTIONS = ['all', ...PAGE_IDS.map((p) => p.id)];
export const DEVICE_OPTIONS: readonly string[] = DEVICES;
export const AUDIENCE_OPTIONS: readonly { value: InAppMessageAudience; label: string }[] = [
  { value: 'ALL', label: 'Everyone' },
  { value: 'SIGNED_IN', label: 'Signed-in people only' },
  { value: 'VISITORS', label: 'Visitors only' },
];

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

type Errors = Partial<Record<keyof InAppMessageFormValues, string>>;

/**
 * The form shows and checks the domain's device words ('desktop', as staff know them and the rules
 * read them); the API's enum names them in capitals (DESKTOP).
 */
const deviceEnum = (device: string) => device.toUpperCase() as InAppMessageDevice;
const deviceWord = (device: InAppMessageDevice) => device.toLowerCase() as Device;

/**
 * The API's own rules (domain inAppMessageStruct) on the input these values make, checked as the
 * person types; the delay is checked as typed, so an empty box is told apart from a bad number.
 */
export function validateInAppMessage(values: Partial<InAppMessageFormValues>): Errors {
  const complete = { ...EMPTY_VALUES, ...values };
  const result = validateShape(inAppMessageStruct(), { ...toCreateInput(complete), devices: complete.devices, delay: complete.delay });
  return result.ok ? {} : toMessages(result.errors);
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
    devices: values.devices.map(deviceEnum),
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
export function fromMessage(m: InAppMessageRow_MessageFragment): InAppMessageFormValues {
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
    devices: m.devices.map(deviceWord),
    startDate: toLocalInput(m.startDate),
    endDate: toLocalInput(m.endDate),
    audience: m.audience,
    force: m.force,
    isStandAlone: m.isStandAlone,
    isDisplayAlways: m.isDisplayAlways,
  };
}

/** The flags worth seeing in the list, in words. */
export function flagLabels(m: Pick<InAppMessageRow_MessageFragment, 'force' | 'isStandAlone' | 'isDisplayAlways' | 'disableCloseBtn'>): string[] {
  return [m.force && 'force', m.isStandAlone && 'stand-alone', m.isDisplayAlways && 'display always', m.disableCloseBtn && 'no close button'].filter(
    (f): f is string => typeof f === 'string',
  );
}

/** Where a message is in its schedule, so staff see at a glance which ones can show now. */
export function scheduleStatus(m: Pick<InAppMessageRow_MessageFragment, 'startDate' | 'endDate'>, now = new Date()): 'scheduled' | 'live' | 'ended' {
  if (new Date(m.startDate).getTime() > now.getTime()) return 'scheduled';
  if (m.endDate && new Date(m.endDate).getTime() <= now.getTime()) return 'ended';
  return 'live';
}
