import { and, asc, eq } from 'drizzle-orm';
import type { Courier } from '@lab/domain';
import type { Queryable } from '../../db/client';
import { couriers } from '../../db/schema/index';

/** GET /api/v2/dispatches/couriers/: the couriers a new dispatch may name, in the list's order. */
export const findCouriers = (q: Queryable): Promise<Courier[]> =>
  q
    .select({ id: couriers.id, name: couriers.name, tracking_url_template: couriers.tracking_url_template })
    .from(couriers)
    .where(eq(couriers.is_active, true))
    .orderBy(asc(couriers.sort), asc(couriers.name));

/** An active courier by id, or null (answered as 'Unknown courier'). */
export const findCourier = async (q: Queryable, id: number): Promise<Courier | null> => {
  const [row] = await q
    .select({ id: couriers.id, name: couriers.name, tracking_url_template: couriers.tracking_url_template })
    .from(couriers)
    .where(and(eq(couriers.id, id), eq(couriers.is_active, true)))
    .limit(1);
  return row ?? null;
};
