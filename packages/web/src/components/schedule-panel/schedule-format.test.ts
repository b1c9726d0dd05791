import { describe, expect, it } from 'vitest';
import { formatScheduleTime } from './schedule-format';

const options = { locale: 'en-AU', timeZone: 'Australia/Melbourne' };

describe('formatScheduleTime', () => {
  it('shows the weekday and no year for a time of this year', () => {
    const thisYear = new Date().getFullYear();
    const text = formatScheduleTime(`${thisYear}-03-15T01:00:00.000Z`, options);
    expect(text).toMatch(/^[A-Z][a-z]{2}, 15 Mar, 12:00\spm$/);
  });

  it('shows the year in place of the weekday for another year, so the comparison table keeps its width', () => {
    const nextYear = new Date().getFullYear() + 1;
    const text = formatScheduleTime(`${nextYear}-03-15T01:00:00.000Z`, options);
    expect(text).toMatch(new RegExp(`^15 Mar ${nextYear}, 12:00\\spm$`));
  });

  it('is empty for no time or an unreadable one', () => {
    expect(formatScheduleTime(null)).toBe('');
    expect(formatScheduleTime('soon')).toBe('');
  });
});
