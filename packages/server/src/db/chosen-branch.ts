import { asc } from 'drizzle-orm';
import type { Queryable } from './client';
import { branches } from './schema/index';

/**
 * The branch a lab-wide page shows (Check-in, Customer Service, Gauge MRP): the one asked for in its address, else
 * the reader's own, else the first. Null when the asked one does not exist (the page answers 404).
 */
export const findChosenBranch = async (
  q: Queryable,
  asked: number | undefined,
  own: number | null,
): Promise<{ id: number; name: string; time_zone: string } | null> => {
  const rows = await q
    .select({ id: branches.id, name: branches.name, time_zone: branches.time_zone })
    .from(branches)
    .orderBy(asc(branches.id));
  const found = rows.find((b) => b.id === (asked ?? own));
  if (asked !== undefined) return found ?? null;
  return found ?? rows[0] ?? null;
};
