import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  countdownAlertThresholdSeconds,
  formatImmediacyCountdown,
  isCountdownAlerting,
  isImmediacyPastDue,
} from './countdown';

const now = new Date('2025-06-02T00:00:00.000Z');
const inSeconds = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe('formatImmediacyCountdown', () => {
  it('shows hours:minutes:seconds left', () => {
    expect(formatImmediacyCountdown(inSeconds(2 * 3600 + 5 * 60 + 9), now)).toBe('02:05:09');
    expect(formatImmediacyCountdown(inSeconds(0), now)).toBe('00:00:00');
    expect(formatImmediacyCountdown(inSeconds(100 * 3600), now)).toBe('100:00:00');
  });

  it('adds a minus sign once past due', () => {
    expect(formatImmediacyCountdown(inSeconds(-1), now)).toBe('-00:00:01');
    expect(formatImmediacyCountdown(inSeconds(-3661), now)).toBe('-01:01:01');
  });

  it('never shows -00:00:00 in the first second past due', () => {
    expect(formatImmediacyCountdown(new Date(now.getTime() - 400), now)).toBe('00:00:00');
  });

  it('accepts ISO strings and epoch milliseconds', () => {
    expect(formatImmediacyCountdown('2025-06-02T01:00:00Z', now.getTime())).toBe('01:00:00');
    expect(formatImmediacyCountdown('not a date', now)).toBe('');
  });

  it('round-trips any whole number of seconds', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e6, max: 1e6 }), (seconds) => {
        const text = formatImmediacyCountdown(inSeconds(seconds), now);
        const match = /^(-?)(\d{2,}):(\d{2}):(\d{2})$/.exec(text);
        expect(match).not.toBeNull();
        const [, sign, h, m, s] = match ?? [];
        const total = Number(h) * 3600 + Number(m) * 60 + Number(s);
        expect(sign === '-' ? -total : total).toBe(seconds);
        expect(Number(m)).toBeLessThan(60);
        expect(Number(s)).toBeLessThan(60);
      }),
    );
  });
});

describe('isCountdownAlerting', () => {
  it('alerts under an hour before the due time and after it', () => {
    expect(countdownAlertThresholdSeconds).toBe(3600);
    expect(isCountdownAlerting(inSeconds(2 * 3600), now)).toBe(false);
    expect(isCountdownAlerting(inSeconds(3600), now)).toBe(false);
    expect(isCountdownAlerting(inSeconds(3599), now)).toBe(true);
    expect(isCountdownAlerting(inSeconds(0), now)).toBe(true);
    expect(isCountdownAlerting(inSeconds(-60), now)).toBe(true);
  });

  it('tells past due apart', () => {
    expect(isImmediacyPastDue(inSeconds(1), now)).toBe(false);
    expect(isImmediacyPastDue(inSeconds(0), now)).toBe(false);
    expect(isImmediacyPastDue(inSeconds(-1), now)).toBe(true);
  });
});
