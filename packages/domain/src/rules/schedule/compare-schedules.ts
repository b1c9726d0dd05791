import type { Schedule } from './schedule-schema';
import { secondsPerHour } from './whole-hours';

// The schedule panel's comparison mode (collection-views §2 'Case schedule panel'): original versus
// proposed due times, and the alert. The spec colours the alert by the buffer alone: red "…has changed
// by N business hours…" when the buffer is negative, green "…has not changed." otherwise. Our reading:
// the buffer is the proposed schedule's; a negative one means the lab will finish after the customer's
// due time, by exactly that many business hours, so N is the proposed buffer, rounded up to whole hours
// (a late case never reads 'changed by 0 business hours'). It needs no calendar, so the browser shows
// the same N as the buffer row next to it, whatever the branch.

export const customerDueUnchangedText = "Customer's due time has not changed.";

export const formatCustomerDueChangedText = (hours: number): string =>
  `Customer's due time has changed by ${hours} business hours - they will need to be contacted.`;

export type CustomerDueAlert = { severity: 'error' | 'success'; text: string };

/** Whole business hours a buffer lies past the customer's due: ≥ 1 whenever it is negative, else 0. */
export const lateByHours = (bufferSeconds: number): number =>
  bufferSeconds < 0 ? Math.ceil(-bufferSeconds / secondsPerHour) : 0;

/** N of the red alert, ≥ 1 whenever the proposed buffer is negative, else 0. */
export const customerDueChangeHours = (proposed: Schedule): number =>
  lateByHours(proposed.buffer_time_seconds);

export const customerDueAlert = (proposed: Schedule): CustomerDueAlert =>
  proposed.buffer_time_seconds < 0
    ? { severity: 'error', text: formatCustomerDueChangedText(customerDueChangeHours(proposed)) }
    : { severity: 'success', text: customerDueUnchangedText };
