import { and, asc, eq } from 'drizzle-orm';
import { isApprovalOpen, toIso } from '@lab/domain';
import type { Db } from '../db/client';
import { approval_types, approvals, communications, messages } from '../db/schema/index';
import { communicationTypes } from '../mail/communications';
import type { Mailer } from '../mail/mailer';
import { approvalRequestEmail } from '../mail/templates/case-emails';
import { loadCaseMail } from './case-mail-context';
import { sendOnce } from './send-once';

// Job 'approval-request-email': tells the client a new approval request waits in the portal, quoting the
// request's message. An approval answered or cancelled before the job ran needs no mail.

export const sendApprovalRequestEmail = async (
  db: Db,
  mailer: Mailer,
  approvalUid: string,
): Promise<void> => {
  const [approval] = await db
    .select({
      uid: approvals.uid,
      case_uid: approvals.case_uid,
      type_name: approval_types.name,
      approval_due_at: approvals.approval_due_at,
      approved_at: approvals.approved_at,
      cancelled_at: approvals.cancelled_at,
      changes_requested_at: approvals.changes_requested_at,
    })
    .from(approvals)
    .innerJoin(approval_types, eq(approval_types.code, approvals.approval_type))
    .where(eq(approvals.uid, approvalUid))
    .limit(1);
  if (!approval) return;
  const open = isApprovalOpen({
    approval_due_at: toIso(approval.approval_due_at),
    approved_at: toIso(approval.approved_at),
    cancelled_at: toIso(approval.cancelled_at),
    changes_requested_at: toIso(approval.changes_requested_at),
  });
  if (!open) return;
  const caseMail = await loadCaseMail(db, mailer, approval.case_uid);
  if (!caseMail) return;
  const [message] = await db
    .select({ note: messages.note })
    .from(messages)
    .where(and(eq(messages.approval_uid, approval.uid), eq(messages.message_type, 'APPROVAL_MESSAGE')))
    .orderBy(asc(messages.created_at))
    .limit(1);
  await sendOnce(db, mailer, {
    subject: {
      ...caseMail.subject,
      communication_type: communicationTypes.approvalRequest,
      approval_uid: approval.uid,
    },
    content: approvalRequestEmail(caseMail.context, {
      typeName: approval.type_name,
      dueAt: approval.approval_due_at,
      note: message?.note ?? '',
    }),
    match: eq(communications.approval_uid, approval.uid),
  });
};
