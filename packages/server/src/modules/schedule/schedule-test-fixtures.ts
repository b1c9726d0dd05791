import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Schedule } from '@lab/domain';
import type { Db } from '../../db/client';
import { branch_closures, branches, job_types } from '../../db/schema/index';

// Shared by the schedule tests. Expected times are worked out by hand on the Melbourne calendar
// (Mon–Fri 08:00–17:00, AEDT = UTC+11 in November and December) for a job type whose profile the tests set:
//   turnaround 5 business days; minimums 1 h, 4 h, 8 h, 1 h; ratios 0.1, 0.3, 0.3, 0.1 (buffer 0.2).

export const hour = 3600;
export const zone = 'Australia/Melbourne';
export const mel = (local: string): Date => DateTime.fromISO(local, { zone }).toJSDate();
export const jobTypeName = 'Schedule Test Crown';
export const profileColumns = {
  standard_turnaround_days: 5,
  min_metrology_seconds: hour,
  min_design_seconds: 4 * hour,
  min_machining_seconds: 8 * hour,
  min_dispatch_seconds: hour,
  ratio_metrology: '0.1',
  ratio_design: '0.3',
  ratio_machining: '0.3',
  ratio_dispatch: '0.1',
};

// Mon 23 Nov 2026 09:00, no promise: P = close of business 5 business days on = Mon 30 Nov 17:00, with
// available = 8 h + 4 × 9 h + 9 h = 53 h. Stages: 5 h 18 min, 15 h 54 min, 15 h 54 min, 5 h 18 min,
// chained: Mon 14:18, Wed 12:12, Fri 10:06, Fri 15:24; buffer Fri 15:24 → Mon 17:00 = 10 h 36 min.
export const plainDues = {
  metrology: '2026-11-23T03:18:00.000Z',
  design: '2026-11-25T01:12:00.000Z',
  machining: '2026-11-26T23:06:00.000Z',
  dispatch: '2026-11-27T04:24:00.000Z',
};
export const plainSchedule: Omit<Schedule, 'actual_durations'> = {
  start_time: '2026-11-22T22:00:00.000Z',
  internal_due_time: plainDues.dispatch,
  customer_due_time: '2026-11-30T06:00:00.000Z',
  buffer_time_seconds: 38_160,
  customer_delay: 0,
  ratios: { metrology: 0.1, design: 0.3, machining: 0.3, dispatch: 0.1 },
  minimum_durations: { metrology: hour, design: 4 * hour, machining: 8 * hour, dispatch: hour },
  allocated_durations: { metrology: 19_080, design: 57_240, machining: 57_240, dispatch: 19_080 },
  overrides: { design: null, machining: null },
  due_times: plainDues,
};
export const noActuals = { metrology: null, design: null, machining: null, dispatch: null };

/** The test job type with the profile above; answers its id. */
export const createScheduleJobType = async (db: Db): Promise<number> => {
  const [row] = await db
    .insert(job_types)
    .values({ name: jobTypeName, ...profileColumns })
    .returning({ id: job_types.id });
  if (!row) throw new Error('job type was not created');
  return row.id;
};

/**
 * The reference seed closes every branch for a Christmas shutdown of the current year; expected times
 * must not depend on the year the tests run in, so the branch keeps only its public holidays. Answers
 * the branch id.
 */
export const removeSeededClosures = async (db: Db, branchName: string): Promise<number> => {
  const [branch] = await db.select({ id: branches.id }).from(branches).where(eq(branches.name, branchName));
  if (!branch) throw new Error(`no branch ${branchName}`);
  await db.delete(branch_closures).where(eq(branch_closures.branch_id, branch.id));
  return branch.id;
};
