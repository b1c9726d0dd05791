import { AppError, partnerTexts, type PartnerMessage } from '@lab/domain';
import type { PartnerActor } from '../../auth/actor';
import { writeAuditEvent } from '../../audit/write-audit-event';
import { inTransaction, type Db } from '../../db/client';
import { messages } from '../../db/schema/index';
import { listPartnerMessages } from './load-partner-job';
import { announceCollectionChange, lockWritableJob, notifyCaseDepartment } from './lock-partner-job';

// POST /api/v2/partner/{outsource_key}/message/: the partner's message on its job, an INBOUND
// OUTSOURCE_MESSAGE (PARTNERS) of the job's case, written with its audit row, the department's
// notification and the collection-changed event. The author is the partner's name, never the body's.

export const postPartnerMessage = async (
  db: Db,
  options: { partner: PartnerActor; body: { message?: string | undefined } | undefined },
): Promise<PartnerMessage> => {
  const { partner } = options;
  const note = options.body?.message?.trim() ?? '';
  const uid = await inTransaction(db, async (tx) => {
    // An ended job refuses every write, a blank one included.
    const locked = await lockWritableJob(tx, partner);
    if (note === '') {
      throw new AppError('validation_failed', {
        message: partnerTexts.cannotBeBlank,
        fields: { message: partnerTexts.cannotBeBlank },
      });
    }
    const { job } = locked;
    const now = new Date();
    const [stored] = await tx
      .insert(messages)
      .values({
        case_collection_uid: job.collection_uid,
        case_uid: job.case_uid,
        outsource_uid: job.uid,
        message_type: 'OUTSOURCE_MESSAGE',
        visibility: 'PARTNERS',
        direction: 'INBOUND',
        author_reference: partner.partnerName,
        note,
        created_at: now,
      })
      .returning({ uid: messages.uid });
    if (!stored) throw new Error('the partner message was not stored');
    await writeAuditEvent(tx, {
      entity: 'message',
      entityId: stored.uid,
      action: 'created',
      collectionUid: job.collection_uid,
      caseUid: job.case_uid,
      changes: {
        message_type: 'OUTSOURCE_MESSAGE',
        visibility: 'PARTNERS',
        direction: 'INBOUND',
        outsource_uid: job.uid,
      },
      actor: partner,
      at: now,
    });
    await notifyCaseDepartment(tx, locked, { partner, note, messageUid: stored.uid });
    await announceCollectionChange(tx, job.collection_uid);
    return stored.uid;
  });
  const [answer] = await listPartnerMessages(db, partner.outsourceUid, uid);
  if (!answer) throw new Error('the posted message is missing');
  return answer;
};
