import Holidays from 'date-holidays';
import { DateTime, IANAZone } from 'luxon';
import { businessClosesAtHour, businessOpensAtHour, defaultBusinessTimeZone } from './business-hours';

// A branch's business calendar (domain-decisions.md 'Schedule'): Mon–Fri 08:00–17:00 in the branch's
// time zone, minus the public holidays of its state or region and the branch's configured closures.
// The calendar is plain data; holiday lookups are memoised per country, region and year below.

/** Days a branch is shut (stocktake, Christmas shutdown): local ISO dates, both ends included. */
export type BranchClosure = { startsOn: string; endsOn: string };

export type BusinessCalendarConfig = {
  /** ISO 3166 country of the branch, e.g. 'AU', 'NZ'. */
  country: string;
  /** State or region for date-holidays, e.g. 'VIC', 'AUK'; unknown ones fall back to the country. */
  region?: string | null;
  timeZone?: string;
  closures?: readonly BranchClosure[];
};

export type BusinessCalendar = {
  readonly timeZone: string;
  readonly country: string;
  /** The region actually used for holidays: null when none was given or date-holidays does not know it. */
  readonly region: string | null;
  readonly closures: readonly BranchClosure[];
};

/** Business hours of one local day as epoch milliseconds [opens, closes). */
export type OpeningHours = { opens: number; closes: number };

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;
// Built on first use: a module-level instance would be a side effect that keeps the whole holiday
// catalogue (about a megabyte) in every web bundle that imports @lab/domain.
let holidayCatalogue: Holidays | null = null;
const readHolidayCatalogue = (): Holidays => (holidayCatalogue ??= new Holidays());

const normaliseClosure = (closure: BranchClosure): BranchClosure => {
  const { startsOn, endsOn } = closure;
  if (!isoDatePattern.test(startsOn) || !isoDatePattern.test(endsOn) || endsOn < startsOn) {
    throw new RangeError(`Invalid closure ${startsOn}..${endsOn}`);
  }
  return { startsOn, endsOn };
};

/**
 * Checks and resolves a branch configuration. An unknown time zone or country is a configuration
 * error (a schedule without the right holidays would silently promise the wrong days), so it throws.
 */
export const createBusinessCalendar = (config: BusinessCalendarConfig): BusinessCalendar => {
  const timeZone = config.timeZone ?? defaultBusinessTimeZone;
  if (!IANAZone.isValidZone(timeZone)) throw new RangeError(`Unknown time zone ${timeZone}`);
  const country = config.country.toUpperCase();
  if (!(country in readHolidayCatalogue().getCountries()))
    throw new RangeError(`Unknown holiday country ${country}`);
  const wantedRegion = config.region?.toUpperCase() ?? null;
  const knownRegions = readHolidayCatalogue().getStates(country) ?? {};
  const region = wantedRegion !== null && wantedRegion in knownRegions ? wantedRegion : null;
  const closures = (config.closures ?? []).map(normaliseClosure);
  return { timeZone, country, region, closures };
};

/** Local date → minute of the day a public holiday starts (0 = the whole day). */
type HolidayStarts = ReadonlyMap<string, number>;
const holidayCache = new Map<string, HolidayStarts>();
const dayMillis = 86_400_000;

const readHolidayStarts = (country: string, region: string | null, year: number): HolidayStarts => {
  const holidays = region === null ? new Holidays(country) : new Holidays(country, region);
  const starts = new Map<string, number>();
  const mark = (date: string, minute: number) =>
    starts.set(date, Math.min(minute, starts.get(date) ?? minute));
  // Only 'public' days close the lab; bank holidays and observances (Mother's Day) do not.
  for (const holiday of holidays.getHolidays(year) || []) {
    if (holiday.type !== 'public') continue;
    // `date` is the holiday's own local 'YYYY-MM-DD hh:mm:ss', whatever zone this process runs in.
    const date = holiday.date.slice(0, 10);
    const minute = Number(holiday.date.slice(11, 13)) * 60 + Number(holiday.date.slice(14, 16));
    mark(date, minute);
    // A rare holiday spanning several whole days closes each of them.
    const days = minute === 0 ? Math.round((holiday.end.getTime() - holiday.start.getTime()) / dayMillis) : 1;
    for (let extra = 1; extra < days; extra += 1) {
      mark(DateTime.fromISO(date).plus({ days: extra }).toISODate() ?? date, 0);
    }
  }
  return starts;
};

const holidayStartsIn = (calendar: BusinessCalendar, year: number): HolidayStarts => {
  const key = `${calendar.country}|${calendar.region ?? ''}|${year}`;
  let starts = holidayCache.get(key);
  if (!starts) {
    starts = readHolidayStarts(calendar.country, calendar.region, year);
    holidayCache.set(key, starts);
  }
  return starts;
};

const isClosed = (calendar: BusinessCalendar, isoDate: string): boolean =>
  calendar.closures.some((closure) => closure.startsOn <= isoDate && isoDate <= closure.endsOn);

/** Start of the local day containing `instant` in the calendar's zone. */
export const localDayOf = (calendar: BusinessCalendar, instant: number): DateTime =>
  DateTime.fromMillis(instant, { zone: calendar.timeZone }).startOf('day');

/**
 * The business hours of a local day, or null when it has none. A public holiday that starts during the
 * day (some places have afternoon or evening ones) ends business at its start; one starting at or after
 * closing time changes nothing.
 */
export const openingHoursOn = (calendar: BusinessCalendar, day: DateTime): OpeningHours | null => {
  if (day.weekday > 5) return null;
  const isoDate = day.toISODate() ?? '';
  if (isClosed(calendar, isoDate)) return null;
  const opensMinute = businessOpensAtHour * 60;
  const holidayMinute = holidayStartsIn(calendar, day.year).get(isoDate);
  const closesMinute = Math.min(businessClosesAtHour * 60, holidayMinute ?? Number.POSITIVE_INFINITY);
  if (closesMinute <= opensMinute) return null;
  const at = (minute: number) =>
    day.set({ hour: Math.floor(minute / 60), minute: minute % 60, second: 0, millisecond: 0 }).toMillis();
  return { opens: at(opensMinute), closes: at(closesMinute) };
};

/** Whether a local date ('2025-11-04') has business hours at all. */
export const isBusinessDay = (calendar: BusinessCalendar, isoDate: string): boolean => {
  const day = DateTime.fromISO(isoDate, { zone: calendar.timeZone });
  if (!day.isValid) throw new RangeError(`Invalid date ${isoDate}`);
  return openingHoursOn(calendar, day.startOf('day')) !== null;
};

/** The public holidays that close the lab in a year, as local dates (for display and tests). */
export const publicHolidayDates = (calendar: BusinessCalendar, year: number): string[] =>
  [...holidayStartsIn(calendar, year).entries()]
    .filter(([, minute]) => minute < businessClosesAtHour * 60)
    .map(([date]) => date)
    .sort();
