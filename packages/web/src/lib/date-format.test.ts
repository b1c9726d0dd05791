import { describe, expect, it } from 'vitest';
import { formatCountdown } from '@lab/domain';
import {
  formatCalendarDate,
  formatDateRange,
  formatLocalDate,
  instantOfWallTime,
  isOtherClock,
  labLocale,
} from './date-format';

const melbourne = { locale: 'en-AU', timeZone: 'Australia/Melbourne' };

describe('formatDateRange', () => {
  it('shows first – last as local dates', () => {
    expect(formatDateRange('2025-02-03T01:00:00Z', '2025-03-10T05:00:00Z', melbourne)).toBe(
      '03 Feb 2025 – 10 Mar 2025',
    );
  });

  it('uses the local day, not the UTC one', () => {
    // 14:30 UTC on 3 Feb is already 4 Feb in Melbourne (UTC+11 in summer).
    expect(formatLocalDate('2025-02-03T14:30:00Z', melbourne)).toBe('04 Feb 2025');
  });

  it('shows one date when both fall on the same local day, or when one is missing', () => {
    expect(formatDateRange('2025-02-03T01:00:00Z', '2025-02-03T06:00:00Z', melbourne)).toBe('03 Feb 2025');
    expect(formatDateRange(null, '2025-02-03T06:00:00Z', melbourne)).toBe('03 Feb 2025');
    expect(formatDateRange('2025-02-03T06:00:00Z', null, melbourne)).toBe('03 Feb 2025');
    expect(formatDateRange(null, null, melbourne)).toBe('');
  });

  it('ignores an unreadable timestamp', () => {
    expect(formatLocalDate('not a date', melbourne)).toBe('');
  });
});

describe('formatCountdown', () => {
  it('shows hours:minutes:seconds left', () => {
    expect(formatCountdown(600_000)).toBe('00:10:00');
    expect(formatCountdown(3_723_900)).toBe('01:02:03');
    expect(formatCountdown(0)).toBe('00:00:00');
  });

  it('adds a minus sign once past due', () => {
    expect(formatCountdown(-61_000)).toBe('-00:01:01');
    expect(formatCountdown(-400)).toBe('00:00:00');
  });
});

describe('the lab’s zone beside the reader’s', () => {
  it('knows when a zone’s clock is not the reader’s at that instant', () => {
    const summer = new Date('2026-01-15T03:00:00Z');
    expect(isOtherClock(summer, 'Australia/Melbourne', 'Australia/Sydney')).toBe(false);
    expect(isOtherClock(summer, 'Australia/Melbourne', 'Australia/Brisbane')).toBe(true);
    // Brisbane keeps no daylight saving: in winter its clock is Melbourne's.
    expect(isOtherClock(new Date('2026-07-15T03:00:00Z'), 'Australia/Melbourne', 'Australia/Brisbane')).toBe(
      false,
    );
    expect(isOtherClock(summer, 'Pacific/Auckland', 'Australia/Melbourne')).toBe(true);
  });

  it('reads a wall time in a zone, daylight saving included', () => {
    expect(instantOfWallTime('2026-12-13', '10:30', 'Australia/Melbourne')?.toISOString()).toBe(
      '2026-12-12T23:30:00.000Z',
    );
    expect(instantOfWallTime('2026-07-13', '10:30:15', 'Australia/Melbourne')?.toISOString()).toBe(
      '2026-07-13T00:30:15.000Z',
    );
    expect(instantOfWallTime('2026-12-13', '10:30', 'Pacific/Auckland')?.toISOString()).toBe(
      '2026-12-12T21:30:00.000Z',
    );
    expect(instantOfWallTime('2026-02-30', '10:30', 'Pacific/Auckland')).toBeNull();
  });

  it('writes a calendar day as the lab does, moved by no zone', () => {
    expect(formatCalendarDate('2026-12-13', labLocale)).toBe('Sun, 13 Dec 2026');
    expect(formatCalendarDate('2026-01-01', labLocale)).toBe('Thu, 1 Jan 2026');
  });
});
