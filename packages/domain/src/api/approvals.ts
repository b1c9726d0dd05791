import { z } from 'zod';
import { approvalMessages } from '../rules/approval-status';
import { maxDatabaseInteger } from './common';

// Approval requests (case-workspace §7): POST /api/v2/approvals/ (multipart), PATCH
// /api/v2/approval/{uid}/ (approve | cancel | cancel_reminders), POST /api/v2/approval/{uid}/attach/
// (multipart files), DELETE /api/v2/approval/file/{id}/. Each answers the approval as the collection
// lists it (collectionApprovalSchema).

/**
 * The multipart fields of a new approval request; files come as repeated `files` parts. A value no type,
 * case or time can be answers the dialog's own text (case-workspace §5 'New approval').
 */
export const newApprovalFieldsSchema = z.object({
  approval_type: z
    .string({ error: approvalMessages.mustBeSelected })
    .max(100, approvalMessages.mustBeSelected)
    .optional(),
  case_uid: z
    .string({ error: approvalMessages.mustBeSelected })
    .max(100, approvalMessages.mustBeSelected)
    .optional(),
  approval_due_at: z
    .string({ error: approvalMessages.mustBeProvided })
    .max(100, approvalMessages.mustBeProvided)
    .optional(),
  send_reminders: z.enum(['true', 'false', '1', '0', 'on', '']).optional(),
  // Reminder interval in seconds (default one day).
  reminder_interval_seconds: z.coerce
    .number()
    .int()
    .min(300)
    .max(30 * 86_400)
    .optional(),
  message: z.string().max(20_000).optional(),
});
export type NewApprovalFields = z.infer<typeof newApprovalFieldsSchema>;

export const approvalActionSchema = z.object({
  action: z.enum(['approve', 'cancel', 'cancel_reminders'], { error: 'Invalid action' }),
});

export const approvalFileIdParams = z.object({
  id: z.coerce.number().int().positive().max(maxDatabaseInteger, 'File not found'),
});
