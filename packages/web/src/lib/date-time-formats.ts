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
