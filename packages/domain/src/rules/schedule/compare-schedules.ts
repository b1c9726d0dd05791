import type { BusinessCalendar } from './business-calendar';
import { businessSecondsBetween } from './business-time';
import { scheduleStages } from './schedule-schema';
import type { Schedule, StageValues } from './schedule-schema';
import { secondsPerHour } from './whole-hours';

// The schedule panel's comparison mode (collection-views §2 'Case schedule panel'): original versus
// proposed due times, and the alert. The spec colours the alert by the buffer alone: red "…has changed
// by N business hours…" when the buffer is negative, green "…has not changed." otherwise. Our reading:
// the buffer is the proposed schedule's, and a negative one means the lab will now finish after the
// customer's due time, so the customer will actually get it at the proposed internal due time. N is the
// business time from the customer due time they were given (the original schedule's) to that moment.
// A non-negative buffer means the customer still gets it by the proposed due time, which staff set on
// purpose (a new promise date), so there is no one to warn. N is rounded up to whole hours, so a late
// case never reads 'changed by 0 business hours'.

export const customerDueUnchangedText = "Customer's due time has not changed.";

export const formatCustomerDueChangedText = (hours: number): string =>
  `Customer's due time has changed by ${hours} business hours - they will need to be contacted.`;

export type ScheduleComparison = {
  /** Business seconds from the original customer due time to when the customer will now get it. */
  customerDueChangeSeconds: number;
  /** N of the red alert: whole business hours, rounded up, always ≥ 0. */
  customerDueChangeHours: number;
  isCustomerContactNeeded: boolean;
  alert: { severity: 'error' | 'success'; text: string };
  /** Per stage, business seconds from the original due to the proposed one (negative = earlier). */
  dueTimeChanges: StageValues<number>;
};

const since = (calendar: BusinessCalendar, from: string, to: string): number =>
  businessSecondsBetween(calendar, new Date(from), new Date(to));

export const compareSchedules = (
  calendar: BusinessCalendar,
  original: Schedule,
  proposed: Schedule,
): ScheduleComparison => {
  const dueTimeChanges = { metrology: 0, design: 0, machining: 0, dispatch: 0 };
  for (const stage of scheduleStages) {
    dueTimeChanges[stage] = since(calendar, original.due_times[stage], proposed.due_times[stage]);
  }
  const isCustomerContactNeeded = proposed.buffer_time_seconds < 0;
  const customerDueChangeSeconds = isCustomerContactNeeded
    ? since(calendar, original.customer_due_time, proposed.internal_due_time)
    : 0;
  const customerDueChangeHours = Math.ceil(Math.abs(customerDueChangeSeconds) / secondsPerHour);
  return {
    customerDueChangeSeconds,
    customerDueChangeHours,
    isCustomerContactNeeded,
    alert: isCustomerContactNeeded
      ? { severity: 'error', text: formatCustomerDueChangedText(customerDueChangeHours) }
      : { severity: 'success', text: customerDueUnchangedText },
    dueTimeChanges,
  };
};
