import { businessSecondsBetween } from './business-time';
import type { BusinessCalendar } from './business-calendar';
import { scheduleStages } from './schedule-schema';
import type { ScheduleStage, StageValues } from './schedule-schema';

/** The completion stamps: date_metrology_complete, date_design_complete, date_machining_complete, date_dispatched. */
export type StageCompletions = Partial<Record<ScheduleStage, Date | null>>;

/**
 * Business seconds each completed stage took: from the previous stamp that exists (the start for the
 * first) to its own. A stage without a stamp is null and does not break the chain. A stamp earlier than
 * the one before it (a case sent back and completed again) counts 0 rather than a negative duration.
 */
export const actualDurations = (
  calendar: BusinessCalendar,
  start: Date,
  completed: StageCompletions,
): StageValues<number | null> => {
  let previous = start;
  const durations: StageValues<number | null> = {
    metrology: null,
    design: null,
    machining: null,
    dispatch: null,
  };
  for (const stage of scheduleStages) {
    const stamp = completed[stage];
    if (!stamp) continue;
    durations[stage] = Math.max(0, Math.round(businessSecondsBetween(calendar, previous, stamp)));
    previous = stamp;
  }
  return durations;
};
