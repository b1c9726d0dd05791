import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  AppError,
  closeOfBusinessOn,
  computeSchedule,
  fieldError,
  scheduleMessages,
  scheduleRangeYears,
  type BusinessCalendar,
  type PromisedInput,
  type Schedule,
  type ScheduleProfile,
  type SchedulePreviewRequest,
} from '@lab/domain';
import type { Queryable } from '../../db/client';
import { cases, job_types } from '../../db/schema/index';
import { loadCaseScheduleInputs } from './case-schedule';
import { jobTypeProfileColumns, toScheduleProfile } from './job-type-profile';
import { loadBranchCalendar } from './load-branch-calendar';

// POST /api/v2/case/schedule/: the schedule a new component of this job type would get at this branch if
// it started now (the Add Component form shows it before the component exists), or, with case_id, the
// schedule that case would get with a new start and promise (the Modify Case Times form compares it with
// the current one before saving through update_times).

const findActiveJobTypeProfile = async (q: Queryable, jobTypeId: number) => {
  const [row] = await q
    .select({ is_active: job_types.is_active, profile: jobTypeProfileColumns })
    .from(job_types)
    .where(eq(job_types.id, jobTypeId))
    .limit(1);
  return row?.is_active ? toScheduleProfile(row.profile) : null;
};

/** Whether a schedule's start or promise lies within scheduleRangeYears of now, either way. */
export const isWithinScheduleRange = (instant: Date, now: Date): boolean => {
  const reach = DateTime.fromJSDate(now).plus({ years: scheduleRangeYears }).toMillis() - now.getTime();
  return Math.abs(instant.getTime() - now.getTime()) <= reach;
};

/** A start time the forms may send: 'Must be within 2 years of today' otherwise. */
export const ensureStartInRange = (start: Date, now: Date, field: string): void => {
  if (!isWithinScheduleRange(start, now)) throw fieldError(field, scheduleMessages.outOfRange);
};

/**
 * A promise given as a date is close of business that day at the branch. It is 'in the past' when the
 * date is before today there: today itself is allowed even after 17:00, because the form offers today
 * and the answer then shows the lateness as a negative buffer instead of refusing. A promise given as an
 * instant is in the past when it is before now. Either is refused beyond scheduleRangeYears. Answers the
 * instant, or the message why the promise cannot be taken.
 */
export const readPromise = (
  calendar: BusinessCalendar,
  promise: PromisedInput,
  now: Date,
): { instant: Date; error: null } | { instant: null; error: string } => {
  const isPast =
    promise.kind === 'date'
      ? promise.date < (DateTime.fromJSDate(now, { zone: calendar.timeZone }).toISODate() ?? '')
      : promise.instant.getTime() < now.getTime();
  if (isPast) return { instant: null, error: scheduleMessages.inThePast };
  const instant = promise.kind === 'date' ? closeOfBusinessOn(calendar, promise.date) : promise.instant;
  if (!isWithinScheduleRange(instant, now)) return { instant: null, error: scheduleMessages.outOfRange };
  return { instant, error: null };
};

/** readPromise, throwing its message as the 400 of `field`. */
export const resolvePromise = (
  calendar: BusinessCalendar,
  promise: PromisedInput,
  now: Date,
  field = 'date_promised',
): Date => {
  const read = readPromise(calendar, promise, now);
  if (read.error !== null) throw fieldError(field, read.error);
  return read.instant;
};

/**
 * The branch calendar and job type profile named by the form, each null when not asked for. Both are
 * checked before answering, so the form can mark both fields at once.
 */
const loadChosenReferences = async (
  q: Queryable,
  ids: { branchId: number | null; jobTypeId: number | null },
): Promise<{ calendar: BusinessCalendar | null; profile: ScheduleProfile | null }> => {
  const branch = ids.branchId === null ? null : await loadBranchCalendar(q, ids.branchId);
  const profile = ids.jobTypeId === null ? null : await findActiveJobTypeProfile(q, ids.jobTypeId);
  const fields: Record<string, string> = {};
  if (ids.branchId !== null && !branch?.active) fields.branch_id = scheduleMessages.invalidBranch;
  if (ids.jobTypeId !== null && !profile) fields.job_type_id = scheduleMessages.invalidJobType;
  const message = Object.values(fields)[0];
  if (message) throw new AppError('validation_failed', { message, fields });
  return { calendar: branch?.calendar ?? null, profile };
};

/** The case's stored schedule inputs with the form's start, promise, branch and job type put in. */
const previewCaseSchedule = async (
  q: Queryable,
  request: SchedulePreviewRequest & { case_id: number },
  now: Date,
): Promise<Schedule> => {
  const found = await loadCaseScheduleInputs(q, eq(cases.case_id, request.case_id));
  if (!found) throw new AppError('not_found', { message: scheduleMessages.caseNotFound });
  const chosen = await loadChosenReferences(q, {
    branchId: request.branch_id,
    jobTypeId: request.job_type_id,
  });
  const calendar = chosen.calendar ?? found.input.calendar;
  if (request.start_time) ensureStartInRange(request.start_time, now, 'start_time');
  const promised = request.date_promised
    ? resolvePromise(calendar, request.date_promised, now)
    : found.input.promised;
  return computeSchedule({
    ...found.input,
    calendar,
    profile: chosen.profile ?? found.input.profile,
    start: request.start_time ?? found.input.start,
    promised,
  });
};

/** `now` is a parameter so the preview is a pure function of its inputs in tests. */
export const previewSchedule = async (
  q: Queryable,
  request: SchedulePreviewRequest,
  now: Date = new Date(),
): Promise<Schedule> => {
  const { case_id: caseId } = request;
  if (caseId !== null) return previewCaseSchedule(q, { ...request, case_id: caseId }, now);
  const { calendar, profile } = await loadChosenReferences(q, {
    branchId: request.branch_id,
    jobTypeId: request.job_type_id,
  });
  // The request schema makes both required without a case; this only narrows the types.
  if (!calendar || !profile) {
    throw new AppError('validation_failed', { message: scheduleMessages.blank });
  }
  if (request.start_time) ensureStartInRange(request.start_time, now, 'start_time');
  const promised = request.date_promised ? resolvePromise(calendar, request.date_promised, now) : null;
  return computeSchedule({ calendar, start: request.start_time ?? now, promised, profile });
};
