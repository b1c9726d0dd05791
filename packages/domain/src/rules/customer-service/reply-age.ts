import { businessSecondsBetween } from '../schedule/business-time';
import type { BusinessCalendar } from '../schedule/business-calendar';

// How long a client has waited for the lab, as the Customer Service inbox colours it. Age counts business
// time only (the branch's hours, weekends and holidays aside): a message sent on Friday evening has not
// waited over the weekend. A lab answers within the morning or afternoon it was asked in: green under
// two business hours, amber until one business day (eight hours), red after.

export const replySlaSeconds = { amberFrom: 2 * 3600, redFrom: 8 * 3600 } as const;

export type ReplySla = 'ok' | 'due' | 'late';

export const replySlaOf = (businessSeconds: number): ReplySla =>
  businessSeconds >= replySlaSeconds.redFrom
    ? 'late'
    : businessSeconds >= replySlaSeconds.amberFrom
      ? 'due'
      : 'ok';

/** The business seconds from `since` to `now` on the branch's calendar (0 when `since` is later). */
export const waitingBusinessSeconds = (calendar: BusinessCalendar, since: Date, now: Date): number =>
  since >= now ? 0 : Math.round(businessSecondsBetween(calendar, since, now));

/** "3 h 20 min", "2 d 1 h" (a business day of the calendar's eight hours): the inbox's age column. */
export const formatBusinessAge = (businessSeconds: number, hoursPerDay = 8): string => {
  const minutes = Math.floor(businessSeconds / 60);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / hoursPerDay);
  if (days > 0) return `${days} d ${hours - days * hoursPerDay} h`;
  if (hours > 0) return `${hours} h ${minutes - hours * 60} min`;
  return `${minutes} min`;
};
