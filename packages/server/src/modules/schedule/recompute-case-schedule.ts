import { inArray, sql } from 'drizzle-orm';
import { AppError, computeSchedule, scheduleMessages, type Schedule } from '@lab/domain';
import type { Tx } from '../../db/client';
import { cases } from '../../db/schema/index';
import { loadCasesScheduleInputs } from './case-schedule';

/**
 * Computes the cases' schedules and stores their results on them (customer_due, the four stage dues,
 * internal_due, buffer_time_seconds): one read and one write however many cases (a branch change moves
 * every active case of the collection). It takes the caller's transaction, never `db`: it runs after
 * the change that affects the schedule (status, times, approvals, overrides, branch), so it must see
 * that change and commit or roll back with it. It leaves updated_at to that change.
 */
export const recomputeCaseSchedules = async (
  tx: Tx,
  caseUids: readonly string[],
): Promise<Map<string, Schedule>> => {
  const schedules = new Map<string, Schedule>();
  if (caseUids.length === 0) return schedules;
  const found = await loadCasesScheduleInputs(tx, inArray(cases.uid, [...new Set(caseUids)]));
  for (const { uid, input } of found) schedules.set(uid, computeSchedule(input));
  if (schedules.size === 0) return schedules;
  const stored = [...schedules].map(([uid, schedule]) => ({
    uid,
    customer_due: schedule.customer_due_time,
    metrology_due: schedule.due_times.metrology,
    design_due: schedule.due_times.design,
    machining_due: schedule.due_times.machining,
    dispatch_due: schedule.due_times.dispatch,
    internal_due: schedule.internal_due_time,
    buffer_time_seconds: schedule.buffer_time_seconds,
  }));
  await tx.execute(sql`
    UPDATE cases SET
      customer_due = v.customer_due,
      metrology_due = v.metrology_due,
      design_due = v.design_due,
      machining_due = v.machining_due,
      dispatch_due = v.dispatch_due,
      internal_due = v.internal_due,
      buffer_time_seconds = v.buffer_time_seconds
    FROM jsonb_to_recordset(${JSON.stringify(stored)}::jsonb) AS v(
      uid uuid,
      customer_due timestamptz,
      metrology_due timestamptz,
      design_due timestamptz,
      machining_due timestamptz,
      dispatch_due timestamptz,
      internal_due timestamptz,
      buffer_time_seconds integer
    )
    WHERE ${cases.uid} = v.uid`);
  return schedules;
};

/** recomputeCaseSchedules of one case, answering its schedule. */
export const recomputeCaseSchedule = async (tx: Tx, caseUid: string): Promise<Schedule> => {
  const schedule = (await recomputeCaseSchedules(tx, [caseUid])).get(caseUid);
  if (!schedule) throw new AppError('not_found', { message: scheduleMessages.caseNotFound });
  return schedule;
};
