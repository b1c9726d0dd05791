type FormatOptions = { locale?: string; timeZone?: string };

// toLocaleString builds a new formatter on every call (about a millisecond each on a slow machine, for
// every row a list renders): one formatter per locale and zone is kept instead, giving the same text.
const formatters = new Map<string, Intl.DateTimeFormat>();

const formatterFor = ({ locale, timeZone }: FormatOptions): Intl.DateTimeFormat => {
  const key = `${locale ?? ''}|${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
    });
    formatters.set(key, formatter);
  }
  return formatter;
};

/** '12 Mar 2025, 2:05 pm' style, in the browser's locale and zone. */
export const formatDateTime = (iso: string, options: FormatOptions = {}): string => {
  const date = new Date(iso);
  // What toLocaleString answers for a date it cannot read (format would throw).
  return Number.isNaN(date.getTime()) ? 'Invalid Date' : formatterFor(options).format(date);
};
