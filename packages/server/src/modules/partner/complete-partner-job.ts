import { eq } from 'drizzle-orm';
import { AppError, partnerTexts, type PartnerJob } from '@lab/domain';
import type { PartnerActor } from '../../auth/actor';
import { writeAuditEvent } from '../../audit/write-audit-event';
import { inTransaction, type Db } from '../../db/client';
import { outsources } from '../../db/schema/index';
import { saveCaseChanges } from '../cases/kernel';
import { jobStatusOf, loadPartnerJob } from './load-partner-job';
import { lockWritableJob, notifyCaseDepartment } from './lock-partner-job';

// POST /api/v2/partner/{outsource_key}/complete/: the partner says the work is done. The job's
// marked_as_completed is stamped once (its status becomes Review, for the lab to check and end it); a
// second call is 409. With the audit rows, the collection-changed event and the department's notification.

export const completePartnerJob = async (db: Db, partner: PartnerActor): Promise<PartnerJob> => {
  await inTransaction(db, async (tx) => {
    const locked = await lockWritableJob(tx, partner);
    const { job, actionCase } = locked;
    if (job.marked_as_completed) {
      throw new AppError('conflict', { message: partnerTexts.alreadyCompleted });
    }
    const now = new Date();
    await tx.update(outsources).set({ marked_as_completed: now }).where(eq(outsources.uid, job.uid));
    const before = jobStatusOf(job);
    const after = jobStatusOf({ ...job, marked_as_completed: now });
    await writeAuditEvent(tx, {
      entity: 'outsource',
      entityId: job.uid,
      action: 'marked_completed',
      collectionUid: job.collection_uid,
      caseUid: job.case_uid,
      changes: {
        marked_as_completed: { old: null, new: now.toISOString() },
        status: { old: before, new: after },
      },
      actor: partner,
      at: now,
    });
    // The case's Audit tab names the job by its partner, as approvals are named by their type.
    await saveCaseChanges(tx, {
      actionCase,
      actor: partner,
      now,
      set: {},
      changes: {
        outsources: { old: `${partner.partnerName}: ${before}`, new: `${partner.partnerName}: ${after}` },
      },
    });
    await notifyCaseDepartment(tx, locked, {
      partner,
      note: `${partner.partnerName} marked the job on ${job.case_mkey} completed; please review it`,
      messageUid: null,
    });
  });
  return loadPartnerJob(db, partner);
};
