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
