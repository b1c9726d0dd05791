import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { createBusinessCalendar } from './business-calendar';
import { closeOfBusinessOn } from './business-time';
import {
  compareSchedules,
  customerDueUnchangedText,
  formatCustomerDueChangedText,
} from './compare-schedules';
import { computeSchedule } from './compute-schedule';
import type { ScheduleProfile } from './compute-schedule';

const melbourne = createBusinessCalendar({ country: 'AU', region: 'VIC' });
const mel = (local: string): Date => DateTime.fromISO(local, { zone: 'Australia/Melbourne' }).toJSDate();
const hour = 3600;
const profile: ScheduleProfile = {
  standardTurnaroundDays: 5,
  minimumSeconds: { metrology: 2 * hour, design: 4 * hour, machining: 20 * hour, dispatch: hour },
  ratios: { metrology: 0.1, design: 0.3, machining: 0.3, dispatch: 0.1 },
};
const schedule = (start: string, promisedOn?: string) =>
  computeSchedule({
    calendar: melbourne,
    start: mel(start),
    promised: promisedOn ? closeOfBusinessOn(melbourne, promisedOn) : null,
    profile,
  });

describe('compareSchedules', () => {
  it('has the spec texts', () => {
    expect(customerDueUnchangedText).toBe("Customer's due time has not changed.");
    expect(formatCustomerDueChangedText(3)).toBe(
      "Customer's due time has changed by 3 business hours - they will need to be contacted.",
    );
  });

  it('is green while the proposed schedule keeps a buffer', () => {
    const original = schedule('2025-06-02T10:00');
    const proposed = schedule('2025-06-03T10:00', '2025-06-10');
    const comparison = compareSchedules(melbourne, original, proposed);
    expect(proposed.buffer_time_seconds).toBeGreaterThanOrEqual(0);
    expect(comparison).toMatchObject({
      isCustomerContactNeeded: false,
      customerDueChangeSeconds: 0,
      customerDueChangeHours: 0,
      alert: { severity: 'success', text: "Customer's due time has not changed." },
    });
  });

  it('is red with the business hours by which the customer will now get it late', () => {
    const original = schedule('2025-06-02T10:00', '2025-06-10'); // buffer 6 h
    const proposed = schedule('2025-06-04T10:00', '2025-06-10'); // 37 h of work in 34 h
    expect(proposed.buffer_time_seconds).toBe(-3 * hour);
    const comparison = compareSchedules(melbourne, original, proposed);
    expect(comparison.isCustomerContactNeeded).toBe(true);
    expect(comparison.customerDueChangeSeconds).toBe(3 * hour);
    expect(comparison.customerDueChangeHours).toBe(3);
    expect(comparison.alert).toEqual({
      severity: 'error',
      text: "Customer's due time has changed by 3 business hours - they will need to be contacted.",
    });
    // Metrology was due Mon 15:12, now Wed 13:24.
    expect(comparison.dueTimeChanges.metrology).toBe(16 * hour + 12 * 60);
  });

  it('measures from the customer due time of the original schedule when the promise moved too', () => {
    const original = schedule('2025-06-02T10:00', '2025-06-10');
    const proposed = schedule('2025-06-05T10:00', '2025-06-11'); // late by 3 h on a promise a day later
    expect(proposed.buffer_time_seconds).toBe(-3 * hour);
    const comparison = compareSchedules(melbourne, original, proposed);
    expect(comparison.customerDueChangeSeconds).toBe(12 * hour);
    expect(comparison.alert.text).toContain('changed by 12 business hours');
  });

  it('rounds a part hour up, so a late case never reads 0 hours', () => {
    const original = schedule('2025-06-02T10:00', '2025-06-03');
    const proposed = {
      ...original,
      buffer_time_seconds: -1800,
      internal_due_time: mel('2025-06-04T08:30').toISOString(),
    };
    const comparison = compareSchedules(melbourne, original, proposed);
    expect(comparison.customerDueChangeSeconds).toBe(1800);
    expect(comparison.customerDueChangeHours).toBe(1);
  });

  it('reports per-stage due changes in business seconds', () => {
    const original = schedule('2025-06-02T10:00');
    const comparison = compareSchedules(melbourne, original, original);
    expect(comparison.dueTimeChanges).toEqual({ metrology: 0, design: 0, machining: 0, dispatch: 0 });
  });
});
