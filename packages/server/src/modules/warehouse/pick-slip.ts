import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  AppError,
  stockMessages,
  toIso,
  type PickedSlipAnswer,
  type pickingSlipPickedSchema,
} from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { writeAuditEvent } from '../../audit/write-audit-event';
import { inTransaction, type Db, type Tx } from '../../db/client';
import { branches, cases, collections, pick_items, picking_slips } from '../../db/schema/index';
import { publishCollectionChanged } from '../../realtime/events';
import { writeCaseAuditRow } from '../cases/kernel';
import { derivePickLots } from './pick-lots';
import { lockStockRows, requireWarehouse, stockEntityId, writeStock } from './stock-records';

// POST /api/v2/picking_slips/{id}/picked/ (WAREHOUSE or admin): the warehouse picked a case's slip. Stamps
// who and when with the lot numbers, and takes every part of the slip out of the stock of the case's
// fulfillment branch (stock may go below 0: the parts are in the box, the count catches up later). One
// transaction: the slip, the stock rows, their audit rows, the case audit row and the collection event.

const slipNotFound = () => new AppError('not_found', { message: stockMessages.pickingSlipNotFound });

const parseSlipId = (raw: string): number => {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw slipNotFound();
  return id;
};

type SlipPlace = {
  id: number;
  caseUid: string;
  collectionUid: string;
  branchId: number | null;
  branchCode: string | null;
  pickedAt: Date | null;
};

/** Locks as the case actions do (collection, then case), then the slip itself. */
const lockSlip = async (tx: Tx, slipId: number): Promise<SlipPlace> => {
  const [found] = await tx
    .select({ caseUid: picking_slips.case_uid, collectionUid: cases.collection_uid })
    .from(picking_slips)
    .innerJoin(cases, eq(cases.uid, picking_slips.case_uid))
    .where(eq(picking_slips.id, slipId))
    .limit(1);
  if (!found) throw slipNotFound();
  const [collection] = await tx
    .select({ branchId: collections.fulfillment_branch_id, branchCode: branches.code })
    .from(collections)
    .leftJoin(branches, eq(branches.id, collections.fulfillment_branch_id))
    .where(eq(collections.uid, found.collectionUid))
    .for('no key update', { of: collections });
  await tx.select({ uid: cases.uid }).from(cases).where(eq(cases.uid, found.caseUid)).for('update');
  const [slip] = await tx
    .select({ pickedAt: picking_slips.picked_at })
    .from(picking_slips)
    .where(eq(picking_slips.id, slipId))
    .for('update');
  if (!slip || !collection) throw slipNotFound();
  return {
    id: slipId,
    ...found,
    branchId: collection.branchId,
    branchCode: collection.branchCode,
    pickedAt: slip.pickedAt,
  };
};

/** The slip's parts by stocked part, quantities summed (a part may be on two lines). */
const findSlipParts = async (tx: Tx, slipId: number) => {
  const items = await tx
    .select({ componentId: pick_items.component_id, code: pick_items.code, quantity: pick_items.quantity })
    .from(pick_items)
    .where(eq(pick_items.picking_slip_id, slipId))
    .orderBy(asc(pick_items.id));
  const parts = new Map<number, { code: string; quantity: number }>();
  for (const item of items) {
    // A line whose part was deleted from the catalogue has no stock to take.
    if (item.componentId === null) continue;
    const part = parts.get(item.componentId);
    if (part) part.quantity += item.quantity;
    else parts.set(item.componentId, { code: item.code, quantity: item.quantity });
  }
  return parts;
};

const pickerName = (actor: StaffActor): string =>
  `${actor.first_name} ${actor.last_name}`.trim() || actor.username;

export const pickSlip = (
  db: Db,
  options: {
    rawSlipId: string;
    body: z.output<typeof pickingSlipPickedSchema>;
    actor: StaffActor;
    now?: Date;
  },
): Promise<PickedSlipAnswer> => {
  requireWarehouse(options.actor);
  return inTransaction(db, async (tx) => {
    const { actor, body } = options;
    const now = options.now ?? new Date();
    const slip = await lockSlip(tx, parseSlipId(options.rawSlipId));
    if (slip.pickedAt) throw new AppError('conflict', { message: stockMessages.alreadyPicked });
    if (slip.branchId === null || slip.branchCode === null) {
      throw new AppError('conflict', { message: stockMessages.noFulfillmentBranch });
    }
    const place = { branchId: slip.branchId, branchCode: slip.branchCode };
    const parts = await findSlipParts(tx, slip.id);
    const locked = await lockStockRows(tx, place.branchId, [...parts.keys()]);
    const stock: PickedSlipAnswer['stock'] = [];
    for (const [componentId, part] of parts) {
      const before = locked.get(componentId);
      if (!before) throw new Error('a stock row was not created before its lock');
      const after = await writeStock(
        tx,
        { branchId: place.branchId, componentId },
        before,
        { quantity_on_hand: before.quantity_on_hand - part.quantity },
        { kind: 'pick', by: actor, at: now, pickingSlipId: slip.id, caseUid: slip.caseUid },
      );
      stock.push({
        code: part.code,
        quantity_picked: part.quantity,
        quantity_on_hand: after.quantity_on_hand,
      });
      await writeAuditEvent(tx, {
        entity: 'component_stock',
        entityId: stockEntityId({ code: part.code, branchCode: place.branchCode }),
        action: 'picked',
        collectionUid: slip.collectionUid,
        caseUid: slip.caseUid,
        changes: {
          picking_slip: slip.id,
          quantity_on_hand: { old: before.quantity_on_hand, new: after.quantity_on_hand },
        },
        actor,
        at: now,
      });
    }
    await tx
      .update(picking_slips)
      .set({ picked_at: now, picked_by_id: actor.id, lot_numbers: body.lot_numbers })
      .where(eq(picking_slips.id, slip.id));
    // Which lot went to which line, for a recall.
    await derivePickLots(tx, [slip.id]);
    await writeAuditEvent(tx, {
      entity: 'picking_slip',
      entityId: slip.id,
      action: 'picked',
      collectionUid: slip.collectionUid,
      caseUid: slip.caseUid,
      changes: { picked_at: { old: null, new: now.toISOString() }, lot_numbers: body.lot_numbers, stock },
      actor,
      at: now,
    });
    await writeCaseAuditRow(tx, {
      caseUid: slip.caseUid,
      actor,
      now,
      changes: { [`picking slip ${slip.id}`]: { old: 'Requested', new: 'Picked' } },
    });
    await tx
      .update(collections)
      .set({ updated_at: sql`now()` })
      .where(eq(collections.uid, slip.collectionUid));
    await publishCollectionChanged(tx, slip.collectionUid);
    return {
      id: slip.id,
      picked_at: toIso(now),
      picked_by: pickerName(actor),
      lot_numbers: body.lot_numbers,
      stock,
    };
  });
};
