import type { z } from 'zod';
import type { StockOnHand, StockParams, stockAdjustmentSchema } from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { writeAuditEvent } from '../../audit/write-audit-event';
import { inTransaction, type Db } from '../../db/client';
import { findStockPlace, lockStockRow, requireWarehouse, stockEntityId, writeStock } from './stock-records';

// PATCH /api/v2/components/{branch}/{component code}/soh/ (WAREHOUSE or admin): books a delivery in or
// writes parts off by `adjustment` (a change, not a count, so two people adjusting at once both count),
// and/or moves the part's shelf. One transaction with its audit row; answers the stock as GET does.

export const adjustStock = (
  db: Db,
  options: {
    params: StockParams;
    body: z.output<typeof stockAdjustmentSchema>;
    actor: StaffActor;
    now?: Date;
  },
): Promise<StockOnHand> => {
  requireWarehouse(options.actor);
  return inTransaction(db, async (tx) => {
    const { body, actor } = options;
    const place = await findStockPlace(tx, options.params);
    const before = await lockStockRow(tx, place);
    const quantity = before.quantity_on_hand + (body.adjustment ?? 0);
    const location = body.location === undefined ? before.location : body.location;
    const after = await writeStock(
      tx,
      place,
      before,
      { quantity_on_hand: quantity, location },
      { kind: 'adjust', by: actor, at: options.now ?? new Date(), reason: body.reason },
    );
    const changes: Record<string, unknown> = { reason: body.reason };
    if (after.quantity_on_hand !== before.quantity_on_hand)
      changes['quantity_on_hand'] = { old: before.quantity_on_hand, new: after.quantity_on_hand };
    if (after.location !== before.location)
      changes['location'] = { old: before.location, new: after.location };
    await writeAuditEvent(tx, {
      entity: 'component_stock',
      entityId: stockEntityId(place),
      action: 'adjusted',
      collectionUid: null,
      caseUid: null,
      changes,
      actor,
      ...(options.now ? { at: options.now } : {}),
    });
    return after;
  });
};
