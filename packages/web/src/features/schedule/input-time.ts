import { defaultBusinessTimeZone } from '@lab/domain';

// The Modify Case Times form enters times in the lab's zone (spec §9: 'Input time zone
// Australia/Melbourne'), whatever zone the viewer's browser is in. update_times takes the local values
// as they are; this turns the case's current start into the form's starting value.

const partsIn = (instant: Date, timeZone: string): Record<string, string> => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  return Object.fromEntries(parts.map((part) => [part.type, part.value]));
};

const readDate = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** 'YYYY-MM-DDTHH:mm' in Melbourne, the value of a datetime-local input; '' for none. */
export const toInputDateTime = (
  iso: string | null | undefined,
  timeZone = defaultBusinessTimeZone,
): string => {
  const date = readDate(iso);
  if (!date) return '';
  const p = partsIn(date, timeZone);
  return `${p['year']}-${p['month']}-${p['day']}T${p['hour']}:${p['minute']}`;
};
