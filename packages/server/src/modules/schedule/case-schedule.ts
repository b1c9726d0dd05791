import { eq, type SQL } from 'drizzle-orm';
import {
  AppError,
  computeSchedule,
  scheduleMessages,
  type BusinessCalendar,
  type ComputeScheduleInput,
  type Schedule,
} from '@lab/domain';
import type { Queryable } from '../../db/client';
import { cases, collections, job_types } from '../../db/schema/index';
import { jobTypeProfileColumns, toScheduleProfile, type JobTypeProfileRow } from './job-type-profile';
import { defaultBranchCalendar, loadBranchCalendar } from './load-branch-calendar';

// A case's schedule from what is stored on it: its job type's profile, start, promise, overrides and
// customer delay, its fulfillment branch's calendar and its completion stamps. Shared by the GET (which
// answers it) and recomputeCaseSchedule (which stores it).

export type CaseScheduleInputs = { uid: string; input: ComputeScheduleInput };

/** What the schedule maths needs of the cases matching `where`, as stored, in one query. */
export const loadCasesScheduleInputs = async (
  q: Queryable,
  where: SQL | undefined,
  limit?: number,
): Promise<CaseScheduleInputs[]> => {
  const query = q
    .select({
      uid: cases.uid,
      schedule_start: cases.schedule_start,
      added: cases.added,
      date_promised: cases.date_promised,
      override_design_seconds: cases.override_design_seconds,
      override_machining_seconds: cases.override_machining_seconds,
      customer_delay_seconds: cases.customer_delay_seconds,
      date_metrology_complete: cases.date_metrology_complete,
      date_design_complete: cases.date_design_complete,
      date_machining_complete: cases.date_machining_complete,
      date_dispatched: cases.date_dispatched,
      branch_id: collections.fulfillment_branch_id,
      profile: jobTypeProfileColumns,
    })
    .from(cases)
    .innerJoin(collections, eq(collections.uid, cases.collection_uid))
    .innerJoin(job_types, eq(job_types.id, cases.job_type_id))
    .where(where)
    .$dynamic();
  const rows = await (limit === undefined ? query : query.limit(limit));
  const inputs: CaseScheduleInputs[] = [];
  for (const row of rows) {
    // No fulfillment branch yet: schedule with the lab's home calendar rather than refuse, so the card
    // still shows due times; the foreign key means a set branch id always loads. Cached per branch, so
    // the cases of one collection read it once.
    const branch = row.branch_id === null ? null : await loadBranchCalendar(q, row.branch_id);
    inputs.push({ uid: row.uid, input: scheduleInputOf(row, branch?.calendar ?? defaultBranchCalendar) });
  }
  return inputs;
};

type ScheduleRow = {
  schedule_start: Date | null;
  added: Date;
  date_promised: Date | null;
  override_design_seconds: number | null;
  override_machining_seconds: number | null;
  customer_delay_seconds: number;
  date_metrology_complete: Date | null;
  date_design_complete: Date | null;
  date_machining_complete: Date | null;
  date_dispatched: Date | null;
  profile: JobTypeProfileRow;
};

const scheduleInputOf = (row: ScheduleRow, calendar: BusinessCalendar): ComputeScheduleInput => ({
  calendar,
  // The case search reads a case's start the same way: the schedule start, else when it was added.
  start: row.schedule_start ?? row.added,
  promised: row.date_promised,
  profile: toScheduleProfile(row.profile),
  overrides: { design: row.override_design_seconds, machining: row.override_machining_seconds },
  customerDelaySeconds: row.customer_delay_seconds,
  completed: {
    metrology: row.date_metrology_complete,
    design: row.date_design_complete,
    machining: row.date_machining_complete,
    dispatch: row.date_dispatched,
  },
});

/** What the schedule maths needs of the case matching `where`, as stored; null when there is none. */
export const loadCaseScheduleInputs = async (
  q: Queryable,
  where: SQL | undefined,
): Promise<CaseScheduleInputs | null> => (await loadCasesScheduleInputs(q, where, 1))[0] ?? null;

/** Computes the schedule of the case matching `where`; null when there is none. */
export const computeCaseSchedule = async (
  q: Queryable,
  where: SQL | undefined,
): Promise<{ uid: string; schedule: Schedule } | null> => {
  const found = await loadCaseScheduleInputs(q, where);
  return found ? { uid: found.uid, schedule: computeSchedule(found.input) } : null;
};

/** GET /api/v2/case/{case_id}/schedule/: computed fresh, so it always reflects the current calendar. */
export const findCaseSchedule = async (q: Queryable, caseId: number | null): Promise<Schedule> => {
  const found = caseId === null ? null : await computeCaseSchedule(q, eq(cases.case_id, caseId));
  if (!found) throw new AppError('not_found', { message: scheduleMessages.caseNotFound });
  return found.schedule;
};
