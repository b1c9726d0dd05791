import { dateTimeFormat } from '../lib/date-format';

type FormatOptions = { locale?: string; timeZone?: string };

const formatterFor = ({ locale, timeZone }: FormatOptions): Intl.DateTimeFormat =>
  dateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  });

/** '12 Mar 2025, 2:05 pm' style, in the browser's locale and zone. */
export const formatDateTime = (iso: string, options: FormatOptions = {}): string => {
  const date = new Date(iso);
  // What toLocaleString answers for a date it cannot read (format would throw).
  return Number.isNaN(date.getTime()) ? 'Invalid Date' : formatterFor(options).format(date);
};
