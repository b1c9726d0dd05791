// Dates are shown in the viewer's own zone (spec: "Time display uses the local zone"). The locale and
// zone can be pinned, which the tests do.

// Building an Intl.DateTimeFormat costs about a millisecond on a slow PC (and toLocaleString builds one
// per call): every list row and the ticking footer clock would pay it on each render. One formatter per
// locale and set of options is kept instead; it gives the same text.
const formats = new Map<string, Intl.DateTimeFormat>();

/** The formatter of `locale` (undefined: the browser's) with `options`, built once. */
export const dateTimeFormat = (
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat => {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
};

export type DateFormatOptions = { locale?: string; timeZone?: string };

const dateFormat = (options: DateFormatOptions) =>
  dateTimeFormat(options.locale, {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: options.timeZone,
  });

/** '03 Feb 2025' for an ISO timestamp; '' for none or an unreadable one. */
export const formatLocalDate = (iso: string | null | undefined, options: DateFormatOptions = {}): string => {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat(options).format(date);
};

/** The Date Range column: 'first – last', one date when both fall on the same local day. */
export const formatDateRange = (
  first: string | null | undefined,
  last: string | null | undefined,
  options: DateFormatOptions = {},
): string => {
  const from = formatLocalDate(first, options);
  const to = formatLocalDate(last, options);
  if (!from || !to || from === to) return from || to;
  return `${from} – ${to}`;
};

/** The footer clock: weekday, date and time to the second. */
export const formatClock = (date: Date, options: DateFormatOptions = {}): string =>
  dateTimeFormat(options.locale, {
    weekday: 'short',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZone: options.timeZone,
  }).format(date);

/** The lab's locale: how the customer portal writes dates and times, whatever the reader's browser says. */
export const labLocale = 'en-AU';

/** The reader's own time zone (the browser's). */
export const viewerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** How many minutes a zone's clock is ahead of UTC at an instant. */
export const zoneOffsetMinutes = (date: Date, timeZone: string): number => {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
};

/** True when a clock in `timeZone` reads differently from the reader's at that instant. */
export const isOtherClock = (date: Date, timeZone: string, readerZone: string = viewerTimeZone()): boolean =>
  zoneOffsetMinutes(date, timeZone) !== zoneOffsetMinutes(date, readerZone);

/** The instant a wall-clock time ('2026-12-13', '10:30') names in `timeZone`; null when unreadable. */
export const instantOfWallTime = (date: string, time: string, timeZone: string): Date | null => {
  const wall = Date.parse(`${date}T${time.length === 5 ? `${time}:00` : time}Z`);
  // Date.parse rolls 30 February over into March: a day that does not exist is no time.
  if (Number.isNaN(wall) || new Date(wall).toISOString().slice(0, 10) !== date) return null;
  // The zone's offset at the wall time read as UTC, then at the instant that gives (right across DST).
  const first = wall - zoneOffsetMinutes(new Date(wall), timeZone) * 60_000;
  return new Date(wall - zoneOffsetMinutes(new Date(first), timeZone) * 60_000);
};

/** 'Sun 13 Dec 2026' for a calendar date ('2026-12-13'): a day has no time zone, so none is applied. */
export const formatCalendarDate = (date: string, locale?: string): string => {
  const at = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(at)) return date;
  return dateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(at));
};
