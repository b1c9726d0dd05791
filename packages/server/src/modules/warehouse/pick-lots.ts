import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { lotsOfPickedLines } from '@lab/domain';
import { inTransaction, type Db, type Queryable } from '../../db/client';
import { collections, cases, pick_items, pick_lots, picking_slips, stock_lots } from '../../db/schema/index';

// The lots of picked slips placed on their lines (domain rules/stock/pick-lots.ts), as pick_lots rows a
// recall reads by lot: written as a slip is picked, and for slips picked before (or seeded) by the
// warehouse's job, a batch at a time. Each row is tied to the received lot of its part at the slip's branch
// when one has that number.

const batchSize = 1_000;

/** Places the lots of these picked slips on their lines and marks the slips done. */
export const derivePickLots = async (q: Queryable, slipIds: readonly number[]): Promise<number> => {
  if (slipIds.length === 0) return 0;
  const slips = await q
    .select({
      id: picking_slips.id,
      caseUid: picking_slips.case_uid,
      lotNumbers: picking_slips.lot_numbers,
      branchId: collections.fulfillment_branch_id,
    })
    .from(picking_slips)
    .innerJoin(cases, eq(cases.uid, picking_slips.case_uid))
    .innerJoin(collections, eq(collections.uid, cases.collection_uid))
    .where(and(inArray(picking_slips.id, [...slipIds]), isNotNull(picking_slips.picked_at)));
  const items = await q
    .select({
      id: pick_items.id,
      slipId: pick_items.picking_slip_id,
      componentId: pick_items.component_id,
      code: pick_items.code,
      type: pick_items.type,
    })
    .from(pick_items)
    .where(inArray(pick_items.picking_slip_id, [...slipIds]))
    .orderBy(asc(pick_items.picking_slip_id), asc(pick_items.id));
  const itemsBySlip = new Map<number, typeof items>();
  for (const item of items) itemsBySlip.set(item.slipId, [...(itemsBySlip.get(item.slipId) ?? []), item]);
  const rows = slips.flatMap((slip) => {
    const lines = itemsBySlip.get(slip.id) ?? [];
    const lots = lotsOfPickedLines(lines, slip.lotNumbers);
    return lines.flatMap((line, index) =>
      (lots[index] ?? []).map((lot) => ({
        picking_slip_id: slip.id,
        pick_item_id: line.id,
        case_uid: slip.caseUid,
        code: line.code,
        lot,
        componentId: line.componentId,
        branchId: slip.branchId,
      })),
    );
  });
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    await q.insert(pick_lots).values(
      batch.map(({ componentId, branchId, ...row }) => ({
        ...row,
        // The received lot of the same part at the slip's branch, when there is one.
        stock_lot_id:
          componentId === null || branchId === null
            ? null
            : sql`(SELECT l.id FROM ${stock_lots} l WHERE l.component_id = ${componentId}
                   AND l.branch_id = ${branchId} AND l.lot = ${row.lot})`,
      })),
    );
  }
  await q
    .update(picking_slips)
    .set({ lots_derived: true })
    .where(inArray(picking_slips.id, [...slipIds]));
  return slips.length;
};

/** Derives the lots of picked slips still without them, a batch per transaction; answers how many. */
export const deriveMissingPickLots = async (
  db: Db,
  maxBatches = Number.POSITIVE_INFINITY,
): Promise<number> => {
  let done = 0;
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const derived = await inTransaction(db, async (tx) => {
      const pending = await tx
        .select({ id: picking_slips.id })
        .from(picking_slips)
        .where(sql`${picking_slips.picked_at} IS NOT NULL AND NOT ${picking_slips.lots_derived}`)
        .orderBy(asc(picking_slips.id))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      return derivePickLots(
        tx,
        pending.map((row) => row.id),
      );
    });
    if (derived === 0) break;
    done += derived;
  }
  return done;
};
