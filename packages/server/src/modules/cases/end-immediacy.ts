import { answerCase, type CaseActionHandler } from './action-types';
import { recordChange, saveCaseChanges, type CaseChanges } from './save-case-changes';

/** end_immediacy: stops the countdown; ending one that is not running changes nothing. */
export const endImmediacy: CaseActionHandler<'end_immediacy'> = async (tx, { actionCase, actor, now }) => {
  const { row } = actionCase;
  if (row.immediacy_due !== null) {
    const changes: CaseChanges = {};
    recordChange(changes, 'immediacy_due', row.immediacy_due, null);
    await saveCaseChanges(tx, { actionCase, actor, now, changes, set: { immediacy_due: null } });
  }
  return answerCase(row.uid);
};
