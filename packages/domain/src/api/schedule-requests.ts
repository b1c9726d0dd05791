import { DateTime } from 'luxon';
import { z } from 'zod';
import { defaultBusinessTimeZone } from '../rules/schedule/business-hours';
import { isoDateTime, maxDatabaseInteger } from './common';

// Requests of the schedule calls: GET /api/v2/case/{case_id}/schedule/ (case-workspace §7) and
// POST /api/v2/case/schedule/ (collection-views §7, the Add Component form's schedule preview).

export const scheduleMessages = {
  blank: 'Cannot be blank',
  invalidBranch: 'Invalid branch',
  invalidJobType: 'Invalid job type',
  invalidDate: 'Invalid date',
  inThePast: 'Cannot be in the past',
  caseNotFound: 'Case not found',
  invalidCase: 'Invalid case',
  mustBeSelected: 'Must be selected',
  outOfRange: 'Must be within 2 years of today',
} as const;

/**
 * How far from now a schedule's start or promise may be (scheduleMessages.outOfRange). Further is a typo,
 * and the business-hours maths would walk the calendar day by day across it.
 */
export const scheduleRangeYears = 2;

/** A legacy case id from the path, or null when it cannot name a case (the route then answers 404). */
export const parseLegacyCaseId = (raw: string): number | null => {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= maxDatabaseInteger ? id : null;
};

export const legacyCaseIdParams = z.object({ case_id: z.string().transform(parseLegacyCaseId) });

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * A promise as the forms send it: a local date means close of business that day at the branch (the
 * server resolves it with the branch's calendar); an ISO datetime with offset is an exact instant.
 */
export type PromisedInput = { kind: 'date'; date: string } | { kind: 'instant'; instant: Date };

const isoDate = z.iso.date();

/** Optional date_promised: empty or null means none. */
export const promisedDateField = z
  .union([z.string(), z.null()], { error: scheduleMessages.invalidDate })
  .optional()
  .transform((value, ctx): PromisedInput | null => {
    if (isBlank(value)) return null;
    const text = (value ?? '').trim();
    if (isoDate.safeParse(text).success) return { kind: 'date', date: text };
    if (isoDateTime.safeParse(text).success) return { kind: 'instant', instant: new Date(text) };
    ctx.addIssue({ code: 'custom', message: scheduleMessages.invalidDate });
    return z.NEVER;
  });

/** An optional reference: blank → null; anything but a positive whole number (or numeric string) → `invalid`. */
const optionalId = (invalid: string) =>
  z
    .union([z.number(), z.string(), z.null()], { error: invalid })
    .optional()
    .transform((value, ctx) => {
      if (isBlank(value)) return null;
      const id = typeof value === 'string' ? Number(value.trim()) : value;
      if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0 || id > maxDatabaseInteger) {
        ctx.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
      return id;
    });

const localDateTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/**
 * A time as the Modify Case Times form sends it: a local 'YYYY-MM-DDTHH:mm' read in Australia/Melbourne
 * (case-workspace §9 'Input time zone'), or an ISO instant with offset. Null when it is neither.
 */
export const parseLocalDateTime = (text: string): Date | null => {
  const trimmed = text.trim();
  if (localDateTimePattern.test(trimmed)) {
    const local = DateTime.fromISO(trimmed, { zone: defaultBusinessTimeZone });
    return local.isValid ? local.toJSDate() : null;
  }
  return isoDateTime.safeParse(trimmed).success ? new Date(trimmed) : null;
};

const dateTimeField = (onBlank: string | null) =>
  z
    .union([z.string(), z.null()], { error: scheduleMessages.invalidDate })
    .optional()
    .transform((value, ctx): Date | null => {
      if (isBlank(value)) {
        if (onBlank === null) return null;
        ctx.addIssue({ code: 'custom', message: onBlank });
        return z.NEVER;
      }
      const parsed = parseLocalDateTime(value ?? '');
      if (parsed) return parsed;
      ctx.addIssue({ code: 'custom', message: scheduleMessages.invalidDate });
      return z.NEVER;
    });

/** A required start time (Modify Case Times: 'Must be selected'). */
export const startTimeField = dateTimeField(scheduleMessages.mustBeSelected).transform(
  (value) => value as Date,
);
/** An optional start time: blank means "as it is" (now for a new component, the case's start otherwise). */
export const optionalStartTimeField = dateTimeField(null);

const requiredWithoutCase = ['branch_id', 'job_type_id'] as const;

/**
 * POST /api/v2/case/schedule/: the schedule a new component of a job type would get at a branch (the Add
 * Component form), or with case_id the schedule that case would get with a new start and promise (the
 * Modify Case Times form; branch and job type then come from the case unless given).
 */
export const schedulePreviewRequestSchema = z.preprocess(
  // No body at all reads as an empty form, so each field gets its own 'Cannot be blank'.
  (body, ctx) => {
    const form = body ?? {};
    if (typeof form !== 'object') return form;
    const fields = form as Record<string, unknown>;
    if (isBlank(fields.case_id)) {
      for (const key of requiredWithoutCase) {
        if (isBlank(fields[key])) {
          ctx.addIssue({ code: 'custom', message: scheduleMessages.blank, path: [key], input: fields[key] });
        }
      }
    }
    return form;
  },
  z.object({
    case_id: optionalId(scheduleMessages.invalidCase),
    branch_id: optionalId(scheduleMessages.invalidBranch),
    job_type_id: optionalId(scheduleMessages.invalidJobType),
    date_promised: promisedDateField,
    start_time: optionalStartTimeField,
  }),
);
export type SchedulePreviewRequest = z.output<typeof schedulePreviewRequestSchema>;
