import { formatWholeHours, type ScheduleStage } from '@lab/domain';
import { dateTimeFormat } from '../../lib/date-format';

// Display helpers of the schedule panel, shared with the Timeline tab's cards.

/** Row labels of the panel's stages (collection-views §2 'Case schedule panel'). */
export const scheduleStageLabels: Record<ScheduleStage, string> = {
  metrology: 'Check-in / Metrology',
  design: 'Design',
  machining: 'Production (Machining)',
  dispatch: 'Finishing / Dispatch',
};

export type TimeFormatOptions = { locale?: string; timeZone?: string };

/**
 * 'Mon, 03 Feb, 14:00' in the viewer's zone (spec: time display uses the local zone); '03 Feb 2027,
 * 14:00' in another year: the year only when needed, and then in place of the weekday, so the
 * comparison table's seven columns still fit the 800 px dialog. '' for none.
 */
export const formatScheduleTime = (
  iso: string | null | undefined,
  options: TimeFormatOptions = {},
): string => {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const isThisYear = date.getFullYear() === new Date().getFullYear();
  return dateTimeFormat(options.locale, {
    weekday: isThisYear ? 'short' : undefined,
    day: '2-digit',
    month: 'short',
    year: isThisYear ? undefined : 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: options.timeZone,
  }).format(date);
};

/** '-3 business hours' (whole hours, rounded down as the spec asks). */
export const formatBusinessHours = (seconds: number): string => `${formatWholeHours(seconds)} business hours`;
