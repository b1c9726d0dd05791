import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, approvalMessages, isApprovalOpen, toIso } from '@lab/domain';
import { actorReference, type Actor, type StaffActor } from '../../auth/actor';
import { writeAuditEvent, type AuditActions } from '../../audit/write-audit-event';
import type { Tx } from '../../db/client';
import { approval_types, approvals, cases } from '../../db/schema/index';
import { publishCollectionChanged } from '../../realtime/events';
import { loadActionCase, type ActionCase } from '../cases/kernel';

// Loading and locking an approval for a write, and the audit rows every approval write leaves.

export type ApprovalRecord = typeof approvals.$inferSelect;

export type LockedApproval = {
  approval: ApprovalRecord;
  type: { code: string; name: string; voids_warranty: boolean };
  /** The approval's case, locked as the case actions lock it (collection first, then the case). */
  actionCase: ActionCase;
};

export const approvalNotFound = (): AppError =>
  new AppError('not_found', { message: approvalMessages.approvalNotFound });

export const isUuid = (value: string): boolean => z.uuid().safeParse(value).success;

/** The times the domain's status rules read. */
export const approvalTimes = (approval: ApprovalRecord) => ({
  approval_due_at: toIso(approval.approval_due_at),
  approved_at: toIso(approval.approved_at),
  cancelled_at: toIso(approval.cancelled_at),
  changes_requested_at: toIso(approval.changes_requested_at),
});

/** 409 unless the approval is still pending (Overdue is pending too). */
export const assertApprovalOpen = (approval: ApprovalRecord): void => {
  if (!isApprovalOpen(approvalTimes(approval))) {
    throw new AppError('conflict', { message: approvalMessages.notOpen });
  }
};

/** The employee as approvals name them (approved_by, cancelled_by); the web shows 'You' for its own user. */
const staffName = (actor: StaffActor): string =>
  `${actor.first_name} ${actor.last_name}`.trim() || actor.username;

/** Who answered an approval: an employee by full name, a client or partner by name. */
export const approverName = (actor: Actor): string =>
  actor.kind === 'staff' ? staffName(actor) : actorReference(actor);

/**
 * The approval by its uid, locked for the rest of the transaction. Every approval write takes the
 * collection, then the case, then the approval — the order of the case actions — so an approval write
 * and a case action on the same case queue instead of deadlocking. A uid that cannot exist is 404 too.
 */
export const lockApproval = async (tx: Tx, rawUid: string): Promise<LockedApproval> => {
  if (!isUuid(rawUid)) throw approvalNotFound();
  // An approval never changes case, so its case may be read before the locks.
  const [owner] = await tx
    .select({ case_id: cases.case_id })
    .from(approvals)
    .innerJoin(cases, eq(cases.uid, approvals.case_uid))
    .where(eq(approvals.uid, rawUid))
    .limit(1);
  if (!owner) throw approvalNotFound();
  const actionCase = await loadActionCase(tx, owner.case_id);
  const [row] = await tx
    .select({
      approval: approvals,
      type: {
        code: approval_types.code,
        name: approval_types.name,
        voids_warranty: approval_types.voids_warranty,
      },
    })
    .from(approvals)
    .innerJoin(approval_types, eq(approval_types.code, approvals.approval_type))
    .where(eq(approvals.uid, rawUid))
    .limit(1)
    .for('update', { of: approvals });
  if (!row) throw approvalNotFound();
  return { ...row, actionCase };
};

export type ApprovalAuditAction = AuditActions['approval'];

/**
 * Every approval write ends here, in its transaction: the audit_events row (entity 'approval'), and the
 * collection-changed event that makes open pages of the collection refresh (delivered on commit).
 */
export const recordApprovalChange = async (
  tx: Tx,
  entry: {
    approvalUid: string;
    actionCase: ActionCase;
    action: ApprovalAuditAction;
    actor: Actor;
    now: Date;
    changes: Record<string, unknown>;
  },
): Promise<void> => {
  await writeAuditEvent(tx, {
    entity: 'approval',
    entityId: entry.approvalUid,
    action: entry.action,
    collectionUid: entry.actionCase.collection.uid,
    caseUid: entry.actionCase.row.uid,
    changes: entry.changes,
    actor: entry.actor,
    at: entry.now,
  });
  await publishCollectionChanged(tx, entry.actionCase.collection.uid);
};
