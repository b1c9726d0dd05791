import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  AppError,
  checklistItemRefusal,
  checklistMessages,
  toIso,
  type CaseChecklist,
  type Department,
} from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { writeAuditEvent } from '../../audit/write-audit-event';
import type { Queryable, Tx } from '../../db/client';
import { cases, checklist_items, collections, job_types } from '../../db/schema/index';
import { publishCollectionChanged } from '../../realtime/events';
import { writeCaseAuditRow } from '../cases/kernel';

// What the checklist calls share: finding (and locking) the case, reading its list as the wire shows it,
// and the one write every tick and untick goes through, with its audit rows and the collection event.

export type ChecklistCase = { uid: string; case_mkey: string; job_type: string; collection_uid: string };
export type ChecklistItemRow = typeof checklist_items.$inferSelect;
export type ItemState = { done: boolean; not_required: boolean };

const uuidText = z.guid();

const caseNotFound = () => new AppError('not_found', { message: checklistMessages.caseNotFound });
const itemNotFound = () => new AppError('not_found', { message: checklistMessages.itemNotFound });

/** A uid that cannot name a case is answered like an unknown one. */
const parseCaseUid = (rawUid: string): string => {
  const parsed = uuidText.safeParse(rawUid);
  if (!parsed.success) throw caseNotFound();
  return parsed.data.toLowerCase();
};

/** An id in the path that cannot name an item is answered like another case's item. */
export const parseItemId = (raw: string | number): number => {
  const id = typeof raw === 'number' ? raw : /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw itemNotFound();
  return id;
};

export const findChecklistCase = async (q: Queryable, rawUid: string): Promise<ChecklistCase> => {
  const [row] = await q
    .select({
      uid: cases.uid,
      case_mkey: cases.case_mkey,
      job_type: job_types.name,
      collection_uid: cases.collection_uid,
    })
    .from(cases)
    .innerJoin(job_types, eq(job_types.id, cases.job_type_id))
    .where(eq(cases.uid, parseCaseUid(rawUid)))
    .limit(1);
  if (!row) throw caseNotFound();
  return row;
};

/**
 * The case, with its collection and then the case row locked as the case actions lock them: a tick and a
 * move to dispatch of the same case run one after the other, so the checklist gate reads what is true.
 */
export const lockChecklistCase = async (tx: Tx, rawUid: string): Promise<ChecklistCase> => {
  const found = await findChecklistCase(tx, rawUid);
  await tx
    .select({ uid: collections.uid })
    .from(collections)
    .where(eq(collections.uid, found.collection_uid))
    .for('no key update');
  await tx.select({ uid: cases.uid }).from(cases).where(eq(cases.uid, found.uid)).for('update');
  return found;
};

/** The item, only when it belongs to the case (another case's item is not found). */
export const loadChecklistItem = async (
  tx: Tx,
  caseUid: string,
  itemId: number,
): Promise<ChecklistItemRow> => {
  const [row] = await tx
    .select()
    .from(checklist_items)
    .where(and(eq(checklist_items.id, itemId), eq(checklist_items.case_uid, caseUid)))
    .limit(1)
    .for('update');
  if (!row) throw itemNotFound();
  return row;
};

export const presentCaseChecklist = async (q: Queryable, found: ChecklistCase): Promise<CaseChecklist> => {
  const rows = await q
    .select()
    .from(checklist_items)
    .where(eq(checklist_items.case_uid, found.uid))
    .orderBy(asc(checklist_items.sort), asc(checklist_items.id));
  // Keys in the schema's order: the GET answer is serialised as built (http/polled-answer.ts).
  return {
    checklist: rows.map((row) => ({
      id: row.id,
      name: row.name,
      department: row.department,
      checked_at: toIso(row.checked_at),
      checked_by_name: row.checked_by_name,
      done: row.done,
      not_required: row.not_required,
      mandatory: row.mandatory,
    })),
    case_mkey: found.case_mkey,
    job_type: found.job_type,
  };
};

const stateText = (state: ItemState): string =>
  state.done ? 'Done' : state.not_required ? 'Not Required' : 'Open';

/** The name the list shows for who ticked an item: the employee's full name, else the username. */
const checkerName = (actor: StaffActor): string =>
  `${actor.first_name} ${actor.last_name}`.trim() || actor.username;

/**
 * Sets the item's state: a tick stamps who and when, a clear removes the stamp. The same state again
 * writes nothing (a double click, two people ticking at once). Audit: an audit_events row of the item and
 * a case audit row, so the case's Audit tab shows it; open pages of the collection refetch.
 */
export const writeItemState = async (
  tx: Tx,
  options: { found: ChecklistCase; item: ChecklistItemRow; state: ItemState; actor: StaffActor; now: Date },
): Promise<void> => {
  const { found, item, state, actor, now } = options;
  // Each department its own items: a polisher cannot tick the warehouse's way past the dispatch gate.
  const refusal = checklistItemRefusal(actor, item.department as Department);
  if (refusal) throw new AppError('forbidden', { message: refusal });
  if (item.done === state.done && item.not_required === state.not_required) return;
  const isChecked = state.done || state.not_required;
  const stamp = isChecked
    ? { checked_at: now, checked_by_id: actor.id, checked_by_name: checkerName(actor) }
    : { checked_at: null, checked_by_id: null, checked_by_name: null };
  await tx
    .update(checklist_items)
    .set({ done: state.done, not_required: state.not_required, ...stamp })
    .where(eq(checklist_items.id, item.id));
  const changes = {
    done: { old: item.done, new: state.done },
    not_required: { old: item.not_required, new: state.not_required },
  };
  await writeAuditEvent(tx, {
    entity: 'checklist_item',
    entityId: item.id,
    action: isChecked ? 'checked' : 'unchecked',
    collectionUid: found.collection_uid,
    caseUid: found.uid,
    changes: { name: item.name, department: item.department, ...changes },
    actor,
    at: now,
  });
  await writeCaseAuditRow(tx, {
    caseUid: found.uid,
    actor,
    now,
    changes: { [`checklist: ${item.name}`]: { old: stateText(item), new: stateText(state) } },
  });
  await tx
    .update(collections)
    .set({ updated_at: sql`now()` })
    .where(eq(collections.uid, found.collection_uid));
  await publishCollectionChanged(tx, found.collection_uid);
};
