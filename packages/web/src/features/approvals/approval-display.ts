import {
  approvalMessages,
  approvedWithChangesLabel,
  isApprovedWithChanges,
  reminderFrequencyText,
  type ApprovalStatus,
  type ApprovalType,
  type CollectionApproval,
} from '@lab/domain';

// What an approval card shows, as pure functions (case-workspace §4 'Approval status').

export type ApprovalFile = CollectionApproval['approval_files'][number];

export const approvalStatusColors: Record<
  ApprovalStatus | typeof approvedWithChangesLabel,
  'default' | 'success' | 'info' | 'warning' | 'error'
> = {
  Cancelled: 'default',
  Approved: 'success',
  'Approved with changes': 'success',
  'Changes Requested': 'info',
  Pending: 'warning',
  Overdue: 'error',
};

/** Who is signed in: stamps name staff by username or by full name (approvals keep the name). */
export type CurrentUser = { username: string; name: string };

/** The actor of a stamp, 'You' when it is the signed-in user (names compared ignoring case). */
export const actorText = (actor: string | null, currentUser: CurrentUser | null): string | null => {
  if (!actor) return null;
  const mine = currentUser ? [currentUser.username, currentUser.name].map((n) => n.toLowerCase()) : [];
  return mine.includes(actor.toLowerCase()) ? approvalMessages.actorYou : actor;
};

export const newestFirst = (approvals: readonly CollectionApproval[]): CollectionApproval[] =>
  [...approvals].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));

export const approvalTypeName = (code: string, types: readonly ApprovalType[]): string =>
  types.find((type) => type.code === code)?.name ?? code;

/** 'Reminders: Every 2 days', or off. */
export const reminderText = (
  approval: Pick<CollectionApproval, 'send_reminders' | 'reminder_interval_seconds'>,
) =>
  approval.send_reminders
    ? `Reminders: ${reminderFrequencyText(approval.reminder_interval_seconds)}`
    : 'Reminders: Off';

export type ApprovalEvent = { key: string; label: string; at: string; actor: string | null };

/** The card's timeline: the request and each stamp it has, oldest first. */
export const approvalEvents = (approval: CollectionApproval): ApprovalEvent[] => {
  const events: ApprovalEvent[] = [
    { key: 'created', label: 'Requested', at: approval.created_at, actor: approval.created_by },
  ];
  if (approval.changes_requested_at) {
    events.push({
      key: 'changes',
      label: 'Changes Requested',
      at: approval.changes_requested_at,
      actor: null,
    });
  }
  if (approval.approved_at) {
    events.push({
      key: 'approved',
      // The portal's words for the same answer.
      label: isApprovedWithChanges(approval) ? approvedWithChangesLabel : 'Approved',
      at: approval.approved_at,
      actor: approval.approved_by,
    });
  }
  if (approval.cancelled_at) {
    events.push({
      key: 'cancelled',
      label: 'Cancelled',
      at: approval.cancelled_at,
      actor: approval.cancelled_by,
    });
  }
  return events.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
};
