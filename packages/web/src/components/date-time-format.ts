import { dateTimeFormat } from '../lib/date-format';

type FormatOptions = { locale?: string; timeZone?: string; showZone?: boolean };

const formatterFor = ({ locale, timeZone, showZone }: FormatOptions): Intl.DateTimeFormat =>
  dateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    ...(showZone ? { timeZoneName: 'short' } : {}),
  });

/** '12 Mar 2025, 2:05 pm' style, in the browser's locale and zone unless told; 'showZone' adds 'AEDT'. */
export const formatDateTime = (iso: string, options: FormatOptions = {}): string => {
  const date = new Date(iso);
  // What toLocaleString answers for a date it cannot read (format would throw).
  return Number.isNaN(date.getTime()) ? 'Invalid Date' : formatterFor(options).format(date);
};
