import { caseActionMessages, fieldError } from '@lab/domain';
import { answerCase, type CaseActionHandler } from './action-types';
import { recordChange, saveCaseChanges, type CaseChanges } from './save-case-changes';

/**
 * start_immediacy: the client sends now + the hours entered; a time already past would start a countdown
 * that is over before it begins. Starting again while one runs moves the deadline.
 */
export const startImmediacy: CaseActionHandler<'start_immediacy'> = async (
  tx,
  { actionCase, actor, now, body },
) => {
  const { row } = actionCase;
  const due = new Date(body.immediacy_due);
  if (due.getTime() <= now.getTime()) throw fieldError('immediacy_due', caseActionMessages.immediacyInPast);
  const changes: CaseChanges = {};
  recordChange(changes, 'immediacy_due', row.immediacy_due, due);
  await saveCaseChanges(tx, { actionCase, actor, now, changes, set: { immediacy_due: due } });
  return answerCase(row.uid);
};
