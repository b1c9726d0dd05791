import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  AppError,
  closeOfBusinessOn,
  computeSchedule,
  scheduleMessages,
  type BusinessCalendar,
  type PromisedInput,
  type Schedule,
  type SchedulePreviewRequest,
} from '@lab/domain';
import type { Queryable } from '../../db/client';
import { job_types } from '../../db/schema/index';
import { jobTypeProfileColumns, toScheduleProfile } from './job-type-profile';
import { loadBranchCalendar } from './load-branch-calendar';

// POST /api/v2/case/schedule/: the schedule a new component of this job type would get at this branch if
// it started now (the Add Component form shows it before the component exists).

const findActiveJobTypeProfile = async (q: Queryable, jobTypeId: number) => {
  const [row] = await q
    .select({ is_active: job_types.is_active, profile: jobTypeProfileColumns })
    .from(job_types)
    .where(eq(job_types.id, jobTypeId))
    .limit(1);
  return row?.is_active ? toScheduleProfile(row.profile) : null;
};

/**
 * A promise given as a date is close of business that day at the branch. It is 'in the past' when the
 * date is before today there: today itself is allowed even after 17:00, because the form offers today
 * and the answer then shows the lateness as a negative buffer instead of refusing. A promise given as an
 * instant is in the past when it is before now.
 */
const resolvePromise = (calendar: BusinessCalendar, promise: PromisedInput, now: Date): Date => {
  if (promise.kind === 'date') {
    const today = DateTime.fromJSDate(now, { zone: calendar.timeZone }).toISODate() ?? '';
    if (promise.date < today) throw inThePast();
    return closeOfBusinessOn(calendar, promise.date);
  }
  if (promise.instant.getTime() < now.getTime()) throw inThePast();
  return promise.instant;
};

const inThePast = (): AppError =>
  new AppError('validation_failed', {
    message: scheduleMessages.inThePast,
    fields: { date_promised: scheduleMessages.inThePast },
  });

/** `now` is a parameter so the preview is a pure function of its inputs in tests. */
export const previewSchedule = async (
  q: Queryable,
  request: SchedulePreviewRequest,
  now: Date = new Date(),
): Promise<Schedule> => {
  const branch = await loadBranchCalendar(q, request.branch_id);
  const profile = await findActiveJobTypeProfile(q, request.job_type_id);
  // Both are checked before answering, so the form can mark both fields at once.
  const fields: Record<string, string> = {};
  if (!branch?.active) fields.branch_id = scheduleMessages.invalidBranch;
  if (!profile) fields.job_type_id = scheduleMessages.invalidJobType;
  if (!branch?.active || !profile) {
    const message = Object.values(fields)[0] ?? scheduleMessages.invalidBranch;
    throw new AppError('validation_failed', { message, fields });
  }
  const promised = request.date_promised ? resolvePromise(branch.calendar, request.date_promised, now) : null;
  return computeSchedule({ calendar: branch.calendar, start: now, promised, profile });
};
