import { and, eq } from 'drizzle-orm';
import type { StockOnHand, StockParams } from '@lab/domain';
import type { Queryable } from '../../db/client';
import { component_stock } from '../../db/schema/index';
import { findStockPlace } from './stock-records';

// GET /api/v2/components/{branch}/{component code}/soh/: the part's stock on hand at the branch. A part the
// branch never held has none (0, no shelf): the chip shows it red, which is what the warehouse must know.

export const findStock = async (q: Queryable, params: StockParams): Promise<StockOnHand> => {
  const place = await findStockPlace(q, params);
  const [row] = await q
    .select({ quantity_on_hand: component_stock.quantity_on_hand, location: component_stock.location })
    .from(component_stock)
    .where(
      and(eq(component_stock.branch_id, place.branchId), eq(component_stock.component_id, place.componentId)),
    )
    .limit(1);
  return row ?? { quantity_on_hand: 0, location: null };
};
