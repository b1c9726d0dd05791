import { AppError, outsourceMessages } from '@lab/domain';
import type { Tx } from '../../db/client';
import {
  findStatusOfParent,
  planStatusChange,
  type ActionInput,
  type StatusChangePlan,
} from '../cases/kernel';

// Starting an outsource job puts the case in Design Outsourced (domain-decisions 'Outsourcing'). A case
// in design moves there at once; one in another stage only after the user confirmed (move_to_design),
// else 409 with the question the tab asks. A dispatched or cancelled case takes no new job.

export const designOutsourcedStatusName = 'Design Outsourced';

export const planMoveToDesignOutsourced = async (
  tx: Tx,
  input: ActionInput<{ move_to_design?: boolean | undefined }>,
): Promise<StatusChangePlan> => {
  const { actionCase, actor, now, body, events } = input;
  const { row, status } = actionCase;
  if (row.dispatched || row.cancelled) {
    throw new AppError('conflict', { message: outsourceMessages.caseNotActive });
  }
  if (status.name === designOutsourcedStatusName) return { set: {}, changes: {} };
  if (!row.in_design && body.move_to_design !== true) {
    throw new AppError('conflict', { message: outsourceMessages.notInDesign });
  }
  const to = await findStatusOfParent(tx, 'IN DESIGN', designOutsourcedStatusName);
  if (!to || to.name !== designOutsourcedStatusName) {
    throw new AppError('conflict', { message: outsourceMessages.noDesignOutsourcedStatus });
  }
  // Leaving production for outsourced design takes the case out of its machine project: the user
  // confirmed the move.
  return planStatusChange(tx, { actionCase, to, actor, now, force: true, events });
};
