import { DateTime } from 'luxon';
import { localDayOf, openingHoursOn } from './business-calendar';
import { businessClosesAtHour } from './business-hours';
import type { BusinessCalendar, OpeningHours } from './business-calendar';

// Business-time arithmetic over a calendar: bh(a, b) and addBH(t, s) of domain-decisions.md 'Schedule'.
// Both walk local days (never seconds), so a span of months costs a few hundred steps, and each day's
// opening and closing instants come from the zone's rules, so daylight-saving days are exact.

/** No calendar leaves a lab shut for ten years; past that the calendar is wrong, not the maths. */
const maxDaysWalked = 3660;

const toMillis = (instant: Date, name: string): number => {
  const millis = instant.getTime();
  if (Number.isNaN(millis)) throw new RangeError(`${name} is not a valid date`);
  return millis;
};

/** Each business day from the local day of `from` onwards, with its hours; stops when `visit` says so. */
const walkBusinessDays = (
  calendar: BusinessCalendar,
  from: number,
  visit: (hours: OpeningHours) => boolean,
): void => {
  let day = localDayOf(calendar, from);
  for (let walked = 0; walked < maxDaysWalked; walked += 1) {
    const hours = openingHoursOn(calendar, day);
    if (hours && visit(hours)) return;
    day = day.plus({ days: 1 });
  }
  throw new RangeError('No business time within ten years: check the calendar closures');
};

const businessMillisBetween = (calendar: BusinessCalendar, from: number, to: number): number => {
  let total = 0;
  let day = localDayOf(calendar, from);
  while (day.toMillis() < to) {
    const hours = openingHoursOn(calendar, day);
    if (hours) total += Math.max(0, Math.min(to, hours.closes) - Math.max(from, hours.opens));
    day = day.plus({ days: 1 });
  }
  return total;
};

/** Business seconds from a to b; negative when b is before a. */
export const businessSecondsBetween = (calendar: BusinessCalendar, a: Date, b: Date): number => {
  const from = toMillis(a, 'a');
  const to = toMillis(b, 'b');
  if (to >= from) return businessMillisBetween(calendar, from, to) / 1000;
  // Zero business time backwards is 0, not -0 (which JSON would print as 0 but Object.is tells apart).
  return 0 - businessMillisBetween(calendar, to, from) / 1000;
};

/**
 * The earliest instant at which `seconds` of business time have passed since `t`. Landing exactly at
 * closing time answers that day's 17:00, not the next opening; 0 seconds answers `t` itself.
 */
export const addBusinessSeconds = (calendar: BusinessCalendar, t: Date, seconds: number): Date => {
  if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError('seconds must be a finite number ≥ 0');
  const from = toMillis(t, 't');
  let remaining = Math.round(seconds * 1000);
  if (remaining === 0) return new Date(from);
  let result = from;
  walkBusinessDays(calendar, from, (hours) => {
    const start = Math.max(from, hours.opens);
    if (start >= hours.closes) return false;
    const available = hours.closes - start;
    if (remaining <= available) {
      result = start + remaining;
      return true;
    }
    remaining -= available;
    return false;
  });
  return new Date(result);
};

/** Whether the lab is open at `t`: inside a business day's [08:00, 17:00). */
export const isBusinessTime = (calendar: BusinessCalendar, t: Date): boolean => {
  const millis = toMillis(t, 't');
  const hours = openingHoursOn(calendar, localDayOf(calendar, millis));
  return hours !== null && hours.opens <= millis && millis < hours.closes;
};

/** `t` if the lab is open then, else the next opening (17:00 itself is closed: the next morning). */
export const startOfNextBusinessTime = (calendar: BusinessCalendar, t: Date): Date => {
  const from = toMillis(t, 't');
  let result = from;
  walkBusinessDays(calendar, from, (hours) => {
    if (from >= hours.closes) return false;
    result = Math.max(from, hours.opens);
    return true;
  });
  return new Date(result);
};

/**
 * Close of business on the business day `days` business days after the one containing
 * `startOfNextBusinessTime(t)` (0 = that day's close). Turnarounds in business days end here.
 */
export const closeOfBusinessDaysAfter = (calendar: BusinessCalendar, t: Date, days: number): Date => {
  if (!Number.isInteger(days) || days < 0) throw new RangeError('days must be a whole number ≥ 0');
  const from = startOfNextBusinessTime(calendar, t).getTime();
  let left = days;
  let result = from;
  walkBusinessDays(calendar, from, (hours) => {
    if (left > 0) {
      left -= 1;
      return false;
    }
    result = hours.closes;
    return true;
  });
  return new Date(result);
};

/**
 * Closing time (17:00 local) of a local date, business day or not: a promise date entered as a date
 * means 'by close of business that day' (case-workspace §9: input zone Australia/Melbourne).
 */
export const closeOfBusinessOn = (calendar: BusinessCalendar, isoDate: string): Date => {
  const day = DateTime.fromISO(isoDate, { zone: calendar.timeZone });
  if (!day.isValid) throw new RangeError(`Invalid date ${isoDate}`);
  return day.startOf('day').set({ hour: businessClosesAtHour }).toJSDate();
};
