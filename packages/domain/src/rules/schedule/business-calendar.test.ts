import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import {
  createBusinessCalendar,
  isBusinessDay,
  openingHoursOn,
  publicHolidayDates,
} from './business-calendar';
import { defaultBusinessTimeZone } from './business-hours';

const melbourne = createBusinessCalendar({ country: 'AU', region: 'VIC' });

const hoursOn = (calendar: ReturnType<typeof createBusinessCalendar>, isoDate: string) => {
  const hours = openingHoursOn(calendar, DateTime.fromISO(isoDate, { zone: calendar.timeZone }));
  if (!hours) return null;
  const local = (millis: number) =>
    DateTime.fromMillis(millis, { zone: calendar.timeZone }).toFormat('HH:mm');
  return [local(hours.opens), local(hours.closes)];
};

describe('createBusinessCalendar', () => {
  it('defaults to Melbourne time', () => {
    expect(defaultBusinessTimeZone).toBe('Australia/Melbourne');
    expect(melbourne).toEqual({
      timeZone: 'Australia/Melbourne',
      country: 'AU',
      region: 'VIC',
      closures: [],
    });
  });

  it('accepts lower-case codes', () => {
    expect(createBusinessCalendar({ country: 'nz', region: 'auk' })).toMatchObject({
      country: 'NZ',
      region: 'AUK',
    });
  });

  it('falls back to the country for a region date-holidays does not know', () => {
    expect(createBusinessCalendar({ country: 'NZ', region: 'XYZ' }).region).toBeNull();
    expect(createBusinessCalendar({ country: 'AU', region: null }).region).toBeNull();
  });

  it('rejects an unknown time zone or country and a malformed closure', () => {
    expect(() => createBusinessCalendar({ country: 'AU', timeZone: 'Mars/Olympus' })).toThrow(RangeError);
    expect(() => createBusinessCalendar({ country: 'XX' })).toThrow(RangeError);
    expect(() =>
      createBusinessCalendar({ country: 'AU', closures: [{ startsOn: '2025-12-31', endsOn: '2025-12-24' }] }),
    ).toThrow(RangeError);
    expect(() =>
      createBusinessCalendar({ country: 'AU', closures: [{ startsOn: '24/12/2025', endsOn: '2025-12-31' }] }),
    ).toThrow(RangeError);
  });
});

describe('public holidays', () => {
  it("closes on Victoria's public holidays only (not observances such as Mother's Day)", () => {
    expect(publicHolidayDates(melbourne, 2025)).toEqual([
      '2025-01-01',
      '2025-01-27',
      '2025-03-10',
      '2025-04-18',
      '2025-04-19',
      '2025-04-20',
      '2025-04-21',
      '2025-04-25',
      '2025-06-09',
      '2025-09-26',
      '2025-11-04',
      '2025-12-25',
      '2025-12-26',
    ]);
    expect(isBusinessDay(melbourne, '2025-05-12')).toBe(true);
  });

  it("uses the state's holidays: Melbourne Cup closes Melbourne, not Sydney", () => {
    const sydney = createBusinessCalendar({ country: 'AU', region: 'NSW', timeZone: 'Australia/Sydney' });
    expect(isBusinessDay(melbourne, '2025-11-04')).toBe(false);
    expect(isBusinessDay(sydney, '2025-11-04')).toBe(true);
    expect(isBusinessDay(sydney, '2025-10-06')).toBe(false);
    expect(isBusinessDay(melbourne, '2025-10-06')).toBe(true);
  });

  it('does not count bank holidays', () => {
    const sydney = createBusinessCalendar({ country: 'AU', region: 'NSW' });
    expect(isBusinessDay(sydney, '2025-08-04')).toBe(true);
  });

  it("uses Auckland's anniversary day, and only the national days when the region is unknown", () => {
    const auckland = createBusinessCalendar({ country: 'NZ', region: 'AUK', timeZone: 'Pacific/Auckland' });
    const national = createBusinessCalendar({ country: 'NZ', region: 'XYZ', timeZone: 'Pacific/Auckland' });
    expect(isBusinessDay(auckland, '2025-01-27')).toBe(false);
    expect(isBusinessDay(national, '2025-01-27')).toBe(true);
    for (const calendar of [auckland, national]) {
      expect(isBusinessDay(calendar, '2025-01-02')).toBe(false);
      expect(isBusinessDay(calendar, '2025-02-06')).toBe(false);
      expect(isBusinessDay(calendar, '2025-06-20')).toBe(false);
    }
  });

  it('keeps a full day when a public holiday starts after closing time', () => {
    // South Australia's Christmas Eve holiday starts at 19:00.
    const adelaide = createBusinessCalendar({ country: 'AU', region: 'SA', timeZone: 'Australia/Adelaide' });
    expect(hoursOn(adelaide, '2025-12-24')).toEqual(['08:00', '17:00']);
    expect(publicHolidayDates(adelaide, 2025)).not.toContain('2025-12-24');
  });

  it('closes early when a public holiday starts during the day', () => {
    // Iceland's Christmas Eve holiday starts at 13:00.
    const reykjavik = createBusinessCalendar({ country: 'IS', timeZone: 'Atlantic/Reykjavik' });
    expect(hoursOn(reykjavik, '2025-12-24')).toEqual(['08:00', '13:00']);
  });
});

describe('opening hours', () => {
  it('opens 08:00–17:00 local on weekdays, closed at weekends', () => {
    expect(hoursOn(melbourne, '2025-06-02')).toEqual(['08:00', '17:00']);
    expect(hoursOn(melbourne, '2025-06-07')).toBeNull();
    expect(hoursOn(melbourne, '2025-06-08')).toBeNull();
  });

  it('keeps 9 hours on the days either side of a daylight-saving change', () => {
    for (const isoDate of ['2025-10-03', '2025-10-06', '2025-04-04', '2025-04-07']) {
      const hours = openingHoursOn(melbourne, DateTime.fromISO(isoDate, { zone: melbourne.timeZone }));
      expect(hours && hours.closes - hours.opens).toBe(9 * 3_600_000);
    }
    // 08:00 AEST is 22:00 UTC the day before; 08:00 AEDT is 21:00 UTC.
    const before = openingHoursOn(melbourne, DateTime.fromISO('2025-10-03', { zone: melbourne.timeZone }));
    const after = openingHoursOn(melbourne, DateTime.fromISO('2025-10-06', { zone: melbourne.timeZone }));
    expect(new Date(before?.opens ?? 0).toISOString()).toBe('2025-10-02T22:00:00.000Z');
    expect(new Date(after?.opens ?? 0).toISOString()).toBe('2025-10-05T21:00:00.000Z');
  });

  it('closes on configured closure days, both ends included', () => {
    const shutdown = createBusinessCalendar({
      country: 'AU',
      region: 'VIC',
      closures: [{ startsOn: '2025-12-29', endsOn: '2026-01-02' }],
    });
    expect(isBusinessDay(shutdown, '2025-12-24')).toBe(true);
    for (const isoDate of ['2025-12-29', '2025-12-31', '2026-01-02']) {
      expect(isBusinessDay(shutdown, isoDate)).toBe(false);
      expect(isBusinessDay(melbourne, isoDate)).toBe(true);
    }
    expect(isBusinessDay(shutdown, '2026-01-05')).toBe(true);
  });

  it('rejects a malformed date', () => {
    expect(() => isBusinessDay(melbourne, '2025-02-30')).toThrow(RangeError);
  });
});
