import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { implants, pick_items, picking_slips, screws, tibases } from '../../db/schema/index';
import { findComponentLines } from '../collections/case-queries';
import { answerCase, type CaseActionHandler } from './action-types';
import { recordChange, saveCaseChanges, type CaseChanges } from './save-case-changes';

type PickItem = {
  component_id: number | null;
  code: string;
  quantity: number;
  type: string;
  description: string;
};

const lineKinds = ['attachment', 'analog', 'generic'];

/** The case's attachment, analog and generic lines, one pick item each, grouped by kind for the picker. */
const findLineItems = async (tx: Tx, caseUid: string): Promise<PickItem[]> => {
  const lines = await findComponentLines(tx, [caseUid]);
  return lines
    .map((line) => ({
      component_id: line.component_id,
      code: line.code,
      quantity: line.quantity,
      type: line.kind,
      description: line.name,
    }))
    .sort((a, b) => lineKinds.indexOf(a.type) - lineKinds.indexOf(b.type));
};

/** One pick item per screw and per ti-base used by the live implants, counted. */
const findImplantPartItems = async (tx: Tx, caseUid: string): Promise<PickItem[]> => {
  const rows = await tx
    .select({
      screw: { component_id: screws.component_id, code: screws.code, name: screws.name },
      tibase: { component_id: tibases.component_id, code: tibases.code, name: tibases.name },
    })
    .from(implants)
    .leftJoin(screws, eq(screws.id, implants.screw_id))
    .leftJoin(tibases, eq(tibases.id, implants.tibase_id))
    .where(and(eq(implants.case_uid, caseUid), isNull(implants.deleted_at)))
    .orderBy(asc(implants.tooth));
  const items = new Map<string, PickItem>();
  const count = (type: string, part: { component_id: number | null; code: string; name: string } | null) => {
    if (!part) return;
    const key = `${type}:${part.code}`;
    const item = items.get(key);
    if (item) item.quantity += 1;
    else
      items.set(key, {
        component_id: part.component_id,
        code: part.code,
        quantity: 1,
        type,
        description: part.name,
      });
  };
  for (const row of rows) {
    count('screw', row.screw);
    count('tibase', row.tibase);
  }
  return [...items.values()];
};

/**
 * picking_slip: a new request to the warehouse. Its items are a snapshot of what the case needs now (its
 * component lines and its implants' screws and ti-bases), so later edits do not change a slip in hand.
 * A case that needs nothing still gets its slip; the card then shows 'No Components Requested'.
 */
export const requestPickingSlip: CaseActionHandler<'picking_slip'> = async (
  tx,
  { actionCase, actor, now },
) => {
  const { row } = actionCase;
  const [slip] = await tx
    .insert(picking_slips)
    .values({ case_uid: row.uid, requested_at: now, requested_by_id: actor.id })
    .returning({ id: picking_slips.id });
  if (!slip) throw new Error('picking slip insert returned no row');
  const items = [...(await findLineItems(tx, row.uid)), ...(await findImplantPartItems(tx, row.uid))];
  if (items.length > 0) {
    await tx.insert(pick_items).values(items.map((item) => ({ ...item, picking_slip_id: slip.id })));
  }
  const changes: CaseChanges = {};
  recordChange(changes, 'picking_slip', null, slip.id);
  await saveCaseChanges(tx, { actionCase, actor, now, changes, set: {} });
  return answerCase(row.uid);
};
