import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { AppError, stockMessages, type StockMovementKind, type StockOnHand } from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import type { Queryable, Tx } from '../../db/client';
import { branches, component_stock, components, stock_movements } from '../../db/schema/index';

// What the stock calls share: naming a branch and a part from the path, the warehouse check, and the
// one way a stock row is locked before it changes (created at 0 when the branch never held the part).

export type StockPlace = { branchId: number; branchCode: string; componentId: number; code: string };

const branchNotFound = () => new AppError('not_found', { message: stockMessages.branchNotFound });
const componentNotFound = () => new AppError('not_found', { message: stockMessages.componentNotFound });

/** A branch by id ('1') or code ('MEL', any case); the path's schema already checked the shape. */
export const findBranch = async (q: Queryable, segment: string): Promise<{ id: number; code: string }> => {
  const isId = /^\d+$/.test(segment);
  const [row] = await q
    .select({ id: branches.id, code: branches.code })
    .from(branches)
    .where(isId ? eq(branches.id, Number(segment)) : eq(branches.code, segment.toUpperCase()))
    .limit(1);
  if (!row) throw branchNotFound();
  return row;
};

export const findStockPlace = async (
  q: Queryable,
  params: { branch: string; code: string },
): Promise<StockPlace> => {
  const branch = await findBranch(q, params.branch);
  const [component] = await q
    .select({ id: components.id, code: components.code })
    .from(components)
    .where(eq(components.code, params.code))
    .limit(1);
  if (!component) throw componentNotFound();
  return { branchId: branch.id, branchCode: branch.code, componentId: component.id, code: component.code };
};

/** Stock changes are the warehouse's (and an admin's). */
export const requireWarehouse = (actor: StaffActor): void => {
  if (actor.department !== 'WAREHOUSE' && !actor.admin) {
    throw new AppError('forbidden', { message: stockMessages.warehouseOnly });
  }
};

export type LockedStock = { componentId: number; quantity_on_hand: number; location: string | null };

/**
 * The stock rows of these parts at the branch, locked in part order (so two picks of the same parts
 * cannot deadlock); a part the branch never held gets its row at 0 first.
 */
export const lockStockRows = async (
  tx: Tx,
  branchId: number,
  componentIds: readonly number[],
): Promise<Map<number, LockedStock>> => {
  const ids = [...new Set(componentIds)].toSorted((a, b) => a - b);
  if (ids.length === 0) return new Map();
  await tx
    .insert(component_stock)
    .values(ids.map((component_id) => ({ component_id, branch_id: branchId })))
    .onConflictDoNothing();
  const rows = await tx
    .select({
      componentId: component_stock.component_id,
      quantity_on_hand: component_stock.quantity_on_hand,
      location: component_stock.location,
    })
    .from(component_stock)
    .where(and(eq(component_stock.branch_id, branchId), inArray(component_stock.component_id, ids)))
    .orderBy(asc(component_stock.component_id))
    .for('update');
  return new Map(rows.map((row) => [row.componentId, row]));
};

/** One part's stock row at its branch, locked (see lockStockRows). */
export const lockStockRow = async (tx: Tx, place: StockPlace): Promise<LockedStock> => {
  const row = (await lockStockRows(tx, place.branchId, [place.componentId])).get(place.componentId);
  if (!row) throw new Error('a stock row was not created before its lock');
  return row;
};

/** Why a stock row changed: its ledger movement (the change in quantity is worked out here). */
export type StockMovementCause = {
  kind: Exclude<StockMovementKind, 'opening'>;
  by: StaffActor;
  at: Date;
  lotId?: number | null;
  pickingSlipId?: number;
  caseUid?: string;
  reason?: string | null;
  supplierReference?: string | null;
};

/**
 * Writes a locked row's new quantity (and shelf, when given), and the ledger movement of the change in
 * the same transaction: the row always equals the sum of its movements.
 */
export const writeStock = async (
  tx: Tx,
  place: { branchId: number; componentId: number },
  before: { quantity_on_hand: number },
  next: { quantity_on_hand: number; location?: string | null },
  cause: StockMovementCause,
): Promise<StockOnHand> => {
  const [row] = await tx
    .update(component_stock)
    .set({ ...next, updated_at: sql`now()` })
    .where(
      and(eq(component_stock.branch_id, place.branchId), eq(component_stock.component_id, place.componentId)),
    )
    .returning({ quantity_on_hand: component_stock.quantity_on_hand, location: component_stock.location });
  if (!row) throw new Error('a locked stock row vanished inside its own transaction');
  const quantity = row.quantity_on_hand - before.quantity_on_hand;
  if (quantity !== 0) {
    await tx.insert(stock_movements).values({
      component_id: place.componentId,
      branch_id: place.branchId,
      kind: cause.kind,
      quantity,
      lot_id: cause.lotId ?? null,
      picking_slip_id: cause.pickingSlipId ?? null,
      case_uid: cause.caseUid ?? null,
      reason: cause.reason ?? null,
      supplier_reference: cause.supplierReference ?? null,
      at: cause.at,
      by_id: cause.by.id,
    });
  }
  return row;
};

/** The audit rows of stock name the part and the branch the way the warehouse reads them. */
export const stockEntityId = (place: { code: string; branchCode: string }): string =>
  `${place.code}@${place.branchCode}`;
