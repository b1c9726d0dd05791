import { and, eq, isNull, or } from 'drizzle-orm';
import { parseMoneyCents } from '@lab/domain';
import type { Queryable } from '../../db/client';
import { job_types, price_list } from '../../db/schema/index';

// What the lab charges one client in one market: price_list rows of the client's country and the
// invoice's currency, a row for the client beating the country's; a job type without a row falls back on
// its own price. Read once per invoice change (the list is small), then looked up in memory.

export type PriceBook = {
  jobType: (jobTypeId: number) => number | null;
  component: (componentId: number) => number | null;
  kit: (kitId: number) => number | null;
};

type Market = { country: string; currency: string; clientId: number };

const centsOf = (stored: string | null | undefined): number | null =>
  stored == null ? null : parseMoneyCents(stored);

export const loadPriceBook = async (q: Queryable, market: Market): Promise<PriceBook> => {
  const [rows, defaults] = await Promise.all([
    q
      .select({
        job_type_id: price_list.job_type_id,
        component_id: price_list.component_id,
        kit_id: price_list.kit_id,
        client_id: price_list.client_id,
        unit_price: price_list.unit_price,
      })
      .from(price_list)
      .where(
        and(
          eq(price_list.country, market.country),
          eq(price_list.currency, market.currency),
          or(isNull(price_list.client_id), eq(price_list.client_id, market.clientId)),
        ),
      ),
    // A few dozen job types: all of them, so a book serves any case of the invoice.
    q.select({ id: job_types.id, price: job_types.price }).from(job_types),
  ]);
  const byKey = new Map<string, number | null>();
  // Country rows first, so the client's own row (set later) wins.
  const ordered = [...rows].sort((a, b) => Number(a.client_id !== null) - Number(b.client_id !== null));
  for (const row of ordered) {
    const key =
      row.job_type_id !== null
        ? `job_type:${row.job_type_id}`
        : row.component_id !== null
          ? `component:${row.component_id}`
          : `kit:${row.kit_id}`;
    byKey.set(key, centsOf(row.unit_price));
  }
  const defaultPrices = new Map(defaults.map((d) => [d.id, centsOf(d.price)]));
  return {
    jobType: (id) => byKey.get(`job_type:${id}`) ?? defaultPrices.get(id) ?? null,
    component: (id) => byKey.get(`component:${id}`) ?? null,
    kit: (id) => byKey.get(`kit:${id}`) ?? null,
  };
};
