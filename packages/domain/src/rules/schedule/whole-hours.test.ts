import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatWholeHours, toWholeHours } from './whole-hours';

describe('whole hours', () => {
  it('divides by 3600 and rounds down', () => {
    expect(toWholeHours(0)).toBe(0);
    expect(toWholeHours(3599)).toBe(0);
    expect(toWholeHours(3600)).toBe(1);
    expect(toWholeHours(43_200)).toBe(12);
    expect(formatWholeHours(7_199)).toBe('1');
  });

  it('rounds a late buffer down too, so half an hour late shows -1', () => {
    expect(toWholeHours(-1800)).toBe(-1);
    expect(toWholeHours(-3600)).toBe(-1);
    expect(formatWholeHours(-3601)).toBe('-2');
    expect(Object.is(toWholeHours(-0), 0)).toBe(true);
  });

  it('never shows more than the seconds hold', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e7, max: 1e7 }), (seconds) => {
        const hours = toWholeHours(seconds);
        expect(hours * 3600).toBeLessThanOrEqual(seconds);
        expect((hours + 1) * 3600).toBeGreaterThan(seconds);
      }),
    );
  });
});
