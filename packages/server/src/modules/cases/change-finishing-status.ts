import { AppError, caseActionMessages, fieldError, type FinishingAction } from '@lab/domain';
import type { Tx } from '../../db/client';
import type { ActionInput } from './action-types';
import { assertChecklistsComplete } from '../checklists/checklist-gate';
import { recomputeCaseSchedules } from '../schedule/recompute-case-schedule';
import { findStatus, loadGroupedActionCases, type ActionCase, type StatusRecord } from './load-action-case';
import { planStatusChange } from './plan-status-change';
import { saveCaseChanges } from './save-case-changes';

// POST /api/v2/finishing/{case_id}/ change_status: the finishing department's status selector
// (case-workspace §4). Only finishing or dispatch-ready statuses, only while the case is in the lab. With
// grouped and a dispatch-ready status, the other cases of the group that are still active move too (the
// web listed them and asked the user to make sure every component is present). Every case that would
// move passes the checklist gate first (plan-status-change), the group as one.

const moveCase = async (
  tx: Tx,
  options: Pick<ActionInput<FinishingAction>, 'actor' | 'now' | 'events'> & {
    actionCase: ActionCase;
    to: StatusRecord;
  },
): Promise<void> => {
  // A grouped case still in production leaves its project: the user has confirmed the group is complete.
  const plan = await planStatusChange(tx, { ...options, force: true });
  await saveCaseChanges(tx, { ...options, ...plan });
};

export const changeFinishingStatus = async (
  tx: Tx,
  { actionCase, actor, now, body, events }: ActionInput<FinishingAction>,
): Promise<string> => {
  const { row } = actionCase;
  // in_lab is one of the six exclusive flags, so it also means neither dispatched nor cancelled.
  if (!row.in_lab) throw new AppError('conflict', { message: caseActionMessages.notInFinishing });
  const status = await findStatus(tx, body.status_id);
  if (!status?.is_active) throw fieldError('status_id', caseActionMessages.unknownStatus);
  if (!status.in_finishing && !status.dispatch_ready) {
    throw fieldError('status_id', caseActionMessages.notFinishingStatus);
  }
  const group =
    body.grouped && status.dispatch_ready
      ? (await loadGroupedActionCases(tx, actionCase)).filter(
          (grouped) => !grouped.row.dispatched && !grouped.row.cancelled,
        )
      : [];
  // One answer naming every open mandatory item of the cases that would move, before any of them does.
  if (group.length > 0) await assertChecklistsComplete(tx, [row.uid, ...group.map((g) => g.row.uid)]);
  await moveCase(tx, { actionCase, to: status, actor, now, events });
  const moved = [row.uid];
  for (const grouped of group) {
    await moveCase(tx, { actionCase: grouped, to: status, actor, now, events });
    moved.push(grouped.row.uid);
  }
  // Once for the whole group, after every move.
  await recomputeCaseSchedules(tx, moved);
  return row.uid;
};
