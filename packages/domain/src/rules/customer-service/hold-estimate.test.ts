import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBusinessCalendar } from '../schedule/business-calendar';
import { holdEstimate } from './hold-estimate';

const melbourne = createBusinessCalendar({ country: 'AU', region: 'VIC' });

describe('holdEstimate', () => {
  it('moves the due by the business time from the request to the answer', () => {
    // Requested Mon 30 Nov 10:00 (Melbourne, UTC+11), due Fri 4 Dec 17:00; answer by Tue 1 Dec 14:00.
    const estimate = holdEstimate(melbourne, {
      heldSince: new Date('2026-11-29T23:00:00Z'),
      customerDue: new Date('2026-12-04T06:00:00Z'),
      answerBy: new Date('2026-12-01T03:00:00Z'),
      now: new Date('2026-11-30T01:00:00Z'),
    });
    // Answered by Tue 14:00 the hold is 13 business hours (Mon 10–17, Tue 8–14): Fri 4 Dec 17:00 + 13 h
    // = Mon 7 Dec 17:00 (9 h) + Tue 8 Dec 12:00 (4 h).
    expect(estimate.dispatch_if_answered_by).toBe('2026-12-08T01:00:00.000Z');
    // Answered now (Mon 12:00): 2 h → Mon 7 Dec 10:00.
    expect(estimate.dispatch_if_answered_today).toBe('2026-12-06T23:00:00.000Z');
    expect(estimate.answer_by).toBe('2026-12-01T03:00:00.000Z');
  });

  it('never gives a date before the due, and a later answer never an earlier date', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 * 86_400 }),
        fc.integer({ min: 0, max: 20 * 86_400 }),
        fc.integer({ min: 0, max: 20 * 86_400 }),
        (dueOffset, first, more) => {
          const heldSince = new Date('2026-11-02T00:00:00Z');
          const customerDue = new Date(heldSince.getTime() + dueOffset * 1000);
          const now = new Date(heldSince.getTime() + first * 1000);
          const answerBy = new Date(now.getTime() + more * 1000);
          const estimate = holdEstimate(melbourne, { heldSince, customerDue, answerBy, now });
          const today = Date.parse(estimate.dispatch_if_answered_today);
          expect(today).toBeGreaterThanOrEqual(customerDue.getTime());
          expect(Date.parse(estimate.dispatch_if_answered_by)).toBeGreaterThanOrEqual(today);
        },
      ),
      { numRuns: 150 },
    );
  });
});
