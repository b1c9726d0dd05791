import { roundToCalendarSnap } from '@lab/domain';

// Hover-to-move (collection-views §2 'Machine calendar'): the time under the pointer in a week view's day
// column, rounded to 5 minutes. FullCalendar draws each day column as a cell with data-date spanning the
// visible hours, so the pointer's height in it is the time of day.

/** The hours the day columns show (slotMinTime … slotMaxTime), in minutes from local midnight. */
export type DayWindow = { startMinutes: number; endMinutes: number };

export const fullDay: DayWindow = { startMinutes: 0, endMinutes: 24 * 60 };

/** The local instant `fraction` (0 at the top, 1 at the bottom) down the column of `date` (YYYY-MM-DD). */
export const timeInDayColumn = (date: string, fraction: number, window: DayWindow = fullDay): Date => {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  const clamped = Math.min(1, Math.max(0, fraction));
  const minutes = window.startMinutes + clamped * (window.endMinutes - window.startMinutes);
  return new Date(year, month - 1, day, 0, 0, 0, Math.round(minutes * 60_000));
};

/** The day column (a timegrid cell with data-date) an element sits in, if it belongs to `root`. */
export const findDayColumn = (target: EventTarget | null, root: HTMLElement): HTMLElement | null => {
  if (!(target instanceof Element)) return null;
  const column = target.closest<HTMLElement>('[role="cell"][data-date]');
  return column && root.contains(column) ? column : null;
};

/** The rounded start under the pointer, or null when it is not over a day column of `root`. */
export const snappedTimeAtPointer = (
  event: { target: EventTarget | null; clientY: number },
  root: HTMLElement,
  window: DayWindow = fullDay,
): Date | null => {
  const column = findDayColumn(event.target, root);
  const date = column?.dataset['date'];
  if (!column || !date) return null;
  const box = column.getBoundingClientRect();
  if (box.height <= 0) return null;
  return roundToCalendarSnap(timeInDayColumn(date, (event.clientY - box.top) / box.height, window));
};
