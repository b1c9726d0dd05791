import { answerCase, type CaseActionHandler } from './action-types';
import { recordChange, saveCaseChanges, type CaseChanges } from './save-case-changes';

/** toggle_warranty: Valid ↔ Void (the web confirms first). */
export const toggleWarranty: CaseActionHandler<'toggle_warranty'> = async (
  tx,
  { actionCase, actor, now },
) => {
  const { row } = actionCase;
  const warrantyVoid = !row.warranty_void;
  const changes: CaseChanges = {};
  recordChange(changes, 'warranty_void', row.warranty_void, warrantyVoid);
  await saveCaseChanges(tx, { actionCase, actor, now, changes, set: { warranty_void: warrantyVoid } });
  return answerCase(row.uid);
};
