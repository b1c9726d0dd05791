import { z } from 'zod';
import { approvalMessages, checkApprovalDue } from '@lab/domain';
import { labTimeInputToIso } from '../../lib/lab-time-input';

// The New Approval form (case-workspace §5 'New approval'). Every rule is a check of one refinement, so
// all messages show at once (a failed field schema would hide the refinements behind it).

export type NewApprovalValues = {
  approval_type: string;
  /** Blank when opened from a case: the case is fixed then. */
  case_uid: string;
  /** datetime-local value in Melbourne time. */
  approval_due_at: string;
  send_reminders: boolean;
  message: string;
  files: File[];
};

export type NewApprovalFormOptions = {
  /** Opened from a case: no case selector, so no 'Must be selected' for it. */
  isCaseFixed: boolean;
  now: () => Date;
};

export const newApprovalFormSchema = ({ isCaseFixed, now }: NewApprovalFormOptions) =>
  z
    .object({
      approval_type: z.string(),
      case_uid: z.string(),
      approval_due_at: z.string(),
      send_reminders: z.boolean(),
      message: z.string(),
      files: z.array(z.custom<File>((value) => typeof value === 'object' && value !== null)),
    })
    .superRefine((values, ctx) => {
      if (!values.approval_type) {
        ctx.addIssue({ code: 'custom', path: ['approval_type'], message: approvalMessages.mustBeSelected });
      }
      if (!isCaseFixed && !values.case_uid) {
        ctx.addIssue({ code: 'custom', path: ['case_uid'], message: approvalMessages.mustBeSelected });
      }
      const dueProblem = checkApprovalDue(labTimeInputToIso(values.approval_due_at), now());
      if (dueProblem) ctx.addIssue({ code: 'custom', path: ['approval_due_at'], message: dueProblem });
    });

/** The server's 400 field names that are fields of this form. */
export const newApprovalServerFields = ['approval_type', 'case_uid', 'approval_due_at'] as const;
