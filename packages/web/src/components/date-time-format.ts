/** '12 Mar 2025, 2:05 pm' style, in the browser's locale and zone. */
export const formatDateTime = (iso: string, options: { locale?: string; timeZone?: string } = {}): string =>
  new Date(iso).toLocaleString(options.locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: options.timeZone,
  });
