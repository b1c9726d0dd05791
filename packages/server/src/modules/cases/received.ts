import { eq } from 'drizzle-orm';
import { AppError, caseActionMessages, caseFolderPath } from '@lab/domain';
import type { Tx } from '../../db/client';
import { branches, collections } from '../../db/schema/index';
import { enqueueJob } from '../../jobs/enqueue-job';
import { jobNames } from '../../jobs/job-names';
import { answerCase, type CaseActionHandler } from './action-types';
import { recordChange, saveCaseChanges, type CaseChanges } from './save-case-changes';

/** Where the case's files go on its branch's share, from the day it is received (the folder helpers). */
const folderPathOf = async (
  tx: Tx,
  actionCase: Parameters<CaseActionHandler<'received'>>[1]['actionCase'],
) => {
  const { row, collection } = actionCase;
  if (row.folder_path !== null || collection.fulfillment_branch_id === null) return row.folder_path;
  const [found] = await tx
    .select({ code: branches.code, isNew: collections.new_folder_structure })
    .from(collections)
    .innerJoin(branches, eq(branches.id, collection.fulfillment_branch_id))
    .where(eq(collections.uid, collection.uid))
    .limit(1);
  if (!found) return null;
  return caseFolderPath({
    branchCode: found.code,
    isNewFolderStructure: found.isNew,
    collectionId: collection.collection_id,
    caseMkey: row.case_mkey,
  });
};

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
  const folderPath = await folderPathOf(tx, actionCase);
  recordChange(changes, 'folder_path', row.folder_path, folderPath);
  await saveCaseChanges(tx, {
    actionCase,
    actor,
    now,
    changes,
    set: { date_received: now, check_in_user_id: row.check_in_user_id ?? actor.id, folder_path: folderPath },
  });
  // Queued in this transaction: the mail goes exactly when the receipt commits.
  if (body.send_email) await enqueueJob(tx, jobNames.caseReceivedEmail, { case_uid: row.uid });
  return answerCase(row.uid);
};
