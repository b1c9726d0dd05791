import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { createBusinessCalendar, localDayOf, openingHoursOn } from './business-calendar';
import {
  addBusinessSeconds,
  businessSecondsBetween,
  closeOfBusinessDaysAfter,
  closeOfBusinessOn,
  isBusinessTime,
  startOfNextBusinessTime,
} from './business-time';

const zone = 'Australia/Melbourne';
const melbourne = createBusinessCalendar({ country: 'AU', region: 'VIC' });
const hour = 3600;

/** A Melbourne wall-clock time, e.g. '2025-10-03T08:00'. */
const mel = (local: string): Date => DateTime.fromISO(local, { zone }).toJSDate();
const local = (date: Date): string => DateTime.fromJSDate(date, { zone }).toFormat("yyyy-MM-dd'T'HH:mm");
const bh = (a: string, b: string) => businessSecondsBetween(melbourne, mel(a), mel(b));

// Victoria's 2025 public holidays on weekdays, written out independently of date-holidays.
// prettier-ignore
const vic2025WeekdayHolidays = new Set([
  '2025-01-01', '2025-01-27', '2025-03-10', '2025-04-18', '2025-04-21', '2025-04-25',
  '2025-06-09', '2025-09-26', '2025-11-04', '2025-12-25', '2025-12-26',
]);

/** Brute-force oracle: is the quarter hour starting at `millis` business time in Melbourne 2025? */
const isOpenQuarter = (millis: number): boolean => {
  const t = DateTime.fromMillis(millis, { zone });
  return t.weekday <= 5 && t.hour >= 8 && t.hour < 17 && !vic2025WeekdayHolidays.has(t.toISODate() ?? '');
};

const quarter = 15 * 60_000;
const from2025 = mel('2025-01-01T00:00').getTime();
const until2025 = mel('2025-12-20T00:00').getTime();

describe('businessSecondsBetween', () => {
  it('counts business hours of a plain week', () => {
    expect(bh('2025-06-02T08:00', '2025-06-02T17:00')).toBe(9 * hour);
    expect(bh('2025-06-02T10:30', '2025-06-02T12:00')).toBe(1.5 * hour);
    expect(bh('2025-06-02T06:00', '2025-06-02T20:00')).toBe(9 * hour);
    expect(bh('2025-06-02T08:00', '2025-06-10T08:00')).toBe(5 * 9 * hour); // Mon 9 Jun is King's Birthday
  });

  it('is negative when b is before a, and 0 for the same instant', () => {
    expect(bh('2025-06-03T12:00', '2025-06-02T12:00')).toBe(-9 * hour);
    expect(bh('2025-06-03T12:00', '2025-06-03T12:00')).toBe(0);
    expect(Object.is(bh('2025-06-08T12:00', '2025-06-07T12:00'), 0)).toBe(true);
  });

  it('counts 0 over a weekend', () => {
    expect(bh('2025-06-06T17:00', '2025-06-09T08:00')).toBe(0);
    expect(bh('2025-06-07T00:00', '2025-06-09T00:00')).toBe(0);
  });

  it('counts exactly 9 business hours per workday across daylight-saving changes', () => {
    // Melbourne clocks go forward on Sunday 5 Oct 2025 and back on Sunday 6 Apr 2025.
    expect(bh('2025-10-03T08:00', '2025-10-06T17:00')).toBe(18 * hour);
    expect(bh('2025-10-03T12:00', '2025-10-06T12:00')).toBe(9 * hour);
    expect(bh('2025-04-04T08:00', '2025-04-07T17:00')).toBe(18 * hour);
    expect(bh('2025-04-04T12:00', '2025-04-07T12:00')).toBe(9 * hour);
    expect(bh('2025-09-29T08:00', '2025-10-06T08:00')).toBe(45 * hour);
    expect(bh('2025-03-31T08:00', '2025-04-07T08:00')).toBe(45 * hour);
  });

  it('skips public holidays', () => {
    expect(bh('2025-11-03T08:00', '2025-11-05T08:00')).toBe(9 * hour); // Melbourne Cup
    expect(bh('2025-12-24T08:00', '2025-12-29T08:00')).toBe(9 * hour); // Christmas and Boxing Day
    expect(bh('2025-04-17T08:00', '2025-04-22T17:00')).toBe(18 * hour); // Easter
  });

  it('skips configured closures', () => {
    const shutdown = createBusinessCalendar({
      country: 'AU',
      region: 'VIC',
      closures: [{ startsOn: '2025-12-29', endsOn: '2026-01-02' }],
    });
    expect(businessSecondsBetween(shutdown, mel('2025-12-24T17:00'), mel('2026-01-05T08:00'))).toBe(0);
    expect(bh('2025-12-24T17:00', '2026-01-05T08:00')).toBe(4 * 9 * hour);
  });

  it('counts a whole year in a few hundred steps', () => {
    // 261 weekdays in 2025, 11 of them Victorian public holidays.
    expect(bh('2025-01-01T00:00', '2026-01-01T00:00')).toBe(250 * 9 * hour);
  });

  it('rejects an invalid date', () => {
    expect(() => businessSecondsBetween(melbourne, new Date(Number.NaN), new Date())).toThrow(RangeError);
  });

  it('agrees with a quarter-hour brute force', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Math.floor((until2025 - from2025) / quarter) }),
        fc.integer({ min: 0, max: 7 * 96 }),
        (startQuarter, quarters) => {
          const a = from2025 + startQuarter * quarter;
          const b = a + quarters * quarter;
          let expected = 0;
          for (let t = a; t < b; t += quarter) if (isOpenQuarter(t)) expected += 15 * 60;
          expect(businessSecondsBetween(melbourne, new Date(a), new Date(b))).toBe(expected);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('counts 0 within any weekend day or public holiday', () => {
    const closedDays = ['2025-06-07', '2025-06-08', '2025-10-05', '2025-04-06', ...vic2025WeekdayHolidays];
    fc.assert(
      fc.property(
        fc.constantFrom(...closedDays),
        fc.integer({ min: 0, max: 86_399 }),
        fc.integer({ min: 0, max: 86_399 }),
        (isoDate, x, y) => {
          const day = DateTime.fromISO(isoDate, { zone }).startOf('day');
          const length = day.plus({ days: 1 }).diff(day).as('seconds');
          const a = day.plus({ seconds: Math.min(x, length - 1) }).toJSDate();
          const b = day.plus({ seconds: Math.min(y, length - 1) }).toJSDate();
          expect(businessSecondsBetween(melbourne, a, b)).toBe(0);
        },
      ),
    );
  });
});

describe('addBusinessSeconds', () => {
  const add = (t: string, seconds: number) => local(addBusinessSeconds(melbourne, mel(t), seconds));

  it('adds within a day', () => {
    expect(add('2025-06-02T09:00', 2 * hour)).toBe('2025-06-02T11:00');
  });

  it('answers 17:00 when landing exactly at close', () => {
    expect(add('2025-06-02T08:00', 9 * hour)).toBe('2025-06-02T17:00');
    expect(add('2025-06-06T16:00', hour)).toBe('2025-06-06T17:00');
  });

  it('carries on at the next opening', () => {
    expect(add('2025-06-02T16:00', 2 * hour)).toBe('2025-06-03T09:00');
    expect(add('2025-06-06T16:00', 2 * hour)).toBe('2025-06-10T09:00'); // weekend, then King's Birthday
    expect(add('2025-06-07T12:00', 1)).toBe('2025-06-10T08:00');
  });

  it('answers t itself for 0 seconds', () => {
    expect(add('2025-06-07T12:00', 0)).toBe('2025-06-07T12:00');
  });

  it('keeps wall-clock hours across a daylight-saving change', () => {
    expect(add('2025-10-03T16:00', 2 * hour)).toBe('2025-10-06T09:00');
    expect(addBusinessSeconds(melbourne, mel('2025-10-03T16:00'), 2 * hour).toISOString()).toBe(
      '2025-10-05T22:00:00.000Z',
    );
    expect(add('2025-04-04T16:00', 2 * hour)).toBe('2025-04-07T09:00');
  });

  it('rejects a negative or non-finite amount', () => {
    expect(() => addBusinessSeconds(melbourne, mel('2025-06-02T09:00'), -1)).toThrow(RangeError);
    expect(() => addBusinessSeconds(melbourne, mel('2025-06-02T09:00'), Number.NaN)).toThrow(RangeError);
  });

  it('gives up on a calendar that never opens', () => {
    const shut = createBusinessCalendar({
      country: 'AU',
      closures: [{ startsOn: '2000-01-01', endsOn: '2100-01-01' }],
    });
    expect(() => addBusinessSeconds(shut, mel('2025-06-02T09:00'), 1)).toThrow(RangeError);
  });

  it("lands on u's business-time equivalent: addBH(t, bh(t, u))", () => {
    const from = mel('2025-01-01T00:00').getTime() / 1000;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 360 * 86_400 }),
        fc.integer({ min: 0, max: 40 * 86_400 }),
        (offset, span) => {
          const t = new Date((from + offset) * 1000);
          const u = new Date((from + offset + span) * 1000);
          const elapsed = businessSecondsBetween(melbourne, t, u);
          const x = addBusinessSeconds(melbourne, t, elapsed);
          expect(businessSecondsBetween(melbourne, t, x)).toBe(elapsed);
          expect(x.getTime()).toBeLessThanOrEqual(u.getTime());
          expect(businessSecondsBetween(melbourne, x, u)).toBe(0);
          // Inside business hours (after opening, up to close) the equivalent is u itself.
          const hours = openingHoursOn(melbourne, localDayOf(melbourne, u.getTime()));
          if (hours && hours.opens < u.getTime() && u.getTime() <= hours.closes && elapsed > 0) {
            expect(x.getTime()).toBe(u.getTime());
          }
        },
      ),
    );
  });
});

describe('isBusinessTime and startOfNextBusinessTime', () => {
  const next = (t: string) => local(startOfNextBusinessTime(melbourne, mel(t)));

  it('is open from 08:00 up to, not including, 17:00 on business days', () => {
    expect(isBusinessTime(melbourne, mel('2025-06-02T08:00'))).toBe(true);
    expect(isBusinessTime(melbourne, mel('2025-06-02T16:59'))).toBe(true);
    expect(isBusinessTime(melbourne, mel('2025-06-02T17:00'))).toBe(false);
    expect(isBusinessTime(melbourne, mel('2025-06-02T07:59'))).toBe(false);
    expect(isBusinessTime(melbourne, mel('2025-06-07T12:00'))).toBe(false);
    expect(isBusinessTime(melbourne, mel('2025-11-04T12:00'))).toBe(false);
  });

  it('answers t while open, else the next opening', () => {
    expect(next('2025-06-02T10:15')).toBe('2025-06-02T10:15');
    expect(next('2025-06-02T06:00')).toBe('2025-06-02T08:00');
    expect(next('2025-06-02T17:00')).toBe('2025-06-03T08:00');
    expect(next('2025-06-06T18:00')).toBe('2025-06-10T08:00');
    expect(next('2025-10-04T12:00')).toBe('2025-10-06T08:00');
  });
});

describe('turnaround end times', () => {
  it('ends a turnaround at close of business on the last business day', () => {
    const after = (t: string, days: number) => local(closeOfBusinessDaysAfter(melbourne, mel(t), days));
    expect(after('2025-06-02T10:00', 0)).toBe('2025-06-02T17:00');
    expect(after('2025-06-02T10:00', 1)).toBe('2025-06-03T17:00');
    expect(after('2025-06-02T10:00', 5)).toBe('2025-06-10T17:00'); // skips King's Birthday
    expect(after('2025-06-07T10:00', 1)).toBe('2025-06-11T17:00'); // starts Tue 10 Jun
    expect(after('2025-06-02T17:30', 0)).toBe('2025-06-03T17:00');
    expect(() => closeOfBusinessDaysAfter(melbourne, mel('2025-06-02T10:00'), 1.5)).toThrow(RangeError);
  });

  it('reads a promise date as close of business that day', () => {
    expect(closeOfBusinessOn(melbourne, '2025-06-06').toISOString()).toBe('2025-06-06T07:00:00.000Z');
    expect(closeOfBusinessOn(melbourne, '2025-12-05').toISOString()).toBe('2025-12-05T06:00:00.000Z');
    expect(() => closeOfBusinessOn(melbourne, 'soon')).toThrow(RangeError);
  });
});
