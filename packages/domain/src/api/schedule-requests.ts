import { z } from 'zod';
import { isoDateTime } from './common';

// Requests of the schedule calls: GET /api/v2/case/{case_id}/schedule/ (case-workspace §7) and
// POST /api/v2/case/schedule/ (collection-views §7, the Add Component form's schedule preview).

export const scheduleMessages = {
  blank: 'Cannot be blank',
  invalidBranch: 'Invalid branch',
  invalidJobType: 'Invalid job type',
  invalidDate: 'Invalid date',
  inThePast: 'Cannot be in the past',
  caseNotFound: 'Case not found',
} as const;

/** Postgres `integer`: a larger legacy id cannot exist, and passing it on would fail in the database. */
const maxIntegerId = 2_147_483_647;

/** A legacy case id from the path, or null when it cannot name a case (the route then answers 404). */
export const parseLegacyCaseId = (raw: string): number | null => {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= maxIntegerId ? id : null;
};

export const legacyCaseIdParams = z.object({ case_id: z.string().transform(parseLegacyCaseId) });

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * A required reference chosen from a select: blank (missing, null, '') → 'Cannot be blank'; anything
 * that is not a positive whole number (also as a numeric string, as HTML selects send) → `invalid`.
 */
const requiredId = (invalid: string) =>
  z
    .union([z.number(), z.string(), z.null()], { error: invalid })
    .optional()
    .transform((value, ctx) => {
      if (isBlank(value)) {
        ctx.addIssue({ code: 'custom', message: scheduleMessages.blank });
        return z.NEVER;
      }
      const id = typeof value === 'string' ? Number(value.trim()) : value;
      if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0 || id > maxIntegerId) {
        ctx.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
      return id;
    });

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

/** POST /api/v2/case/schedule/: the schedule a new component would get if it started now. */
export const schedulePreviewRequestSchema = z.preprocess(
  // No body at all reads as an empty form, so each field gets its own 'Cannot be blank'.
  (body) => body ?? {},
  z.object({
    branch_id: requiredId(scheduleMessages.invalidBranch),
    job_type_id: requiredId(scheduleMessages.invalidJobType),
    date_promised: promisedDateField,
  }),
);
export type SchedulePreviewRequest = z.output<typeof schedulePreviewRequestSchema>;
