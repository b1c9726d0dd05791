// How an order form's json_data is laid out on screen (case-workspace §2 'Order Form', collection-views
// §2 portal order forms): the implants list, three option tables, the rest as basic information.

export const orderFormTexts = {
  empty: 'No Order Forms...',
  portalEmpty: 'No Order Forms Received',
  basicInformation: 'Basic Information',
  implants: 'Implants',
} as const;

/**
 * Keys the ordering platform sends for its own use (its API secret among them): the server drops them
 * from every answer (visibleOrderFormData), staff, portal and partner alike.
 */
export const hiddenOrderFormKeys = [
  'solution',
  'attachments',
  'oep_api_secret',
  'client',
  'agree',
  'parent_case_id',
  'tag',
] as const;

/** The option tables, in the order they are shown. */
export const orderFormOptionKeys = ['lower_options', 'upper_options', 'preop_options'] as const;
export type OrderFormOptionKey = (typeof orderFormOptionKeys)[number];

export const orderFormOptionTitles: Record<OrderFormOptionKey, string> = {
  lower_options: 'Lower Options',
  upper_options: 'Upper Options',
  preop_options: 'Pre-op Options',
};

/** The implant columns the form shows, as the ordering platforms name them. */
export const orderFormImplantColumns = [
  'tooth',
  'name',
  'implant_platform',
  'scan_body_type',
  'biAxial',
] as const;
export type OrderFormImplant = Partial<Record<(typeof orderFormImplantColumns)[number], unknown>>;

export type OrderFormSections = {
  implants: OrderFormImplant[];
  options: { key: OrderFormOptionKey; value: unknown }[];
  basic: { key: string; value: unknown }[];
};

const hidden = new Set<string>(hiddenOrderFormKeys);
const optionKeys = new Set<string>(orderFormOptionKeys);

/** json_data as it may leave the server: every key but the ordering platform's own. */
export const visibleOrderFormData = (jsonData: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(jsonData).filter(([key]) => !hidden.has(key)));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Splits json_data into what the form shows. Option tables appear only when the form has them; a
 * malformed implants entry (not an object) is skipped rather than failing the whole form.
 */
export const splitOrderForm = (jsonData: Record<string, unknown>): OrderFormSections => {
  const rawImplants = jsonData['implants'];
  const implants = Array.isArray(rawImplants) ? rawImplants.filter(isRecord) : [];
  const options = orderFormOptionKeys
    .filter((key) => jsonData[key] !== undefined && jsonData[key] !== null)
    .map((key) => ({ key, value: jsonData[key] }));
  const basic = Object.entries(jsonData)
    .filter(([key]) => key !== 'implants' && !optionKeys.has(key) && !hidden.has(key))
    .map(([key, value]) => ({ key, value }));
  return { implants, options, basic };
};

/** 'scan_body_type' → 'Scan Body Type', 'biAxial' → 'Bi Axial'. */
export const humanizeOrderFormKey = (key: string): string =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\s]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/** A form belongs to a case when it names it, or names no case (one form for the whole order). */
export const isOrderFormOfCase = (form: { case_uid: string | null }, caseUid: string): boolean =>
  form.case_uid === null || form.case_uid === caseUid;

/**
 * An order-form value that is a date or a time, as the ordering platforms send them: a calendar day
 * ('2026-12-13', no zone: the same day wherever it is read), an instant (with Z or an offset), or a wall
 * time without a zone (the lab's: the branch's time zone).
 */
export type OrderFormDate =
  | { kind: 'day'; date: string }
  | { kind: 'instant'; iso: string }
  | { kind: 'wallTime'; date: string; time: string };

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const dateTimePattern =
  /^(\d{4}-\d{2}-\d{2})[T ]((\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

const isCalendarDay = (date: string): boolean => {
  const [year = 0, month = 0, day = 0] = date.split('-').map(Number);
  const at = new Date(Date.UTC(year, month - 1, day));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
};

/** '+10', '+1000' → '+10:00' (what Date.parse reads everywhere). */
const isoOffset = (zone: string): string => {
  if (zone.toUpperCase() === 'Z') return 'Z';
  const digits = zone.slice(1).replace(':', '').padEnd(4, '0');
  return `${zone[0] ?? '+'}${digits.slice(0, 2)}:${digits.slice(2, 4)}`;
};

/** The date an order-form value names, or null for anything else (a date-looking text that is no date). */
export const orderFormDateOf = (value: unknown): OrderFormDate | null => {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (dayPattern.test(text)) return isCalendarDay(text) ? { kind: 'day', date: text } : null;
  const match = dateTimePattern.exec(text);
  const [, date = '', time = '', hours = '', minutes = '', seconds = '0', zone] = match ?? [];
  if (!match || !isCalendarDay(date)) return null;
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return null;
  if (zone === undefined) return { kind: 'wallTime', date, time: time.slice(0, 8) };
  const at = Date.parse(`${date}T${time}${isoOffset(zone)}`);
  return Number.isNaN(at) ? null : { kind: 'instant', iso: new Date(at).toISOString() };
};
