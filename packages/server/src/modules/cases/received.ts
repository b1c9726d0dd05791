import { AppError, caseActionMessages } from '@lab/domain';
import { enqueueJob } from '../../jobs/enqueue-job';
import { jobNames } from '../../jobs/job-names';
import { answerCase, type CaseActionHandler } from './action-types';
import { recordChange, saveCaseChanges, type CaseChanges } from './save-case-changes';

/**
 * received: the parts or impressions arrived. Set once (the button hides once date_received is set);
 * whoever presses it is the check-in user unless one is recorded already.
 */
export const markReceived: CaseActionHandler<'received'> = async (tx, { actionCase, actor, now, body }) => {
  const { row } = actionCase;
  if (row.date_received !== null) {
    throw new AppError('conflict', { message: caseActionMessages.alreadyReceived });
  }
  const changes: CaseChanges = {};
  recordChange(changes, 'date_received', null, now);
  await saveCaseChanges(tx, {
    actionCase,
    actor,
    now,
    changes,
    set: { date_received: now, check_in_user_id: row.check_in_user_id ?? actor.id },
  });
  // Queued in this transaction: the mail goes exactly when the receipt commits.
  if (body.send_email) await enqueueJob(tx, jobNames.caseReceivedEmail, { case_uid: row.uid });
  return answerCase(row.uid);
};
