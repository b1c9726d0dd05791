import { eq } from 'drizzle-orm';
import { AppError, scheduleMessages, type Schedule } from '@lab/domain';
import type { Tx } from '../../db/client';
import { cases } from '../../db/schema/index';
import { computeCaseSchedule } from './case-schedule';

/**
 * Computes the case's schedule and stores its results on the case (customer_due, the four stage dues,
 * internal_due, buffer_time_seconds). It takes the caller's transaction, never `db`: it runs after the
 * change that affects the schedule (status, times, approvals, overrides, branch), so it must see that
 * change and commit or roll back with it. It leaves updated_at to that change.
 */
export const recomputeCaseSchedule = async (tx: Tx, caseUid: string): Promise<Schedule> => {
  const found = await computeCaseSchedule(tx, eq(cases.uid, caseUid));
  if (!found) throw new AppError('not_found', { message: scheduleMessages.caseNotFound });
  const { schedule } = found;
  await tx
    .update(cases)
    .set({
      customer_due: new Date(schedule.customer_due_time),
      metrology_due: new Date(schedule.due_times.metrology),
      design_due: new Date(schedule.due_times.design),
      machining_due: new Date(schedule.due_times.machining),
      dispatch_due: new Date(schedule.due_times.dispatch),
      internal_due: new Date(schedule.internal_due_time),
      buffer_time_seconds: schedule.buffer_time_seconds,
    })
    .where(eq(cases.uid, caseUid));
  return schedule;
};
