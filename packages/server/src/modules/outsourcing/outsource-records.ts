import { and, eq } from 'drizzle-orm';
import { AppError, fieldError, outsourceMessages, type OutsourceJobInput } from '@lab/domain';
import { writeAuditEvent } from '../../audit/write-audit-event';
import type { StaffActor } from '../../auth/actor';
import type { Queryable, Tx } from '../../db/client';
import { branches, outsources, partners } from '../../db/schema/index';
import type { ActionCase } from '../cases/kernel';

// The load and check steps the job actions share: the job of this case (locked), the partner and
// returning branch named by the form, and the job's audit row.

export type OutsourceRecord = typeof outsources.$inferSelect;
export type PartnerRecord = typeof partners.$inferSelect;

/** A job of this case by id, locked for the action; another case's job is as unknown as a missing one. */
export const loadCaseJob = async (
  tx: Tx,
  actionCase: ActionCase,
  outsourceId: number,
): Promise<OutsourceRecord> => {
  const [job] = await tx
    .select()
    .from(outsources)
    .where(and(eq(outsources.id, outsourceId), eq(outsources.case_uid, actionCase.row.uid)))
    .for('update');
  if (!job) {
    throw new AppError('not_found', {
      message: outsourceMessages.unknownOutsource,
      fields: { outsource_id: outsourceMessages.unknownOutsource },
    });
  }
  return job;
};

export const loadPartner = async (q: Queryable, partnerId: number): Promise<PartnerRecord> => {
  const [partner] = await q.select().from(partners).where(eq(partners.id, partnerId)).limit(1);
  if (!partner?.is_active) throw fieldError('partner_id', outsourceMessages.unknownPartner);
  return partner;
};

/** The form's partner (manual only: an integrated partner has its own form) and returning branch. */
export const resolveJobForm = async (
  q: Queryable,
  form: OutsourceJobInput,
): Promise<{ partner: PartnerRecord; returningBranchId: number | null }> => {
  if (form.partner_id == null) throw fieldError('partner_id', outsourceMessages.mustBeSelected);
  const partner = await loadPartner(q, form.partner_id);
  if (partner.adapter_type !== null) {
    throw fieldError('partner_id', outsourceMessages.integratedPartnerManually);
  }
  // Only a physical job comes back to a branch.
  if (form.job_type !== 'physical') return { partner, returningBranchId: null };
  const branchId = form.returning_branch_id ?? null;
  if (branchId === null) throw fieldError('returning_branch_id', outsourceMessages.mustBeSelected);
  const [branch] = await q
    .select({ id: branches.id })
    .from(branches)
    .where(eq(branches.id, branchId))
    .limit(1);
  if (!branch) throw fieldError('returning_branch_id', outsourceMessages.unknownBranch);
  return { partner, returningBranchId: branch.id };
};

/** 'Cannot be in the past' is the server's clock's call, not the browser's. */
export const assertDueInFuture = (dueTime: string, now: Date): Date => {
  const due = new Date(dueTime);
  if (due.getTime() <= now.getTime()) throw fieldError('due_time', outsourceMessages.cannotBeInPast);
  return due;
};

export type OutsourceAuditAction = 'planned' | 'started' | 'ended' | 'upload_queued';

export const writeOutsourceAudit = (
  tx: Tx,
  options: {
    job: { id: number; uid: string };
    actionCase: ActionCase;
    action: OutsourceAuditAction;
    changes: Record<string, unknown>;
    actor: StaffActor;
    now: Date;
  },
): Promise<void> =>
  writeAuditEvent(tx, {
    entity: 'outsource',
    entityId: options.job.uid,
    action: options.action,
    collectionUid: options.actionCase.collection.uid,
    caseUid: options.actionCase.row.uid,
    changes: options.changes,
    actor: options.actor,
    at: options.now,
  });
