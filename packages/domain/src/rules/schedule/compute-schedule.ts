import { actualDurations } from './actual-durations';
import type { StageCompletions } from './actual-durations';
import type { BusinessCalendar } from './business-calendar';
import {
  addBusinessSeconds,
  businessSecondsBetween,
  closeOfBusinessDaysAfter,
  startOfNextBusinessTime,
} from './business-time';
import { scheduleStages } from './schedule-schema';
import type { OverridableStage, Schedule, ScheduleStage, StageValues } from './schedule-schema';

// The case schedule of domain-decisions.md 'Schedule': with start S and customer due P,
// available = bh(S, P); allocated_i = override_i ?? max(min_i, r_i × available); stage dues chain with
// addBH from S (design also absorbs the customer delay); internal due = dispatch due;
// buffer = bh(internal due, P).

/** A job type's schedule profile. */
export type ScheduleProfile = {
  /** Business days from S to P when no date is promised; P is close of business on the last one. */
  standardTurnaroundDays: number;
  minimumSeconds: StageValues<number>;
  /** Shares of the available time, each 0–1, summing to at most 1. */
  ratios: StageValues<number>;
};

export type ScheduleOverrides = Partial<Record<OverridableStage, number | null>>;

export type ComputeScheduleInput = {
  calendar: BusinessCalendar;
  start: Date;
  /** The promised instant; a promise *date* becomes one through `closeOfBusinessOn`. */
  promised?: Date | null;
  profile: ScheduleProfile;
  overrides?: ScheduleOverrides;
  customerDelaySeconds?: number;
  completed?: StageCompletions;
};

/** Ratios summed in floating point may overshoot 1 by a rounding error. */
const ratioTolerance = 1e-9;

const assertSeconds = (value: number, name: string): void => {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be a finite number ≥ 0`);
};

const assertProfile = (profile: ScheduleProfile): void => {
  const { standardTurnaroundDays, minimumSeconds, ratios } = profile;
  if (!Number.isInteger(standardTurnaroundDays) || standardTurnaroundDays < 0) {
    throw new RangeError('standardTurnaroundDays must be a whole number ≥ 0');
  }
  let ratioSum = 0;
  for (const stage of scheduleStages) {
    assertSeconds(minimumSeconds[stage], `minimum ${stage} seconds`);
    if (!(ratios[stage] >= 0 && ratios[stage] <= 1))
      throw new RangeError(`${stage} ratio must be within 0–1`);
    ratioSum += ratios[stage];
  }
  if (ratioSum > 1 + ratioTolerance) throw new RangeError('ratios must sum to at most 1');
};

/** Schedules work in whole seconds, so every business duration between their instants is whole too. */
const toWholeSecond = (instant: Date): Date => new Date(Math.floor(instant.getTime() / 1000) * 1000);

const readOverride = (overrides: ScheduleOverrides, stage: ScheduleStage): number | null => {
  if (stage !== 'design' && stage !== 'machining') return null;
  const value = overrides[stage];
  if (value === null || value === undefined) return null;
  assertSeconds(value, `${stage} override`);
  return Math.round(value);
};

const emptyStages = <T>(value: T): StageValues<T> => ({
  metrology: value,
  design: value,
  machining: value,
  dispatch: value,
});

export const computeSchedule = (input: ComputeScheduleInput): Schedule => {
  const { calendar, profile, overrides = {}, completed = {} } = input;
  assertProfile(profile);
  const delay = Math.round(input.customerDelaySeconds ?? 0);
  assertSeconds(delay, 'customerDelaySeconds');
  const start = toWholeSecond(input.start);
  // Work cannot begin before the lab opens: a case logged on Saturday starts Monday 08:00.
  const workStart = startOfNextBusinessTime(calendar, start);
  const promisedDue = input.promised
    ? toWholeSecond(input.promised)
    : closeOfBusinessDaysAfter(calendar, start, profile.standardTurnaroundDays);
  // The time the case waited on the client is the client's, not the lab's (issue 30): the customer's
  // due moves by as much as the design stage absorbs, so the hold spends none of the lab's buffer.
  const customerDue = delay > 0 ? addBusinessSeconds(calendar, promisedDue, delay) : promisedDue;
  // A promise already in the past leaves nothing to share out; the minimums still apply.
  const available = Math.max(0, businessSecondsBetween(calendar, workStart, promisedDue));

  const minimums = emptyStages(0);
  const allocated = emptyStages(0);
  const dueTimes = emptyStages('');
  let cursor = workStart;
  for (const stage of scheduleStages) {
    minimums[stage] = Math.round(profile.minimumSeconds[stage]);
    allocated[stage] =
      readOverride(overrides, stage) ??
      Math.round(Math.max(minimums[stage], profile.ratios[stage] * available));
    const absorbed = stage === 'design' ? delay : 0;
    cursor = addBusinessSeconds(calendar, cursor, allocated[stage] + absorbed);
    dueTimes[stage] = cursor.toISOString();
  }

  return {
    start_time: start.toISOString(),
    internal_due_time: cursor.toISOString(),
    customer_due_time: customerDue.toISOString(),
    buffer_time_seconds: businessSecondsBetween(calendar, cursor, customerDue),
    customer_delay: delay,
    ratios: { ...profile.ratios },
    minimum_durations: minimums,
    allocated_durations: allocated,
    actual_durations: actualDurations(calendar, start, completed),
    overrides: { design: readOverride(overrides, 'design'), machining: readOverride(overrides, 'machining') },
    due_times: dueTimes,
  };
};
