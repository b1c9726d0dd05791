import { eq } from 'drizzle-orm';
import { AppError, outsourceMessages } from '@lab/domain';
import { collections, partners } from '../../db/schema/index';
import { publishCollectionChanged } from '../../realtime/events';
import { answerCase, type CaseActionHandler } from '../cases/kernel';
import { writeOutsourceMessage } from './outsource-message';
import { loadCaseJob } from './outsource-records';

/** send_outsource_message: an OUTSOURCE_MESSAGE to the partner of an open job (its page shows it). */
export const sendOutsourceMessage: CaseActionHandler<'send_outsource_message'> = async (tx, input) => {
  const { actionCase, actor, now, body } = input;
  const job = await loadCaseJob(tx, actionCase, body.outsource_id);
  if (job.end) throw new AppError('conflict', { message: outsourceMessages.alreadyEnded });
  const [partner] = await tx
    .select({ name: partners.name })
    .from(partners)
    .where(eq(partners.id, job.partner_id))
    .limit(1);
  await writeOutsourceMessage(tx, {
    job: { uid: job.uid, partnerName: partner?.name ?? '' },
    collectionUid: actionCase.collection.uid,
    caseUid: actionCase.row.uid,
    author: actor,
    note: body.message.trim(),
    now,
  });
  // The message changes no case field; open pages still refetch the collection's messages.
  await tx.update(collections).set({ updated_at: now }).where(eq(collections.uid, actionCase.collection.uid));
  await publishCollectionChanged(tx, actionCase.collection.uid);
  return answerCase(actionCase.row.uid);
};
