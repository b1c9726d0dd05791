import { defaultBusinessTimeZone, parseLocalDateTime } from '@lab/domain';

// The due time is typed in the lab's zone (case-workspace §9 'Input time zone Australia/Melbourne'),
// like the Modify Case Times form, whatever zone the browser is in; the wire carries an ISO instant.

/** 'YYYY-MM-DDTHH:mm' in Melbourne: the value of a datetime-local input. */
export const toDueInput = (instant: Date, timeZone = defaultBusinessTimeZone): string => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const p = Object.fromEntries(parts.map((part) => [part.type, part.value]));
  return `${p['year']}-${p['month']}-${p['day']}T${p['hour']}:${p['minute']}`;
};

/** The ISO instant of a Melbourne 'YYYY-MM-DDTHH:mm'; null when blank or unreadable. */
export const dueInputToIso = (value: string): string | null => {
  if (!value.trim()) return null;
  return parseLocalDateTime(value)?.toISOString() ?? null;
};
