import {
  AppError,
  gaugeMrpMessages,
  leftAfterTaking,
  type GaugeStockRow,
  type WriteOffStock,
} from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { writeAuditEvent } from '../../audit/write-audit-event';
import { inTransaction, type Db } from '../../db/client';
import { loadStockRow } from './stock-list';
import { findStockPlace, lockStockRow, stockEntityId, writeStock } from './stock-records';

// POST /api/v2/gauge_mrp/stock/write_off/ (Warehouse, admins): parts gone, with the reason. One that would
// leave less than nothing on hand is refused (409, saying what it leaves) until it comes back confirmed:
// the count is then known to be wrong and the write-off records that. Read under the row's lock, so two
// write-offs of the last units cannot both pass the check.

export const writeOffStock = (
  db: Db,
  options: { body: WriteOffStock; actor: StaffActor; now?: Date },
): Promise<GaugeStockRow> =>
  inTransaction(db, async (tx) => {
    const { body, actor } = options;
    const at = options.now ?? new Date();
    const place = await findStockPlace(tx, { branch: String(body.branch_id), code: body.code });
    const before = await lockStockRow(tx, place);
    const { left, isBelowZero } = leftAfterTaking(before.quantity_on_hand, body.quantity);
    if (isBelowZero && body.confirm_below_zero !== true) {
      throw new AppError('conflict', { message: gaugeMrpMessages.belowZero(left) });
    }
    const after = await writeStock(
      tx,
      place,
      before,
      { quantity_on_hand: left },
      { kind: 'write_off', by: actor, at, reason: body.reason },
    );
    await writeAuditEvent(tx, {
      entity: 'component_stock',
      entityId: stockEntityId(place),
      action: 'written_off',
      collectionUid: null,
      caseUid: null,
      changes: {
        quantity_on_hand: { old: before.quantity_on_hand, new: after.quantity_on_hand },
        reason: body.reason,
        ...(isBelowZero ? { confirmed_below_zero: true } : {}),
      },
      actor,
      at,
    });
    return loadStockRow(tx, place);
  });
