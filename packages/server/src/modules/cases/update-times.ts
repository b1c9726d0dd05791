import { closeOfBusinessOn, type PromisedInput } from '@lab/domain';
import type { Tx } from '../../db/client';
import { defaultBranchCalendar, loadBranchCalendar } from '../schedule/load-branch-calendar';
import { ensureStartInRange, resolvePromise } from '../schedule/preview-schedule';
import { recomputeCaseSchedule } from '../schedule/recompute-case-schedule';
import type { CaseActionHandler } from './action-types';
import type { ActionCase } from './load-action-case';
import { recordChange, saveCaseChanges, type CaseChanges } from './save-case-changes';

/**
 * The promise as an instant: a date is close of business at the case's branch. A promise in the past is
 * refused like in the preview, except the one the case already has (the form sends it back unchanged).
 */
const resolveNewPromise = async (
  tx: Tx,
  actionCase: ActionCase,
  promise: PromisedInput,
  now: Date,
): Promise<Date> => {
  const branchId = actionCase.collection.fulfillment_branch_id;
  const branch = branchId === null ? null : await loadBranchCalendar(tx, branchId);
  const calendar = branch?.calendar ?? defaultBranchCalendar;
  const stored = actionCase.row.date_promised?.getTime();
  const asGiven = promise.kind === 'date' ? closeOfBusinessOn(calendar, promise.date) : promise.instant;
  if (asGiven.getTime() === stored) return asGiven;
  return resolvePromise(calendar, promise, now, 'new_promise_date');
};

/**
 * update_times (Modify Case Times): a new schedule start (required; Australia/Melbourne local time) and
 * optionally a new promise; a blank promise keeps the current one. Answers the recomputed schedule.
 */
export const updateTimes: CaseActionHandler<'update_times'> = async (
  tx,
  { actionCase, actor, now, body },
) => {
  const { row } = actionCase;
  const start = body.new_start_time;
  ensureStartInRange(start, now, 'new_start_time');
  const promised = body.new_promise_date
    ? await resolveNewPromise(tx, actionCase, body.new_promise_date, now)
    : row.date_promised;
  const changes: CaseChanges = {};
  recordChange(changes, 'schedule_start', row.schedule_start, start);
  recordChange(changes, 'date_promised', row.date_promised, promised);
  if (Object.keys(changes).length > 0) {
    await saveCaseChanges(tx, {
      actionCase,
      actor,
      now,
      changes,
      set: { schedule_start: start, date_promised: promised },
    });
  }
  return { kind: 'schedule', schedule: await recomputeCaseSchedule(tx, row.uid) };
};
