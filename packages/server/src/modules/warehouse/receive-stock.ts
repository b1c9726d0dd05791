import { sql } from 'drizzle-orm';
import type { GaugeStockRow, ReceiveStock } from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { writeAuditEvent } from '../../audit/write-audit-event';
import { inTransaction, type Db, type Tx } from '../../db/client';
import { stock_lots } from '../../db/schema/index';
import { loadStockRow } from './stock-list';
import { findStockPlace, lockStockRow, stockEntityId, writeStock } from './stock-records';

// POST /api/v2/gauge_mrp/stock/receive/ (Warehouse, admins): a delivery of one part booked in with its lot
// (recorded once per part and branch; a second delivery of the lot keeps the first expiry unless it gives
// one). One transaction: the lot, the stock row, its ledger movement and the audit row.

const recordLot = async (
  tx: Tx,
  place: { componentId: number; branchId: number },
  body: ReceiveStock,
  at: Date,
) => {
  const [lot] = await tx
    .insert(stock_lots)
    .values({
      component_id: place.componentId,
      branch_id: place.branchId,
      lot: body.lot,
      expires_on: body.expires_on ?? null,
      received_at: at,
    })
    .onConflictDoUpdate({
      target: [stock_lots.component_id, stock_lots.branch_id, stock_lots.lot],
      set: {
        expires_on: sql`coalesce(excluded.expires_on, ${stock_lots.expires_on})`,
        received_at: sql`excluded.received_at`,
      },
    })
    .returning({ id: stock_lots.id });
  if (!lot) throw new Error('the lot upsert returned no row');
  return lot.id;
};

export const receiveStock = (
  db: Db,
  options: { body: ReceiveStock; actor: StaffActor; now?: Date },
): Promise<GaugeStockRow> =>
  inTransaction(db, async (tx) => {
    const { body, actor } = options;
    const at = options.now ?? new Date();
    const place = await findStockPlace(tx, { branch: String(body.branch_id), code: body.code });
    const before = await lockStockRow(tx, place);
    const lotId = await recordLot(tx, place, body, at);
    const after = await writeStock(
      tx,
      place,
      before,
      { quantity_on_hand: before.quantity_on_hand + body.quantity },
      { kind: 'receive', by: actor, at, lotId, supplierReference: body.supplier_reference ?? null },
    );
    await writeAuditEvent(tx, {
      entity: 'component_stock',
      entityId: stockEntityId(place),
      action: 'received',
      collectionUid: null,
      caseUid: null,
      changes: {
        quantity_on_hand: { old: before.quantity_on_hand, new: after.quantity_on_hand },
        lot: body.lot,
        expires_on: body.expires_on ?? null,
        supplier_reference: body.supplier_reference ?? null,
      },
      actor,
      at,
    });
    return loadStockRow(tx, place);
  });
