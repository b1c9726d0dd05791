import { z } from 'zod';
import { isoDateTime } from '../../api/common';

// The answer of GET /api/v2/case/{case_id}/schedule/ and POST /api/v2/case/schedule/ (collection-views §3
// 'Schedule'). Durations are whole business seconds; times are ISO instants.

/** The four stages in the order they happen; each stage's due chains from the one before. */
export const scheduleStages = ['metrology', 'design', 'machining', 'dispatch'] as const;
export type ScheduleStage = (typeof scheduleStages)[number];

/** Only these two can be overridden by hand (spec: 'overrides per stage (design, machining)'). */
export const overridableStages = ['design', 'machining'] as const;
export type OverridableStage = (typeof overridableStages)[number];

const perStage = <T extends z.ZodType>(value: T) =>
  z.object({ metrology: value, design: value, machining: value, dispatch: value });

const businessSeconds = z.number().int().nonnegative();

export const scheduleSchema = z.object({
  /** S as entered; the work itself starts at the next business time. */
  start_time: isoDateTime,
  /** The dispatch due: when the lab means to have it out of the door. */
  internal_due_time: isoDateTime,
  /** P: date_promised, or S plus the job type's standard turnaround. */
  customer_due_time: isoDateTime,
  /** bh(internal due, P); negative means the customer will get it late. */
  buffer_time_seconds: z.number().int(),
  /** Business time spent waiting on the client, added to the design stage. */
  customer_delay: businessSeconds,
  /** Target share of the available time per stage; what they leave is buffer. */
  ratios: perStage(z.number().min(0).max(1)),
  minimum_durations: perStage(businessSeconds),
  /** override ?? max(minimum, ratio × available). */
  allocated_durations: perStage(businessSeconds),
  /** Business time each stage actually took, from the completion stamps; null until completed. */
  actual_durations: perStage(businessSeconds.nullable()),
  overrides: z.object({ design: businessSeconds.nullable(), machining: businessSeconds.nullable() }),
  due_times: perStage(isoDateTime),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export type StageValues<T> = Record<ScheduleStage, T>;
