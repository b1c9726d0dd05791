// The week the calendar shows: Monday to Monday in the viewer's zone (spec: times in the local zone).

const dayMs = 86_400_000;

export const mondayOf = (date: Date): Date => {
  const day = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  const offset = (day.getDay() + 6) % 7;
  return new Date(day.getFullYear(), day.getMonth(), day.getDate() - offset);
};

export const addDays = (date: Date, days: number): Date =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);

/** YYYY-MM-DD of a local date, as the page's ?week= keeps it. */
export const localDateText = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The Monday of ?week=YYYY-MM-DD, or of today when it is missing or unreadable. */
export const readWeek = (text: string | null, today: Date = new Date()): Date => {
  const match = text ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(text) : null;
  if (!match) return mondayOf(today);
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? mondayOf(today) : mondayOf(date);
};

/** The week in the viewer's locale: 'Mar 3 – 9, 2031', '3–9 Mar 2031'. */
export const weekTitle = (monday: Date, locale?: string): string =>
  new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }).formatRange(
    monday,
    addDays(monday, 6),
  );

export const isSameWeek = (a: Date, b: Date): boolean =>
  Math.abs(mondayOf(a).getTime() - mondayOf(b).getTime()) < dayMs;
