import { eq, sql } from 'drizzle-orm';
import { AppError, departments, partnerTexts, type Department } from '@lab/domain';
import type { PartnerActor } from '../../auth/actor';
import type { Tx } from '../../db/client';
import { collections, outsources } from '../../db/schema/index';
import { publishCollectionChanged } from '../../realtime/events';
import { loadActionCase, type ActionCase } from '../cases/kernel';
import { createNotifications, findAudienceIds } from '../notifications/create-notifications';
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

const isDepartment = (value: string | null): value is Department =>
  (departments as readonly (string | null)[]).includes(value);

/**
 * The case's department at the fulfillment branch hears of a partner's message, returned files and
 * completion (domain-decisions 'Outsourcing'). A case with no department (dispatched or cancelled while
 * the job ran) falls back to DESIGN, the department that outsources work.
 */
export const notifyCaseDepartment = async (
  tx: Tx,
  locked: LockedPartnerJob,
  notice: { partner: PartnerActor; note: string; messageUid: string | null },
): Promise<void> => {
  const { row, collection } = locked.actionCase;
  const department = isDepartment(row.department) ? row.department : 'DESIGN';
  const userIds = await findAudienceIds(
    tx,
    { userIds: [], department: { department, branchId: collection.fulfillment_branch_id } },
    null,
  );
  await createNotifications(tx, userIds, {
    message_uid: notice.messageUid,
    message_type: 'OUTSOURCE_MESSAGE',
    note: notice.note,
    author_reference: notice.partner.partnerName,
    case_uid: row.uid,
    case_collection_uid: collection.uid,
    informational: true,
  });
};

/** Open staff pages of the collection refetch (delivered on commit), as after any message. */
export const announceCollectionChange = async (tx: Tx, collectionUid: string): Promise<void> => {
  await tx
    .update(collections)
    .set({ updated_at: sql`now()` })
    .where(eq(collections.uid, collectionUid));
  await publishCollectionChanged(tx, collectionUid);
};
