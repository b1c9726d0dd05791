import { eq } from 'drizzle-orm';
import {
  AppError,
  approvalMessages,
  approvalStatusOf,
  canCancelReminders,
  caseMoveOnClientAnswer,
  type ClientAnswer,
  reminderFrequencyText,
  toIso,
  type CollectionApproval,
} from '@lab/domain';
import { actorUserId, type ClientActor, type StaffActor } from '../../auth/actor';
import { inTransaction, type Db, type Tx } from '../../db/client';
import { approvals, job_types } from '../../db/schema/index';
import {
  findStatusOfParent,
  planStatusChange,
  recordChange,
  saveCaseChanges,
  type CaseChanges,
  type CaseEvents,
  type CaseUpdate,
} from '../cases/kernel';
import {
  approvalTimes,
  assertApprovalOpen,
  lockApproval,
  approverName,
  recordApprovalChange,
  type LockedApproval,
} from './approval-records';
import { customerDelayOf } from '../schedule/client-holds';
import { presentApproval } from './present-approval';

// PATCH /api/v2/approval/{uid}/ (case-workspace §4 'Approval status'): approve on the client's behalf,
// cancel, or stop the reminders. Each runs in one transaction on the locked approval with its audit rows:
// an audit_events row of the approval and a case audit row, so the case's Audit tab shows it.

export type ApprovalActionName = 'approve' | 'cancel' | 'cancel_reminders';

export type ApprovalActionInput = {
  locked: LockedApproval;
  actor: StaffActor | ClientActor;
  now: Date;
  /** The case events a status change publishes (the answer moves the case on). */
  events: CaseEvents;
};
type ActionInput = ApprovalActionInput;

const statusLine = (locked: LockedApproval, status: string): string => `${locked.type.name}: ${status}`;

/**
 * Where the client's answer takes a case waiting on it (domain `caseMoveOnClientAnswer`): the status
 * change planned as every status change is, its design stage completed by the designer who asked.
 */
const planAnswerMove = async (tx: Tx, input: ActionInput, answer: ClientAnswer) => {
  const { locked, actor, now, events } = input;
  const { actionCase, approval } = locked;
  const [jobType] = await tx
    .select({ virtual_product: job_types.virtual_product })
    .from(job_types)
    .where(eq(job_types.id, actionCase.row.job_type_id))
    .limit(1);
  const target = caseMoveOnClientAnswer({
    statusName: actionCase.status.name,
    virtualProduct: jobType?.virtual_product ?? false,
    answer,
  });
  const to = target ? await findStatusOfParent(tx, target.parent, target.name) : null;
  if (!to) return { set: {}, changes: {} };
  return planStatusChange(tx, {
    actionCase,
    to,
    actor,
    now,
    force: false,
    events,
    stageUserId: approval.created_by_id,
  });
};

/**
 * The case's side of an approval that closed: its audit row (`approvals: 'Type: Pending' → 'Type:
 * Approved'`), the customer delay the request caused, where the answer takes the case, and the
 * recomputed schedule.
 */
const closeOnCase = async (
  tx: Tx,
  input: ActionInput,
  closed: { before: string; after: string; set: CaseUpdate; changes: CaseChanges; answer?: ClientAnswer },
): Promise<void> => {
  const { locked, actor, now } = input;
  const { actionCase } = locked;
  const move = closed.answer ? await planAnswerMove(tx, input, closed.answer) : { set: {}, changes: {} };
  const changes: CaseChanges = {
    approvals: { old: statusLine(locked, closed.before), new: statusLine(locked, closed.after) },
    ...closed.changes,
    ...move.changes,
  };
  const customerDelay = await customerDelayOf(tx, {
    caseUid: actionCase.row.uid,
    branchId: actionCase.collection.fulfillment_branch_id,
  });
  await saveCaseChanges(tx, {
    actionCase,
    actor,
    now,
    changes,
    set: { ...closed.set, ...move.set, customer_delay_seconds: customerDelay },
    recompute: true,
  });
};

/**
 * Stamps an open approval as approved or cancelled (who and when; no more reminders) with its audit row,
 * and answers the status it had before, for the case's audit line.
 */
const stampClosed = async (
  tx: Tx,
  input: ActionInput,
  outcome: 'approved' | 'cancelled',
): Promise<string> => {
  const { locked, actor, now } = input;
  const { approval, actionCase } = locked;
  assertApprovalOpen(approval);
  const before = approvalStatusOf(approvalTimes(approval), now);
  const by = approverName(actor);
  const byId = actorUserId(actor);
  const stamp =
    outcome === 'approved'
      ? { approved_at: now, approved_by: by, approved_by_id: byId }
      : { cancelled_at: now, cancelled_by: by, cancelled_by_id: byId };
  const audited =
    outcome === 'approved'
      ? { approved_at: now.toISOString(), approved_by: by }
      : { cancelled_at: now.toISOString(), cancelled_by: by };
  await tx
    .update(approvals)
    .set({ ...stamp, next_reminder_due: null })
    .where(eq(approvals.uid, approval.uid));
  await recordApprovalChange(tx, {
    approvalUid: approval.uid,
    actionCase,
    action: outcome,
    actor,
    now,
    changes: audited,
  });
  return before;
};

/** Approves an open approval: by staff on the client's behalf, or by the client through the portal. */
export const approveLocked = async (tx: Tx, input: ActionInput): Promise<void> => {
  const { locked, now } = input;
  const { actionCase } = locked;
  const before = await stampClosed(tx, input, 'approved');
  // The timeline's Client Approval step completes; approving outside the design envelope voids the warranty.
  const set: CaseUpdate = { date_approval_complete: now };
  const changes: CaseChanges = {};
  recordChange(changes, 'date_approval_complete', actionCase.row.date_approval_complete, now);
  if (locked.type.voids_warranty && !actionCase.row.warranty_void) {
    set.warranty_void = true;
    recordChange(changes, 'warranty_void', false, true);
  }
  await closeOnCase(tx, input, { before, after: 'Approved', set, changes, answer: 'approved' });
};

const cancel = async (tx: Tx, input: ActionInput): Promise<void> => {
  const before = await stampClosed(tx, input, 'cancelled');
  await closeOnCase(tx, input, { before, after: 'Cancelled', set: {}, changes: {} });
};

const cancelReminders = async (tx: Tx, input: ActionInput): Promise<void> => {
  const { locked, actor, now } = input;
  const { approval, actionCase } = locked;
  const active = canCancelReminders({
    send_reminders: approval.send_reminders,
    reminder_interval_seconds: approval.reminder_interval_seconds,
    next_reminder_due: toIso(approval.next_reminder_due),
  });
  if (!active) throw new AppError('conflict', { message: approvalMessages.remindersNotActive });
  await tx
    .update(approvals)
    .set({ send_reminders: false, next_reminder_due: null })
    .where(eq(approvals.uid, approval.uid));
  await recordApprovalChange(tx, {
    approvalUid: approval.uid,
    actionCase,
    action: 'reminders_cancelled',
    actor,
    now,
    changes: {
      next_reminder_due: toIso(approval.next_reminder_due),
      reminders_sent: approval.reminders_sent,
    },
  });
  await saveCaseChanges(tx, {
    actionCase,
    actor,
    now,
    set: {},
    changes: {
      approval_reminders: {
        old: statusLine(locked, reminderFrequencyText(approval.reminder_interval_seconds)),
        new: null,
      },
    },
  });
};

/**
 * The client asked for changes (portal): the request is answered, so its reminders stop and the time it
 * waited counts as customer delay; the lab redesigns and sends a new request.
 */
export const requestChangesLocked = async (tx: Tx, input: ActionInput, changes: string): Promise<void> => {
  const { locked, actor, now } = input;
  const { approval, actionCase } = locked;
  assertApprovalOpen(approval);
  const before = approvalStatusOf(approvalTimes(approval), now);
  await tx
    .update(approvals)
    .set({ changes_requested_at: now, changes, next_reminder_due: null })
    .where(eq(approvals.uid, approval.uid));
  await recordApprovalChange(tx, {
    approvalUid: approval.uid,
    actionCase,
    action: 'changes_requested',
    actor,
    now,
    changes: { changes_requested_at: now.toISOString(), changes },
  });
  await closeOnCase(tx, input, {
    before,
    after: 'Changes Requested',
    set: {},
    changes: {},
    answer: 'changes_requested',
  });
};

const actions: Record<ApprovalActionName, (tx: Tx, input: ActionInput) => Promise<void>> = {
  approve: approveLocked,
  cancel,
  cancel_reminders: cancelReminders,
};

export const runApprovalAction = async (
  db: Db,
  options: { uid: string; action: ApprovalActionName; actor: StaffActor; events: CaseEvents },
): Promise<CollectionApproval> => {
  const uid = await inTransaction(db, async (tx) => {
    const locked = await lockApproval(tx, options.uid);
    await actions[options.action](tx, {
      locked,
      actor: options.actor,
      now: new Date(),
      events: options.events,
    });
    return locked.approval.uid;
  });
  return presentApproval(db, uid);
};
