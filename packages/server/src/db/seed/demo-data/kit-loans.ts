import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../client';
import { clients, kit_loans, kits, users } from '../../schema/index';

// The demo's scan-gauge kits out with clients, so Gauge MRP's Kits view has something to show: one kit due
// back in two weeks, one overdue. Fixed choices (the first clients, the warehouse user), no randomness.

const day = 86_400_000;

export const seedKitLoans = async (tx: Tx, now: number): Promise<void> => {
  const lent = await tx
    .select({ id: kits.id, code: kits.code })
    .from(kits)
    .where(inArray(kits.code, ['SGK-NB-CC4', 'SGK-STR-BLT4']))
    .orderBy(asc(kits.code));
  const holders = await tx.select({ id: clients.id }).from(clients).orderBy(asc(clients.client_id)).limit(2);
  const [warehouse] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'warehouse'));
  const plan = [
    { lentDaysAgo: 5, dueInDays: 16 },
    { lentDaysAgo: 40, dueInDays: -10 },
  ];
  const rows = lent.flatMap((kit, index) => {
    const holder = holders[index];
    const when = plan[index];
    if (!holder || !when) return [];
    return [
      {
        kit_id: kit.id,
        client_id: holder.id,
        lent_at: new Date(now - when.lentDaysAgo * day),
        due_back_on: new Date(now + when.dueInDays * day).toISOString().slice(0, 10),
        lent_by_id: warehouse?.id ?? null,
      },
    ];
  });
  if (rows.length > 0) await tx.insert(kit_loans).values(rows);
};
