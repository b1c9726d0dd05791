import { answerCase, type CaseActionHandler } from './action-types';
import { recordChange, saveCaseChanges, type CaseChanges } from './save-case-changes';

/** edit_group_number: cases of a collection with the same number ship together; null leaves the group. */
export const editGroupNumber: CaseActionHandler<'edit_group_number'> = async (
  tx,
  { actionCase, actor, now, body },
) => {
  const { row } = actionCase;
  const changes: CaseChanges = {};
  recordChange(changes, 'group_number', row.group_number, body.group_number);
  if (Object.keys(changes).length > 0) {
    await saveCaseChanges(tx, { actionCase, actor, now, changes, set: { group_number: body.group_number } });
  }
  return answerCase(row.uid);
};
