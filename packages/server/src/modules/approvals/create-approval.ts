import { eq } from 'drizzle-orm';
import {
  AppError,
  approvalMessages,
  checkApprovalDue,
  commonMessages,
  isStorableText,
  type CollectionApproval,
  type NewApprovalFields,
} from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { inTransaction, type Db, type Queryable } from '../../db/client';
import { approval_types, approvals, cases } from '../../db/schema/index';
import type { UploadedPart } from '../../http/multipart-upload';
import { enqueueJob } from '../../jobs/enqueue-job';
import { jobNames, type JobName } from '../../jobs/job-names';
import type { FileStorage } from '../../storage/file-storage';
import { loadActionCase, saveCaseChanges } from '../cases/kernel';
import { forgetKeptFiles } from '../files/store-file';
import { insertApprovalMessage } from './approval-message';
import { addApprovalFiles, keepApprovalFiles } from './approval-files';
import { isUuid, recordApprovalChange } from './approval-records';
import { presentApproval } from './present-approval';

// POST /api/v2/approvals/ (case-workspace §5 'New approval', §7): checks the request (every failure is a
// 400 before anything is stored), stores the files, then in ONE transaction writes the approval, its
// files, the APPROVAL_MESSAGE with them attached, the audit rows, the case's schedule, and queues the
// request e-mail to the client.

const defaultReminderIntervalSeconds = 86_400;
// 'Must be within 2 years of today', like the case's start and promise times.
const maxDueLeadMs = 2 * 365 * 86_400_000;

type CheckedRequest = {
  type: { code: string; name: string };
  caseId: number;
  dueAt: Date;
  sendReminders: boolean;
  intervalSeconds: number;
  note: string;
};

const checkDue = (raw: string | undefined, now: Date): string | null =>
  checkApprovalDue(raw, now) ??
  (Date.parse(raw ?? '') - now.getTime() > maxDueLeadMs ? approvalMessages.dueTooFar : null);

/** Every field's message at once ({approval_type, case_uid, approval_due_at, message}), the first as the message. */
export const checkNewApproval = async (
  q: Queryable,
  fields: NewApprovalFields,
  now: Date,
): Promise<CheckedRequest> => {
  const problems: Record<string, string> = {};
  const code = fields.approval_type?.trim() ?? '';
  const [type] = code
    ? await q
        .select({ code: approval_types.code, name: approval_types.name })
        .from(approval_types)
        .where(eq(approval_types.code, code))
        .limit(1)
    : [];
  if (!type) problems.approval_type = approvalMessages.mustBeSelected;
  const caseUid = fields.case_uid?.trim() ?? '';
  const [found] = isUuid(caseUid)
    ? await q.select({ case_id: cases.case_id }).from(cases).where(eq(cases.uid, caseUid)).limit(1)
    : [];
  if (!found) problems.case_uid = approvalMessages.mustBeSelected;
  const dueProblem = checkDue(fields.approval_due_at, now);
  if (dueProblem) problems.approval_due_at = dueProblem;
  const message = fields.message?.trim() ?? '';
  if (!isStorableText(message)) problems.message = commonMessages.unstorableText;
  const [first] = Object.values(problems);
  if (first !== undefined || !type || !found) {
    throw new AppError('validation_failed', {
      message: first ?? approvalMessages.mustBeSelected,
      fields: problems,
    });
  }
  return {
    type,
    caseId: found.case_id,
    dueAt: new Date(Date.parse(fields.approval_due_at ?? '')),
    sendReminders: ['true', '1', 'on'].includes(fields.send_reminders ?? ''),
    intervalSeconds: fields.reminder_interval_seconds ?? defaultReminderIntervalSeconds,
    note: message === '' ? approvalMessages.defaultRequestNote : message,
  };
};

export const createApproval = async (
  db: Db,
  options: {
    fields: NewApprovalFields;
    parts: readonly UploadedPart[];
    actor: StaffActor;
    storage: FileStorage;
    /** Runs after commit: the request e-mail's worker looks at once instead of at its next poll. */
    onQueued: (name: JobName) => void;
  },
): Promise<CollectionApproval> => {
  const { actor } = options;
  const request = await checkNewApproval(db, options.fields, new Date());
  const kept = await keepApprovalFiles(options.storage, options.parts);
  let uid: string;
  try {
    uid = await inTransaction(db, async (tx) => {
      const now = new Date();
      const actionCase = await loadActionCase(tx, request.caseId);
      const [approval] = await tx
        .insert(approvals)
        .values({
          case_uid: actionCase.row.uid,
          approval_type: request.type.code,
          created_at: now,
          created_by_id: actor.id,
          approval_due_at: request.dueAt,
          send_reminders: request.sendReminders,
          reminder_interval_seconds: request.intervalSeconds,
          next_reminder_due: request.sendReminders
            ? new Date(now.getTime() + request.intervalSeconds * 1000)
            : null,
        })
        .returning({ uid: approvals.uid });
      if (!approval) throw new Error('approval insert returned nothing');
      const attachments = await addApprovalFiles(tx, {
        approvalUid: approval.uid,
        actionCase,
        kept,
        actor,
        now,
      });
      await insertApprovalMessage(tx, {
        approvalUid: approval.uid,
        actionCase,
        actor,
        note: request.note,
        attachments,
        now,
      });
      await recordApprovalChange(tx, {
        approvalUid: approval.uid,
        actionCase,
        action: 'created',
        actor,
        now,
        changes: {
          approval_type: request.type.code,
          approval_due_at: request.dueAt.toISOString(),
          send_reminders: request.sendReminders,
          reminder_interval_seconds: request.intervalSeconds,
          files: attachments.map((a) => a.filename),
        },
      });
      await saveCaseChanges(tx, {
        actionCase,
        actor,
        now,
        set: {},
        changes: { approvals: { old: null, new: request.type.name } },
        recompute: true,
      });
      await enqueueJob(tx, jobNames.approvalRequestEmail, { approval_uid: approval.uid });
      return approval.uid;
    });
  } catch (error) {
    await forgetKeptFiles(options.storage, kept);
    throw error;
  }
  options.onQueued(jobNames.approvalRequestEmail);
  return presentApproval(db, uid);
};
