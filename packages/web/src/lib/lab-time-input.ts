import { defaultBusinessTimeZone, parseLocalDateTime } from '@lab/domain';
import { dateTimeFormat } from './date-format';

// Times are typed in the lab's zone (case-workspace §9 'Input time zone Australia/Melbourne') whatever
// zone the browser is in: the Modify Case Times form and the approval due time both show and read a
// datetime-local value in that zone.

const readDate = (value: Date | string | null | undefined): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** 'YYYY-MM-DDTHH:mm' in the lab's zone, the value of a datetime-local input; '' for none. */
export const toLabTimeInput = (
  instant: Date | string | null | undefined,
  timeZone = defaultBusinessTimeZone,
): string => {
  const date = readDate(instant);
  if (!date) return '';
  const parts = dateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const p = Object.fromEntries(parts.map((part) => [part.type, part.value]));
  return `${p['year']}-${p['month']}-${p['day']}T${p['hour']}:${p['minute']}`;
};

/** The ISO instant of a lab-zone 'YYYY-MM-DDTHH:mm'; null when blank or unreadable. */
export const labTimeInputToIso = (value: string): string | null => {
  if (!value.trim()) return null;
  return parseLocalDateTime(value)?.toISOString() ?? null;
};
