import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import fc from 'fast-check';
import { createBusinessCalendar } from './business-calendar';
import { closeOfBusinessOn } from './business-time';
import {
  customerDueAlert,
  customerDueChangeHours,
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

describe('customerDueAlert', () => {
  it('has the spec texts', () => {
    expect(customerDueUnchangedText).toBe("Customer's due time has not changed.");
    expect(formatCustomerDueChangedText(3)).toBe(
      "Customer's due time has changed by 3 business hours - they will need to be contacted.",
    );
  });

  it('is green while the proposed schedule keeps a buffer', () => {
    const proposed = schedule('2025-06-03T10:00', '2025-06-10');
    expect(proposed.buffer_time_seconds).toBeGreaterThanOrEqual(0);
    expect(customerDueAlert(proposed)).toEqual({
      severity: 'success',
      text: "Customer's due time has not changed.",
    });
  });

  it('is red with the business hours by which the customer will now get it late', () => {
    const proposed = schedule('2025-06-04T10:00', '2025-06-10'); // 37 h of work in 34 h
    expect(proposed.buffer_time_seconds).toBe(-3 * hour);
    expect(customerDueAlert(proposed)).toEqual({
      severity: 'error',
      text: "Customer's due time has changed by 3 business hours - they will need to be contacted.",
    });
  });

  it('rounds a part hour up, so a late case never reads 0 hours', () => {
    const proposed = { ...schedule('2025-06-02T10:00', '2025-06-03'), buffer_time_seconds: -1800 };
    expect(customerDueChangeHours(proposed)).toBe(1);
  });

  it('is red exactly when the buffer is negative, with N ≥ 1 then and 0 otherwise', () => {
    const base = schedule('2025-06-02T10:00');
    fc.assert(
      fc.property(fc.integer({ min: -500 * hour, max: 500 * hour }), (buffer) => {
        const proposed = { ...base, buffer_time_seconds: buffer };
        const hours = customerDueChangeHours(proposed);
        expect(customerDueAlert(proposed).severity).toBe(buffer < 0 ? 'error' : 'success');
        expect(hours >= 1).toBe(buffer < 0);
        if (buffer >= 0) expect(hours).toBe(0);
      }),
    );
  });
});
