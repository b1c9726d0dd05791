import { AppError, caseActionMessages } from '@lab/domain';
import { answerCase, type CaseActionHandler } from './action-types';
import { findStatusOfParent } from './load-action-case';
import { planStatusChange } from './plan-status-change';
import { saveCaseChanges } from './save-case-changes';

/**
 * mark_as_done: a virtual component (nothing physical to ship) is finished: status Dispatched with
 * date_dispatched now, and (as every dispatch) it goes onto the collection's open invoice. It cannot be undone. A
 * virtual case is never milled, so a machine project it sits in is left without asking.
 */
export const markAsDone: CaseActionHandler<'mark_as_done'> = async (
  tx,
  { actionCase, actor, now, events },
) => {
  const { row } = actionCase;
  if (!row.virtual_product || row.dispatched || row.cancelled) {
    throw new AppError('conflict', { message: caseActionMessages.notActiveVirtual });
  }
  const dispatched = await findStatusOfParent(tx, 'DISPATCHED', 'Dispatched');
  if (!dispatched) throw new AppError('conflict', { message: caseActionMessages.noDispatchedStatus });
  const { set, changes } = await planStatusChange(tx, {
    actionCase,
    to: dispatched,
    actor,
    now,
    force: true,
    events,
  });
  await saveCaseChanges(tx, { actionCase, actor, now, set, changes, recompute: true });
  return answerCase(row.uid);
};
