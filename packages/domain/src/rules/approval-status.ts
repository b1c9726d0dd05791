import type { ApprovalTypeCode } from '../enums';

// Approval status and timing (case-workspace §4 'Approval status', §5 'New approval', §9).

export type ApprovalStatus = 'Cancelled' | 'Approved' | 'Changes Requested' | 'Pending' | 'Overdue';

type ApprovalTimes = {
  approval_due_at: string;
  approved_at: string | null;
  cancelled_at: string | null;
  changes_requested_at?: string | null | undefined;
};

/** Cancelled wins, then Approved, then Changes Requested, else Pending — Overdue once past its due time. */
export const approvalStatusOf = (approval: ApprovalTimes, now: Date): ApprovalStatus => {
  if (approval.cancelled_at) return 'Cancelled';
  if (approval.approved_at) return 'Approved';
  if (approval.changes_requested_at) return 'Changes Requested';
  return now.getTime() > Date.parse(approval.approval_due_at) ? 'Overdue' : 'Pending';
};

export const approvedWithChangesLabel = 'Approved with changes';

/** Approved through 'approve with changes': approved, with the client's changes and no change request. */
export const isApprovedWithChanges = (
  approval: ApprovalTimes & { changes?: string | null | undefined },
): boolean => Boolean(approval.approved_at && !approval.cancelled_at && approval.changes?.trim());

/** What a card's chip says: the status, except that an approval with changes says so on both sides. */
export const approvalOutcomeLabel = (
  approval: ApprovalTimes & { changes?: string | null | undefined },
  now: Date,
): ApprovalStatus | typeof approvedWithChangesLabel =>
  isApprovedWithChanges(approval) ? approvedWithChangesLabel : approvalStatusOf(approval, now);

type AnswerMessage = { approval_uid: string | null; direction: string; attachments: readonly unknown[] };

/**
 * The client's answers to an approval that came with files (the photo sent with a change request), as
 * they are in the messages: the approval's INBOUND messages that carry attachments, oldest first.
 */
export const approvalAnswerMessages = <Message extends AnswerMessage>(
  approvalUid: string,
  messages: readonly Message[],
): Message[] =>
  messages.filter(
    (message) =>
      message.approval_uid === approvalUid &&
      message.direction === 'INBOUND' &&
      message.attachments.length > 0,
  );

/** Only a pending approval (Overdue is pending too) offers Message, Approve, Cancel and file changes. */
export const isApprovalOpen = (approval: ApprovalTimes): boolean =>
  !approval.cancelled_at && !approval.approved_at && !approval.changes_requested_at;

/** Reminders can be cancelled while active: reminders on, an interval and a next due time. */
export const canCancelReminders = (approval: {
  send_reminders: boolean;
  reminder_interval_seconds: number | null;
  next_reminder_due: string | null;
}): boolean =>
  approval.send_reminders &&
  Boolean(approval.reminder_interval_seconds) &&
  approval.next_reminder_due !== null;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * Under 1 hour in minutes, under 1 day in hours, else days (§4). Whole units, rounded down, so the count
 * stays inside its unit (59 minutes, never '60 minutes'); never fewer than one.
 */
export const reminderFrequencyText = (seconds: number): string => {
  const count = (unitSeconds: number) => Math.max(1, Math.floor(seconds / unitSeconds));
  if (seconds < 3600) return `Every ${plural(count(60), 'minute')}`;
  if (seconds < 86_400) return `Every ${plural(count(3600), 'hour')}`;
  return `Every ${plural(count(86_400), 'day')}`;
};

const hour = 3_600_000;
const day = 24 * hour;

/** Standard due time: 7 days for TRY_IN_APPROVAL, otherwise 1 day, from now. */
export const standardApprovalDue = (type: ApprovalTypeCode | string, now: Date): Date =>
  new Date(now.getTime() + (type === 'TRY_IN_APPROVAL' ? 7 * day : day));

export const minimumApprovalLeadMs = 30 * 60_000;

export const approvalMessages = {
  mustBeSelected: 'Must be selected',
  mustBeProvided: 'Must be provided',
  tooSoon: 'Should be at least 30 minutes from now',
  emptyMessageConfirm: 'Your message is empty, are you sure you want to continue?',
  noFilesConfirm: 'You have no approval files attached, are you sure you want to continue?',
  noApprovals: 'No approval requests have been submitted yet...',
  approveConfirm: 'Are you sure you want to approve this request on behalf of the client?',
  cancelConfirm: 'Are you sure you want to cancel this approval request?',
  cancelRemindersConfirm: 'Are you sure you want to cancel the reminders for this approval request?',
  deleteFileConfirm: 'Are you sure you want to delete this file?',
  notOpen: 'This approval request is no longer pending',
  approvalNotFound: 'Approval not found',
  unknownType: 'Unknown approval type',
  remindersNotActive: 'Reminders are not active for this approval request',
  actorYou: 'You',
  // The APPROVAL_MESSAGE note when staff send a request without a message.
  defaultRequestNote: 'Please review and approve the design.',
  // A due time the database and the schedule can hold; the same bound as the case's times.
  dueTooFar: 'Must be within 2 years of today',
} as const;

/** null when the due time is acceptable, else its message. */
export const checkApprovalDue = (due: string | null | undefined, now: Date): string | null => {
  if (!due) return approvalMessages.mustBeProvided;
  const at = Date.parse(due);
  if (Number.isNaN(at)) return approvalMessages.mustBeProvided;
  return at - now.getTime() < minimumApprovalLeadMs ? approvalMessages.tooSoon : null;
};
