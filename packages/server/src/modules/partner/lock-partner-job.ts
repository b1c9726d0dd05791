import { eq, sql } from 'drizzle-orm';
import { AppError, partnerTexts } from '@lab/domain';
import type { PartnerActor } from '../../auth/actor';
import type { Tx } from '../../db/client';
import { collections, outsources } from '../../db/schema/index';
import { publishCollectionChanged } from '../../realtime/events';
import { loadActionCase, type ActionCase } from '../cases/kernel';
import { notifyCaseDepartment as notifyDepartmentOfCase } from '../notifications/notify-case-department';
import { findPartnerJobRow, type PartnerJobRow } from './partner-job-row';

// What every partner write shares: the job locked the way the lab's own writes lock (collection → case →
// job, so a partner's write queues behind a case action instead of deadlocking with it), the read-only
// rule for an ended job, and the lab being told.

export type LockedPartnerJob = {
  job: PartnerJobRow;
  actionCase: ActionCase;
};

export const jobEnded = (): AppError => new AppError('conflict', { message: partnerTexts.jobEnded });

/** The job, locked for the rest of the transaction; 409 once the lab has ended it. */
export const lockWritableJob = async (tx: Tx, partner: PartnerActor): Promise<LockedPartnerJob> => {
  const owner = await findPartnerJobRow(tx, partner);
  const actionCase = await loadActionCase(tx, owner.case_id);
  await tx
    .select({ uid: outsources.uid })
    .from(outsources)
    .where(eq(outsources.uid, owner.uid))
    .for('update');
  // Read again under the lock: the lab may have ended the job since the first read.
  const job = await findPartnerJobRow(tx, partner);
  if (job.end) throw jobEnded();
  return { job, actionCase };
};

/** The case's department hears of the partner's message, returned files and completion. */
export const notifyCaseDepartment = (
  tx: Tx,
  locked: LockedPartnerJob,
  notice: { partner: PartnerActor; note: string; messageUid: string | null },
): Promise<void> =>
  notifyDepartmentOfCase(tx, {
    caseUid: locked.actionCase.row.uid,
    collectionUid: locked.actionCase.collection.uid,
    department: locked.actionCase.row.department,
    branchId: locked.actionCase.collection.fulfillment_branch_id,
    note: notice.note,
    authorReference: notice.partner.partnerName,
    messageUid: notice.messageUid,
    informational: true,
  });

/** Open staff pages of the collection refetch (delivered on commit), as after any message. */
export const announceCollectionChange = async (tx: Tx, collectionUid: string): Promise<void> => {
  await tx
    .update(collections)
    .set({ updated_at: sql`now()` })
    .where(eq(collections.uid, collectionUid));
  await publishCollectionChanged(tx, collectionUid);
};
