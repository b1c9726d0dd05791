import type { CaseChecklist } from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { inTransaction, type Db } from '../../db/client';
import {
  loadChecklistItem,
  lockChecklistCase,
  parseItemId,
  presentCaseChecklist,
  writeItemState,
} from './checklist-records';

// DELETE api/v2/checklists/{caseUid}/{itemId}/: the item is open again (the web asked 'Are you sure you
// wish to uncheck?' first). Answers the checklist.

export const uncheckItem = (
  db: Db,
  options: { rawCaseUid: string; rawItemId: string; actor: StaffActor; now?: Date },
): Promise<CaseChecklist> =>
  inTransaction(db, async (tx) => {
    const itemId = parseItemId(options.rawItemId);
    const found = await lockChecklistCase(tx, options.rawCaseUid);
    const item = await loadChecklistItem(tx, found.uid, itemId);
    const state = { done: false, not_required: false };
    await writeItemState(tx, { found, item, state, actor: options.actor, now: options.now ?? new Date() });
    return presentCaseChecklist(tx, found);
  });
