import { addBusinessSeconds, businessSecondsBetween } from '../schedule/business-time';
import type { BusinessCalendar } from '../schedule/business-calendar';

// What the portal tells a client whose answer the lab waits on (issue 30): the case's dispatch date moves
// by the business time it waits on them (the client-hold clock), so the date it gives depends on when
// they answer. `customerDue` is the due as it stands, holds that ended already counted; the open hold
// began at `heldSince`. Answered by `answerBy` (the request's due), the due becomes the first date;
// answered now, the second.

export type HoldEstimate = {
  answer_by: string;
  dispatch_if_answered_by: string;
  dispatch_if_answered_today: string;
};

const movedBy = (calendar: BusinessCalendar, due: Date, from: Date, to: Date): Date =>
  to <= from
    ? due
    : addBusinessSeconds(calendar, due, Math.round(businessSecondsBetween(calendar, from, to)));

export const holdEstimate = (
  calendar: BusinessCalendar,
  hold: { customerDue: Date; heldSince: Date; answerBy: Date; now: Date },
): HoldEstimate => ({
  answer_by: hold.answerBy.toISOString(),
  dispatch_if_answered_by: movedBy(calendar, hold.customerDue, hold.heldSince, hold.answerBy).toISOString(),
  dispatch_if_answered_today: movedBy(calendar, hold.customerDue, hold.heldSince, hold.now).toISOString(),
});
