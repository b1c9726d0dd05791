import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { actualDurations } from './actual-durations';
import { createBusinessCalendar } from './business-calendar';

const melbourne = createBusinessCalendar({ country: 'AU', region: 'VIC' });
const mel = (local: string): Date => DateTime.fromISO(local, { zone: 'Australia/Melbourne' }).toJSDate();
const hour = 3600;
const start = mel('2025-06-02T10:00');

describe('actualDurations', () => {
  it('is null for every stage before anything completes', () => {
    expect(actualDurations(melbourne, start, {})).toEqual({
      metrology: null,
      design: null,
      machining: null,
      dispatch: null,
    });
  });

  it('measures business time between consecutive stamps, from the start', () => {
    expect(
      actualDurations(melbourne, start, {
        metrology: mel('2025-06-02T12:00'),
        design: mel('2025-06-03T12:00'),
        machining: mel('2025-06-05T09:00'),
        dispatch: mel('2025-06-10T10:00'), // over the weekend and King's Birthday
      }),
    ).toEqual({ metrology: 2 * hour, design: 9 * hour, machining: 15 * hour, dispatch: 19 * hour });
  });

  it('bridges a missing stamp from the last one that exists', () => {
    expect(
      actualDurations(melbourne, start, {
        metrology: null,
        design: mel('2025-06-02T15:00'),
        dispatch: mel('2025-06-03T09:00'),
      }),
    ).toEqual({ metrology: null, design: 5 * hour, machining: null, dispatch: 3 * hour });
  });

  it('counts 0 for a stamp earlier than the one before it', () => {
    const durations = actualDurations(melbourne, start, {
      metrology: mel('2025-06-03T12:00'),
      design: mel('2025-06-02T12:00'),
    });
    expect(durations.design).toBe(0);
  });
});
