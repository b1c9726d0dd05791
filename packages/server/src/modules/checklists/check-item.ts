import type { CaseChecklist, ChecklistItemUpdate } from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { inTransaction, type Db } from '../../db/client';
import {
  loadChecklistItem,
  lockChecklistCase,
  presentCaseChecklist,
  writeItemState,
} from './checklist-records';

// POST api/v2/checklists/{caseUid}/ {item_id, done, not_required}: ticks an item Done or Not Required
// (the body's schema refuses both with 400), or clears it when both are false. Answers the checklist.

export const checkItem = (
  db: Db,
  options: { rawCaseUid: string; body: ChecklistItemUpdate; actor: StaffActor; now?: Date },
): Promise<CaseChecklist> =>
  inTransaction(db, async (tx) => {
    const { body, actor } = options;
    const found = await lockChecklistCase(tx, options.rawCaseUid);
    const item = await loadChecklistItem(tx, found.uid, body.item_id);
    const state = { done: body.done, not_required: body.not_required };
    await writeItemState(tx, { found, item, state, actor, now: options.now ?? new Date() });
    return presentCaseChecklist(tx, found);
  });
