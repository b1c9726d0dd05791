import { eq } from 'drizzle-orm';
import { caseActionMessages, fieldError } from '@lab/domain';
import { cases } from '../../db/schema/index';
import { answerCase, type CaseActionHandler } from './action-types';
import { copyImplants, implantText, removeImplants } from './copy-implants';
import { recordChange, saveCaseChanges, type CaseChanges } from './save-case-changes';

/**
 * clone_implants: this case's implants are replaced by copies of another component's of the same
 * collection (the web confirms the removal first). target_case_id is that component's legacy case id.
 */
export const cloneImplants: CaseActionHandler<'clone_implants'> = async (
  tx,
  { actionCase, actor, now, body },
) => {
  const { row } = actionCase;
  const [source] = await tx
    .select({ uid: cases.uid, collection_uid: cases.collection_uid, case_mkey: cases.case_mkey })
    .from(cases)
    .where(eq(cases.case_id, body.target_case_id))
    .limit(1);
  if (source?.uid === row.uid) throw fieldError('target_case_id', caseActionMessages.cloneSameCase);
  if (source?.collection_uid !== row.collection_uid) {
    throw fieldError('target_case_id', caseActionMessages.cloneOtherCollection);
  }
  const removed = await removeImplants(tx, { caseUid: row.uid, actor, now });
  const created = await copyImplants(tx, { fromCaseUid: source.uid, toCaseUid: row.uid, actor, now });
  const changes: CaseChanges = {};
  recordChange(changes, 'implants_cloned_from', null, source.case_mkey);
  recordChange(changes, 'implants', removed.map(implantText), created.map(implantText));
  await saveCaseChanges(tx, { actionCase, actor, now, changes, set: {} });
  return answerCase(row.uid);
};
